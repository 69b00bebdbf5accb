// Browser tests of Pro's API (issue 21): the owner of a Pro account
// creates a read-and-write key on /dashboard/api (shown once), the test
// calls /api/v1 with it as another program would (the account's listings,
// its leads, a lead changed by PATCH, the rate limit's headers), and the
// key stops working once revoked; the key forms work with JavaScript on
// and off. The API reference at /api/docs works without JavaScript, shows
// no console error with it, and its links lead somewhere; the /api page's
// buttons lead to the reference and to the API dashboard.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { enquire, onPro, signIn, signUpBusiness, toast, uniqueEmail, uniqueName, widthOnPhone } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// api calls /api/v1 with key as a program would: JSON, a bearer key, no
// cookie.
async function api(key, method, path, body) {
  const headers = { Accept: "application/json", Authorization: `Bearer ${key}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const r = await fetch(baseURL + "/api/v1" + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, headers: r.headers, type: r.headers.get("content-type") || "", json: text ? JSON.parse(text) : null };
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`Pro plan: the owner creates an API key, the API answers to it, and it stops once revoked (${mode})`, async () => {
    const name = uniqueName("Keyed Cafe");
    const setup = await browser.newContext();
    const owner = await signUpBusiness(setup, name);
    await setup.close();
    const visitor = uniqueEmail("visitor");
    await enquire(browser, name, visitor, "Could you cater a lunch for twelve people on Friday?");

    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const seen = js ? watchErrors(page) : [];
    await signIn(page, owner);

    // On the free plan the page says which plan brings keys, and has no form.
    await page.goto(baseURL + "/dashboard/api");
    await page.getByRole("heading", { level: 1, name: "API & webhooks" }).waitFor();
    assert.match(await page.getByTestId("api-offer").textContent(), /API keys and webhooks come with the Pro plan/);
    assert.equal(await page.getByRole("button", { name: "Create key" }).count(), 0);

    await onPro(ctx, owner);
    await page.reload();
    assert.equal(await page.getByTestId("api-offer").count(), 0, "a Pro account is not offered Pro");
    await page.getByTestId("no-keys").waitFor();

    // A key without a name is refused by the field, the choice kept.
    await page.getByLabel("Read and write").check();
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByLabel("Name", { exact: true }).and(page.locator("[aria-invalid=true]")).waitFor();
    assert.ok(await page.getByLabel("Read and write").isChecked(), "the access chosen is kept");

    await page.getByLabel("Name", { exact: true }).fill("CRM sync");
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    assert.match(await shown.textContent(), /Your new key “CRM sync” \(Read and write\)/);
    const key = await page.getByLabel("Your API key").inputValue();
    assert.match(key, /^bp_[a-z2-7]{32}$/);
    const row = page.getByTestId("api-key").filter({ hasText: "CRM sync" });
    assert.match(await row.textContent(), /Read and write/);
    assert.match(await row.textContent(), /Never used/);
    assert.ok(!(await row.textContent()).includes(key), "the list shows the key's start only");
    assert.equal(await widthOnPhone(page), 375, "the keys' table scrolls in its box on a phone, not the page");
    // Shown once: the page opened again has no secret on it.
    await page.goto(baseURL + "/dashboard/api");
    assert.equal(await shown.count(), 0);
    assert.ok(!(await page.content()).includes(key));

    if (js) {
      // The account's listings, with the rate limit's headers.
      const listings = await api(key, "GET", "/account/listings");
      assert.equal(listings.status, 200);
      assert.match(listings.type, /^application\/json/);
      const mine = listings.json.data.find((l) => l.name === name);
      assert.ok(mine, `the account's listing is in ${JSON.stringify(listings.json.data.map((l) => l.name))}`);
      assert.equal(mine.object, "listing");
      const limit = Number(listings.headers.get("ratelimit-limit"));
      const remaining = Number(listings.headers.get("ratelimit-remaining"));
      assert.ok(limit > 0 && remaining < limit, `RateLimit-Limit ${limit}, RateLimit-Remaining ${remaining}`);
      assert.ok(Number(listings.headers.get("ratelimit-reset")) > 0);

      // Its leads: the visitor's enquiry, new.
      const leads = await api(key, "GET", "/leads");
      assert.equal(leads.status, 200);
      assert.equal(leads.json.data.length, 1);
      const lead = leads.json.data[0];
      assert.deepEqual([lead.object, lead.name, lead.email, lead.status, lead.listing.name], ["lead", "Vera Visitor", visitor, "new", name]);
      assert.equal(Number(leads.headers.get("ratelimit-remaining")), remaining - 1, "each request counts");

      // A change with a wrong status is refused with the field's message.
      const bad = await api(key, "PATCH", `/leads/${lead.id}`, { status: "maybe" });
      assert.equal(bad.status, 422);
      assert.match(bad.type, /^application\/problem\+json/);
      assert.equal(bad.json.status, 422);
      assert.deepEqual(bad.json.errors.map((e) => e.field), ["status"]);

      // A good one changes the lead, as its page shows.
      const patched = await api(key, "PATCH", `/leads/${lead.id}`, { status: "contacted", note: "Called back about Friday." });
      assert.equal(patched.status, 200);
      assert.equal(patched.json.status, "contacted");
      assert.ok(patched.json.history.some((h) => JSON.stringify(h).includes("Called back about Friday.")), "the note is in the lead's history");
      await page.goto(baseURL + `/dashboard/leads/${lead.id}`);
      assert.equal(await page.getByTestId("lead-status").textContent(), "Contacted");
      await page.getByText("Called back about Friday.").waitFor();
      await page.goto(baseURL + "/dashboard/api");
      assert.ok(!(await row.textContent()).includes("Never used"), "the key's last use is shown");
    } else {
      const me = await api(key, "GET", "/leads");
      assert.equal(me.status, 200);
    }

    // Revoked after a confirmation, the key opens nothing.
    await row.getByRole("link", { name: "Revoke CRM sync" }).click();
    await page.getByRole("heading", { level: 1, name: "Revoke the key “CRM sync”?" }).waitFor();
    await page.getByRole("button", { name: "Yes, revoke this key" }).click();
    await toast(page, "Key revoked");
    assert.match(await row.textContent(), /Revoked/);
    assert.equal(await row.getByRole("link", { name: /Revoke/ }).count(), 0);
    const refused = await api(key, "GET", "/account/listings");
    assert.equal(refused.status, 401);
    assert.match(refused.type, /^application\/problem\+json/);
    assert.equal(refused.json.title, "API key revoked");
    assert.match(refused.headers.get("www-authenticate") || "", /^Bearer /);
    // The nameless key's 422 (and the browser's console line about it)
    // was expected; nothing else went wrong.
    const expected = [`HTTP 422: ${baseURL}/dashboard/api/keys`, "console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"];
    assert.deepEqual(seen.filter((e) => !expected.includes(e)), []);
    await ctx.close();
  });
}

