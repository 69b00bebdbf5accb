// Browser tests for verification: an owner asks our team to verify their
// listing from its manage page, with evidence; an administrator (named by
// ADMIN_EMAILS, see run.mjs) approves it at /admin/verifications; the
// listing's page shows "Verified by our team on …". With JavaScript on and
// off. And an owner whose address is at the website's domain verifies at
// once ("Verified: domain").
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { mailTo } from "./mailbox.mjs";
import { adminEmail, adminPage, signIn, signUpBusiness, toast, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// manageListing opens the manage page of the owner's listing called name,
// from the dashboard, and returns its Verification section.
async function manageListing(page, name) {
  await page.goto(baseURL + "/dashboard");
  await page.getByRole("link", { name: "Manage " + name }).click();
  await page.getByRole("heading", { level: 1, name: "Manage " + name }).waitFor();
  return page.getByRole("region", { name: "Verification" });
}

// The app writes dates as "March 5, 2025" (UTC).
const today = new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`an owner asks our team to verify a listing, an administrator approves, the badge says so (${mode})`, async () => {
    const name = uniqueName("Verify Me Bakery");
    const ownerCtx = await browser.newContext({ javaScriptEnabled: js });
    const owner = await signUpBusiness(ownerCtx, name);
    const page = await ownerCtx.newPage();
    const errors = js ? watchErrors(page) : [];
    await signIn(page, owner);

    let section = await manageListing(page, name);
    await section.locator(".badge", { hasText: "Not verified" }).waitFor();
    // No website: the email's domain cannot verify it, and the page says why.
    await section.getByText("no website at a domain of its own").waitFor();
    assert.equal(await section.getByRole("button", { name: "Verify with my email domain" }).count(), 0);

    // A statement too short and a bad phone are refused by the server,
    // what was typed kept.
    await section.getByLabel("How can we check the business is yours?").fill("Mine.");
    await section.getByLabel("A phone number to call you back").fill("call me");
    await section.getByLabel("A link that shows it").fill("https://registry.example/verify-me");
    await section.getByRole("button", { name: "Request verification by our team" }).click();
    await toast(page, "Your request was not sent");
    section = page.getByRole("region", { name: "Verification" });
    await section.getByText("at least 20 characters").waitFor();
    await section.getByText("Enter a phone number using digits").waitFor();
    assert.equal(await section.getByLabel("A link that shows it").inputValue(), "https://registry.example/verify-me");

    await section.getByLabel("How can we check the business is yours?").fill("I bake here every morning; my name is on the county's business registry.");
    await section.getByLabel("A phone number to call you back").fill("(253) 555-0147");
    await section.getByRole("button", { name: "Request verification by our team" }).click();
    await toast(page, "Request sent");
    section = page.getByRole("region", { name: "Verification" });
    await section.locator(".badge", { hasText: "Waiting for our team" }).waitFor();
    assert.equal(await section.getByRole("button", { name: "Request verification by our team" }).count(), 0);

    // The administrator is told, sees the evidence and approves.
    await mailTo(adminEmail, (s) => s.includes("Verification requested for " + name));
    const adminCtx = await browser.newContext({ javaScriptEnabled: js });
    const admin = await adminPage(adminCtx);
    await admin.goto(baseURL + "/admin");
    await admin.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Verifications" }).click();
    await admin.getByRole("heading", { level: 1, name: "Verifications" }).waitFor();
    const item = admin.locator(".claim-item", { hasText: name });
    await item.getByText("my name is on the county's business registry").waitFor();
    assert.equal(await item.getByRole("link", { name: "(253) 555-0147" }).getAttribute("href"), "tel:2535550147");
    assert.match(await item.getByRole("link", { name: /registry\.example/ }).getAttribute("rel"), /nofollow/);
    await item.getByRole("button", { name: "Approve the verification of " + name }).click();
    await toast(admin, "Verification approved");
    await admin.getByRole("region", { name: "Decisions" }).getByRole("row", { name: new RegExp(name) }).waitFor();
    await adminCtx.close();

    // The owner is emailed, and the listing's page says how it was verified.
    await mailTo(owner, name + " is verified");
    section = await manageListing(page, name);
    await section.locator(".badge", { hasText: "Verified by our team on " + today }).waitFor();
    await page.goto(baseURL + (await page.locator(`.dashboard-head a[href^="/directory/"]`).getAttribute("href")));
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.locator(".business-hero .badge", { hasText: "Verified by our team on " + today }).waitFor();
    await page.getByText("Our team checked this business on " + today + ".").waitFor();
    assert.deepEqual(errors.filter((e) => !e.includes("422")), [], "no error but the expected 422");
    await ownerCtx.close();
  });
}

test("an owner whose address is at the website's domain verifies at once (JavaScript on)", async () => {
  // Every test address is at example.com: a website there is the owner's domain.
  const name = uniqueName("Domain Bakery");
  const ownerCtx = await browser.newContext();
  const owner = await signUpBusiness(ownerCtx, name);
  const page = await ownerCtx.newPage();
  const errors = watchErrors(page);
  await signIn(page, owner);

  await manageListing(page, name);
  await page.getByLabel(/^Website/).fill("https://shop.example.com");
  await page.getByRole("button", { name: "Save changes" }).click();
  await toast(page, "Changes saved");
  const section = page.getByRole("region", { name: "Verification" });
  await section.getByText("your website's domain").first().waitFor();
  await section.getByRole("button", { name: "Verify with my email domain" }).click();
  await toast(page, "Verified");
  await page.getByRole("region", { name: "Verification" }).locator(".badge", { hasText: "Verified: domain" }).waitFor();

  await page.goto(baseURL + (await page.locator(`.dashboard-head a[href^="/directory/"]`).getAttribute("href")));
  await page.locator(".business-hero .badge", { hasText: "Verified: domain" }).waitFor();
  await page.getByText("Its owner's email address is at the business's website domain.").waitFor();
  assert.deepEqual(errors, []);
  await ownerCtx.close();
});
