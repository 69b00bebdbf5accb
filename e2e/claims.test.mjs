// Browser tests for claiming: a business user claims a sample listing, an
// administrator (named by ADMIN_EMAILS, see run.mjs) approves it, and the
// listing shows on the new owner's dashboard with its Claimed badge; with
// JavaScript on and off.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { linkFrom, mailTo } from "./mailbox.mjs";
import { adminEmail, adminPage, signIn, signUpBusiness, toast, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const claimant = { category: "professional", location: "Denver, CO", description: "Bookkeeping for small firms.", owner: "Robin Claimant" };

for (const [js, listing, slug] of [
  [true, "Summit Ridge Financial Advisors", "summit-ridge-financial-advisors"],
  [false, "Clearview Legal Group", "clearview-legal-group"],
]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`claim a sample business, approve it as an administrator, see it on the new owner's dashboard with its badge (${mode})`, async () => {
    const ownerCtx = await browser.newContext({ javaScriptEnabled: js });
    const owner = await signUpBusiness(ownerCtx, uniqueName("Robin Books"), claimant);
    const page = await ownerCtx.newPage();
    const errors = js ? watchErrors(page) : [];
    await signIn(page, owner);

    // From the directory to the listing, and its invitation.
    await page.goto(baseURL + "/directory?q=" + encodeURIComponent(listing));
    await page.locator(".business-card", { hasText: listing }).getByRole("link", { name: /View Profile/ }).click();
    await page.getByRole("heading", { level: 1, name: listing }).waitFor();
    await page.getByRole("link", { name: "Claim this business" }).click();
    await page.getByRole("heading", { level: 1, name: "Claim " + listing }).waitFor();

    // A message too short is refused by the server, what was chosen kept.
    // (With JavaScript on the browser checks minlength first: bypass it.)
    await page.getByLabel("Your role at the business").selectOption("owner");
    await page.getByLabel("How can we confirm it is yours?").fill("Mine.");
    if (js) await page.locator("form.form").evaluate((f) => (f.noValidate = true));
    await page.getByRole("button", { name: "Send claim" }).click();
    await page.getByText("at least 20 characters").waitFor();
    assert.equal(await page.getByLabel("Your role at the business").inputValue(), "owner");
    assert.equal(await page.getByLabel("How can we confirm it is yours?").inputValue(), "Mine.");

    await page.getByLabel("How can we confirm it is yours?").fill("I founded the firm; call the office number on the listing and ask for Robin.");
    await page.getByRole("button", { name: "Send claim" }).click();
    await page.waitForURL(baseURL + "/directory/" + slug);
    await toast(page, "Claim sent");
    await page.getByRole("heading", { name: "Your claim is being reviewed" }).waitFor();

    // The administrator is told, and approves.
    const adminCtx = await browser.newContext({ javaScriptEnabled: js });
    const admin = await adminPage(adminCtx);
    await mailTo(adminEmail, (s) => s.includes("New claim on " + listing));
    await admin.getByRole("link", { name: "Admin" }).first().click();
    await admin.getByRole("heading", { level: 1, name: "Administration" }).waitFor();
    await admin.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Claims" }).click();
    const claim = admin.locator(".claim-item", { hasText: owner });
    await claim.getByText("call the office number").waitFor();
    await claim.getByRole("button", { name: /Approve/ }).click();
    await toast(admin, "Claim approved");
    await admin.getByText("No claim waits for review.").waitFor();
    await adminCtx.close();

    // The new owner is emailed and finds the listing on the dashboard.
    const approved = await linkFrom(owner, "/dashboard/businesses/");
    assert.ok(approved.includes("/dashboard/businesses/"));
    await page.goto(baseURL + "/dashboard");
    const row = page.getByRole("region", { name: "Your Businesses" }).locator(".item-list li", { hasText: listing });
    await row.waitFor();
    await row.locator(".badge", { hasText: "Claimed" }).waitFor();
    // Two listings (the one signed up with and this one): both are the
    // owner's, so both count as claimed.
    assert.equal(await page.locator(".stat-card", { hasText: "Claimed" }).locator("dd").first().textContent(), "100%");
    await page.goto(baseURL + "/directory/" + slug);
    await page.locator(".business-hero .badge", { hasText: "Claimed" }).waitFor();
    await page.getByRole("heading", { name: "You manage this listing" }).waitFor();
    assert.deepEqual(errors.filter((e) => !e.includes("422")), [], "no error but the expected 422");
    await ownerCtx.close();
  });
}

test("an administrator takes a listing down; its owner sees why and cannot publish it again (JavaScript on)", async () => {
  const ownerCtx = await browser.newContext();
  const name = uniqueName("Takedown Books");
  const owner = await signUpBusiness(ownerCtx, name, claimant);
  const page = await ownerCtx.newPage();
  const errors = watchErrors(page);
  await signIn(page, owner);

  const adminCtx = await browser.newContext();
  const admin = await adminPage(adminCtx);
  await admin.goto(baseURL + "/admin/businesses?q=" + encodeURIComponent(name));
  await admin.getByRole("link", { name }).click();
  await admin.getByRole("heading", { level: 1, name }).waitFor();
  await admin.getByRole("button", { name: "Unpublish" }).click();
  await toast(admin, "Listing unpublished");
  await admin.locator(".badge", { hasText: "Taken down" }).first().waitFor();
  await admin.getByRole("button", { name: "Publish" }).waitFor();
  await admin.getByText("Unpublished", { exact: true }).first().waitFor(); // in the history

  await page.goto(baseURL + "/dashboard");
  const row = page.locator(".item-list li", { hasText: name });
  await row.locator(".badge", { hasText: "Unpublished by our moderators" }).waitFor();
  await row.getByRole("link", { name: /Manage/ }).click();
  await page.getByText("Our moderators unpublished this listing.").waitFor();
  assert.equal(await page.getByRole("button", { name: "Publish" }).count(), 0, "no Publish button on a listing taken down");
  const slug = name.toLowerCase().replaceAll(" ", "-");
  assert.equal((await page.request.get(baseURL + "/directory/" + slug)).status(), 404, "the listing is not public");

  // The administrator publishes it again; the owner's controls come back.
  await admin.getByRole("button", { name: "Publish" }).click();
  await toast(admin, "Listing published");
  await adminCtx.close();
  await page.reload();
  await page.getByRole("button", { name: "Unpublish" }).waitFor();
  assert.equal(await page.getByText("Our moderators unpublished this listing.").count(), 0);
  assert.equal((await page.request.get(baseURL + "/directory/" + slug)).status(), 200, "public again");
  assert.deepEqual(errors, []);
  await ownerCtx.close();
});