test("Pro plan: the API reference at /api/docs works without JavaScript, and its links lead somewhere", async () => {
  const off = await browser.newContext({ javaScriptEnabled: false });
  const page = await off.newPage();
  const r = await page.goto(baseURL + "/api/docs");
  assert.equal(r.status(), 200);
  await page.getByRole("heading", { level: 1, name: "BizProfile API reference" }).waitFor();
  for (const h of ["Authentication", "Rate limits", "Errors", "Pagination", "Webhooks"]) {
    await page.getByRole("heading", { level: 2, name: h, exact: true }).waitFor();
  }
  // Every link: an anchor names an element of the page; a path answers.
  const hrefs = [...new Set(await page.locator("main a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href"))))];
  assert.ok(hrefs.length > 10, `links: ${hrefs.length}`);
  for (const href of hrefs) {
    if (href.startsWith("#")) {
      assert.equal(await page.locator(`[id="${href.slice(1)}"]`).count(), 1, `${href} names one element`);
    } else if (href.startsWith("/")) {
      const res = await off.request.get(baseURL + href, { maxRedirects: 5 });
      assert.ok(res.status() < 400, `${href}: HTTP ${res.status()}`);
    }
  }
  const doc = await off.request.get(baseURL + "/api/v1/openapi.json");
  assert.equal(doc.status(), 200);
  assert.match((await doc.json()).openapi, /^3\.1/);
  await off.close();

  const on = await browser.newContext();
  const p = await on.newPage();
  const errors = watchErrors(p);
  await p.goto(baseURL + "/api/docs");
  await p.getByRole("heading", { level: 1, name: "BizProfile API reference" }).waitFor();
  await p.getByRole("link", { name: "Webhooks", exact: true }).first().click();
  await p.waitForURL(baseURL + "/api/docs#webhooks");
  assert.deepEqual(errors, []);
  await on.close();
});

for (const js of [true, false]) {
  test(`Pro plan: the /api page's buttons lead to the reference and to the API dashboard (JavaScript ${js ? "on" : "off"})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await page.goto(baseURL + "/api");
    await page.getByRole("link", { name: "View Documentation" }).click();
    await page.waitForURL(baseURL + "/api/docs");
    await page.getByRole("heading", { level: 1, name: "BizProfile API reference" }).waitFor();
    await page.goto(baseURL + "/api");
    await page.getByRole("link", { name: "Get API Key" }).first().click();
    // Signed out, the dashboard asks to sign in first, then comes back.
    await page.waitForURL(baseURL + "/login?next=%2Fdashboard%2Fapi");
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
