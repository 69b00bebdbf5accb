// Browser tests for trust in listings (issue 15): a business sign-up's
// listing is public only once the email is verified; a contact email other
// than the account's is shown only once confirmed from the link sent to
// it; a listing named like another in its city is held until an
// administrator approves it. With JavaScript on and off.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { linkFrom, mailTo } from "./mailbox.mjs";
import { adminEmail, adminPage, password, signIn, toast, uniqueEmail, uniqueName, verifyEmail } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const slugOf = (name) => name.toLowerCase().replaceAll(" ", "-");

// signUpBusiness fills 'Join as Business' on page and sends it, without
// verifying the address; it returns the address.
async function signUpBusiness(page, name, location) {
  const email = uniqueEmail("owner");
  await page.goto(baseURL + "/business/signup");
  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Business category").selectOption("food");
  await page.getByLabel("Location").fill(location);
  await page.getByLabel("Business description").fill("Croissants, tarts and coffee to go.");
  await page.getByLabel("Owner/manager name").fill("Pat Owner");
  await page.getByLabel("Business email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create Business Profile" }).click();
  await page.waitForURL(baseURL + "/login");
  return email;
}

// isPublic reports whether a visitor finds the listing: in a directory
// search and at its own address.
async function isPublic(page, name) {
  const res = await page.request.get(baseURL + "/directory/" + slugOf(name));
  const json = await (await page.request.get(baseURL + "/directory.json?q=" + encodeURIComponent(name))).json();
  const found = json.cards.some((c) => c.slug === slugOf(name));
  assert.equal(found, res.status() === 200, `the directory and the listing's page disagree about ${name}`);
  return found;
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`a business sign-up's listing is public once the email is verified (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    const name = uniqueName("Verity Crumb");
    const email = await signUpBusiness(page, name, "Eugene, OR");
    await toast(page, "Your listing waits for your email");
    assert.equal(await isPublic(page, name), false, "public before the address is verified");
    await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
    await page.getByText("0 Businesses Found").waitFor();

    await verifyEmail(page, email);
    assert.equal(await isPublic(page, name), true, "not public once the address is verified");
    await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
    await page.locator(".business-card", { hasText: name }).getByRole("link", { name: /View Profile/ }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    // Its email is the verified address: shown.
    await page.getByRole("link", { name: email }).waitFor();
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`a contact email other than the account's shows once confirmed from its link (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    const name = uniqueName("Copper Kettle");
    const email = await signUpBusiness(page, name, "Boise, ID");
    await verifyEmail(page, email);
    await signIn(page, email);

    const contact = uniqueEmail("orders");
    await page.locator(".item-list li", { hasText: name }).getByRole("link", { name: /Manage/ }).click();
    await page.getByRole("heading", { name: `Manage ${name}` }).waitFor();
    const manage = page.url();
    await page.getByLabel(/^Email/).fill(contact);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(manage);
    await toast(page, "Confirm the contact email");
    await page.getByRole("note").filter({ hasText: `${contact} is waiting for confirmation` }).waitFor();
    await page.goto(baseURL + "/dashboard");
    const row = page.locator(".item-list li", { hasText: name });
    await row.locator(".badge", { hasText: "Email awaiting confirmation" }).waitFor();

    // The public page shows no address meanwhile.
    await page.goto(baseURL + "/directory/" + slugOf(name));
    await page.getByRole("heading", { name: "Contact details" }).waitFor();
    assert.equal(await page.getByRole("link", { name: contact }).count(), 0, "an unconfirmed address is shown");
    assert.ok(!(await page.content()).includes(contact), "the unconfirmed address is in the page");

    // Whoever reads the inbox confirms it, signed in or not.
    const reader = await browser.newContext({ javaScriptEnabled: js });
    const inbox = await reader.newPage();
    await inbox.goto(await linkFrom(contact, "/listing-email/confirm?token="));
    await inbox.getByRole("heading", { level: 1, name: "Confirm a contact email" }).waitFor();
    await inbox.getByRole("button", { name: "Confirm" }).click();
    await inbox.getByRole("status").filter({ hasText: `${contact} is confirmed` }).waitFor();
    await reader.close();

    await page.goto(baseURL + "/directory/" + slugOf(name));
    await page.getByRole("link", { name: contact }).waitFor();
    await page.goto(manage);
    assert.equal(await page.getByText("is waiting for confirmation").count(), 0);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`a listing named like another in its city is held until an administrator approves it (${mode})`, async () => {
    const ownerCtx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ownerCtx.newPage();
    const errors = js ? watchErrors(page) : [];
    // The sample 'Harbor Street Bakery' is in Portland, OR.
    const name = js ? "Harbour Street Bakery Co" : "Harbour Street Bakery Inc";
    const email = await signUpBusiness(page, name, "Portland, OR");
    await verifyEmail(page, email);
    assert.equal(await isPublic(page, name), false, "a near-duplicate went live");
    await signIn(page, email);
    const row = page.locator(".item-list li", { hasText: name });
    await row.locator(".badge", { hasText: "Held for review" }).waitFor();
    await row.getByRole("link", { name: /Manage/ }).click();
    await page.getByText(`${name} waits for an administrator's review.`).waitFor();
    assert.equal(await page.getByRole("button", { name: "Publish" }).count(), 0, "a held listing offers Publish");

    const adminCtx = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 740 } });
    const admin = await adminPage(adminCtx);
    await mailTo(adminEmail, `${name} was held for review`);
    await admin.goto(baseURL + "/admin");
    await admin.locator(".stat", { hasText: "Listings held for review" }).getByRole("link").click();
    await admin.waitForURL(baseURL + "/admin/held");
    const item = admin.locator(".claim-item", { has: admin.getByRole("heading", { level: 2, name }) });
    const resembled = item.locator("section", { has: admin.getByRole("heading", { level: 3, name: "Published listing it resembles" }) });
    // The sample, or (the second time) the listing approved the first.
    const other = js ? "Harbor Street Bakery" : "Harbour Street Bakery Co";
    await resembled.getByRole("heading", { level: 4, name: other }).waitFor();
    assert.ok((await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, "no sideways scrolling at 375 px");
    await item.getByRole("button", { name: /^Approve/ }).click();
    await toast(admin, "Listing approved");
    await adminCtx.close();

    assert.equal(await isPublic(page, name), true, "approved, the listing is not public");
    await mailTo(email, `${name} is live`);
    await page.reload();
    await page.getByRole("button", { name: "Unpublish" }).waitFor();
    assert.deepEqual(errors, []);
    await ownerCtx.close();
  });
}

test("the held listings' queue is in the administration's navigation, and says when a list is empty (JavaScript on)", async () => {
  const ctx = await browser.newContext();
  const admin = await adminPage(ctx);
  await admin.goto(baseURL + "/admin");
  await admin.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Held listings" }).click();
  await admin.getByRole("heading", { level: 1, name: "Held listings" }).waitFor();
  await admin.getByRole("navigation", { name: "Filter" }).getByRole("link", { name: "Rejected" }).click();
  await admin.waitForURL(baseURL + "/admin/held?status=rejected");
  await admin.getByText("No held listing here.").waitFor();
  await ctx.close();
});
