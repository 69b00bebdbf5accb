// Browser test of exclusive lead zones (issue 37, Partner+), JavaScript on
// and off: a Partner+ agency asks for a zone (a kind of business in a
// city), the administrator grants it at /admin/zones; the agency's client
// listing in that city is accepted by its client; a visitor's quote
// request in the zone reaches only that client listing, not the other
// business of the same kind in the same city, and the agency's zones page
// counts the request.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { linkFrom } from "./mailbox.mjs";
import { adminPage, approvedPartner, signIn, signUp, signUpBusiness, toast, uniqueEmail, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// uniqueCity is a city no other test uses, so that only this test's
// listings serve it.
function uniqueCity() {
  let word = "";
  for (let i = 0; i < 9; i++) word += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return "Z" + word;
}

// clientListing makes the agency's client listing called name in city,
// TX, invites its client, who accepts it (which makes it public).
async function clientListing(page, js, name, city) {
  await page.getByRole("navigation", { name: "Partner area" }).getByRole("link", { name: "Clients" }).click();
  await page.getByRole("link", { name: "Add a client listing" }).click();
  const owner = uniqueEmail("client");
  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Category", { exact: true }).selectOption("professional");
  await page.getByLabel("Email", { exact: true }).fill(owner);
  await page.getByLabel("City", { exact: true }).fill(city);
  await page.getByLabel("State", { exact: true }).selectOption("TX");
  await page.getByLabel("Description", { exact: true }).fill("Bookkeeping, payroll and tax returns for small businesses, done in a week.");
  await page.getByRole("button", { name: "Create the listing" }).click();
  await page.waitForURL(/\/partners\/clients\/\d+$/);
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await toast(page, "Invitation sent");
  const cctx = await browser.newContext({ javaScriptEnabled: js });
  await signUp(cctx, "Cleo Client", { email: owner });
  const cpage = await cctx.newPage();
  await cpage.goto(await linkFrom(owner, "/clients/invite?token="));
  await cpage.getByTestId("client-invitation").getByRole("link", { name: "Sign in" }).click();
  await signIn(cpage, owner);
  await cpage.getByRole("button", { name: "Accept the listing" }).click();
  await toast(cpage, "The listing is yours");
  await cctx.close();
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`a quote request in an agency's lead zone reaches only its client listings (${mode})`, async () => {
    const city = uniqueCity();
    const zone = `Professional Services in ${city}, TX`;
    const otherName = uniqueName("Other Bookkeepers");
    const setup = await browser.newContext();
    const other = await signUpBusiness(setup, otherName, { category: "professional", location: `${city}, TX`, description: "Bookkeeping and payroll for shops." });
    await setup.close();

    // The agency asks for the zone.
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const { page, company } = await approvedPartner(ctx);
    const errors = js ? watchErrors(page) : [];
    await page.getByRole("navigation", { name: "Partner area" }).getByRole("link", { name: "Lead zones" }).click();
    await page.getByRole("heading", { level: 1, name: "Lead zones" }).waitFor();
    await page.getByLabel("Kind of business").selectOption("professional");
    await page.getByLabel("City").fill(city);
    await page.getByLabel("State").selectOption("TX");
    await page.getByRole("button", { name: "Ask for the zone" }).click();
    await toast(page, "Zone asked for");
    const row = page.getByTestId("zone-row").filter({ hasText: zone });
    assert.equal(await row.getByTestId("zone-status").textContent(), "Waiting for our team");

    // The administrator grants it.
    const actx = await browser.newContext({ javaScriptEnabled: js });
    const admin = await adminPage(actx);
    await admin.goto(baseURL + "/admin/zones");
    await admin.getByRole("button", { name: `Grant ${zone} to ${company}` }).click();
    await toast(admin, "Zone granted");
    assert.equal(await admin.getByTestId("admin-zone").filter({ hasText: company }).getAttribute("data-status"), "granted");
    await actx.close();

    // The agency's client listing in the zone, accepted by its client.
    const clientName = uniqueName("Lone Star Books");
    await clientListing(page, js, clientName, city);

    // A visitor's request in the zone goes to the client listing alone.
    const vctx = await browser.newContext({ javaScriptEnabled: js });
    const visitor = await vctx.newPage();
    const email = uniqueEmail("requester");
    await visitor.goto(baseURL + "/request");
    await visitor.getByLabel("Kind of business").selectOption("professional");
    await visitor.getByLabel("Describe the job").fill("Our shop needs a bookkeeper for payroll and the quarterly tax returns, within the month.");
    await visitor.getByLabel("City").fill(city);
    await visitor.getByLabel("State").selectOption("TX");
    await visitor.getByLabel("When do you need it?").selectOption("month");
    await visitor.getByLabel("Your name").fill("Vic Visitor");
    await visitor.getByLabel("Email").fill(email);
    await visitor.getByRole("button", { name: "Send my request" }).click();
    await visitor.waitForURL(/\/requests\/[A-Z0-9]+$/);
    const requestURL = visitor.url();
    await visitor.goto(await linkFrom(email, "?confirm="));
    await visitor.getByRole("button", { name: "Confirm and send my request" }).click();
    await visitor.waitForURL(requestURL);
    await toast(visitor, "Request sent!");
    const matches = visitor.getByTestId("request-match");
    assert.equal(await matches.count(), 1);
    assert.equal(await matches.filter({ hasText: clientName }).count(), 1, "the zone holder's client listing has it");
    await vctx.close();

    // The other business of the same kind in the city has nothing.
    const octx = await browser.newContext();
    const opage = await octx.newPage();
    await signIn(opage, other);
    await opage.goto(baseURL + "/dashboard/leads");
    await opage.getByRole("heading", { level: 1 }).waitFor();
    assert.equal(await opage.getByTestId("lead-row").filter({ hasText: "Vic Visitor" }).count(), 0, "the other listing got the request");
    await octx.close();

    // The agency's zone counts the request.
    await page.goto(baseURL + "/partners/zones");
    const granted = page.getByTestId("zone-row").filter({ hasText: zone });
    assert.equal(await granted.getByTestId("zone-status").textContent(), "Yours");
    assert.equal(await granted.getByTestId("zone-requests").getAttribute("data-count"), "1");
    assert.equal(await granted.getByTestId("zone-leads").getAttribute("data-count"), "1");
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
