// Browser tests of review moderation: a customer reviews a listing
// through the public form; a visitor reports the review (sent to sign in
// and back to the report form); an administrator (named by ADMIN_EMAILS,
// see run.mjs) hides it on /admin/reviews with a reason; the review leaves
// the listing's public page and its author is emailed why. With
// JavaScript on and off.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { mailTo } from "./mailbox.mjs";
import { adminPage, signIn, signUp, signUpBusiness, toast, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// listingURL opens the listing named name from the directory's search.
async function listingURL(page, name) {
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  await page.locator(".business-card", { hasText: name }).getByRole("link", { name: /View Profile/ }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  return page.url();
}

// reviewed has a new customer review the listing named name through the
// public form (one star, title); it returns the author's email and the
// listing's URL.
async function reviewed(name, title) {
  const ctx = await browser.newContext();
  const email = await signUp(ctx, "Quinn Reviewer");
  const page = await ctx.newPage();
  await signIn(page, email);
  const url = await listingURL(page, name);
  await page.getByRole("link", { name: "Write a review" }).first().click();
  await page.getByLabel("1 star", { exact: true }).check();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Your review", { exact: true }).fill("Buy your bread across the street: everything here is stale and overpriced.");
  await page.getByLabel("Name shown with your review").fill("Quinn R.");
  await page.getByRole("button", { name: "Publish review" }).click();
  // The form sends the review back to it on the listing's page; leaving
  // before that could cancel the post.
  await page.waitForURL(/#review-\d+$/);
  await page.goto(url);
  await page.getByRole("heading", { name: title }).waitFor();
  await ctx.close();
  return { author: email, url };
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`a visitor reports a review, an administrator hides it, it leaves the listing's page and its author is told (${mode})`, async () => {
    const name = uniqueName("Crumb Court");
    const setup = await browser.newContext();
    await signUpBusiness(setup, name);
    await setup.close();
    const title = "Stale bread " + (js ? "on" : "off");
    const { author, url } = await reviewed(name, title);

    // A visitor, signed out, reports the review: to sign in, then the form.
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const reporter = await signUp(ctx, "Sam Reader");
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await page.goto(url);
    const review = page.locator(".review", { has: page.getByRole("heading", { name: title }) });
    await review.getByRole("link", { name: "Report the review " + title }).click();
    await page.waitForURL(/\/login\?next=/);
    await signIn(page, reporter);
    await page.getByRole("heading", { level: 1, name: "Report a review" }).waitFor();

    // Without a reason the server refuses it, what was written kept (with
    // JavaScript on, past the browser's own check of the required reason;
    // without, the browser stops it).
    await page.getByLabel("Details").fill("The author runs the bakery across the street.");
    if (js) {
      await page.locator("form.report-form").evaluate((f) => (f.noValidate = true));
      await page.getByRole("button", { name: "Send report" }).click();
      await page.getByText("Choose why you are reporting this review.").first().waitFor();
      assert.equal(await page.getByLabel("Details").inputValue(), "The author runs the bakery across the street.");
    }

    await page.getByLabel("Conflict of interest").check();
    await page.getByRole("button", { name: "Send report" }).click();
    await page.waitForURL(url + "#review-*");
    await toast(page, "Thanks, our team will look at this review");

    // The administrator hides it, with the reason the author is told.
    const adminCtx = await browser.newContext({ javaScriptEnabled: js });
    const admin = await adminPage(adminCtx);
    await admin.getByRole("link", { name: "Admin" }).first().click();
    await admin.getByRole("heading", { level: 1, name: "Administration" }).waitFor();
    await admin.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Reported reviews" }).click();
    await admin.getByRole("heading", { level: 1, name: "Reported reviews" }).waitFor();
    const item = admin.getByTestId("reported-review").filter({ has: admin.getByRole("heading", { name: title }) });
    await item.getByText("The author runs the bakery across the street.").waitFor();
    await item.getByText("Conflict of interest").waitFor();
    await item.getByText(/Hide…/).click();
    await item.getByLabel("Reason for hiding").fill("Written by the owner of a competing bakery.");
    await item.getByRole("button", { name: /^Hide review/ }).click();
    await toast(admin, "Review hidden");
    await admin.getByRole("heading", { level: 1, name: "Reported reviews" }).waitFor();
    assert.equal(await admin.getByTestId("reported-review").filter({ has: admin.getByRole("heading", { name: title }) }).count(), 0, "the hidden review left the queue");
    await adminCtx.close();

    // The review is gone from the listing's page; its author knows why.
    await page.goto(url);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    assert.equal(await page.getByRole("heading", { name: title }).count(), 0, "the hidden review is still on the listing's page");
    const told = await mailTo(author, "Your review of " + name + " was hidden");
    assert.ok(told.text.includes("Written by the owner of a competing bakery."), "the email gives the reason");
    assert.deepEqual(errors.filter((e) => !e.includes("422")), [], "no error but the expected 422");
    await ctx.close();
  });
}
