// Browser tests of the owner's reviews page: a customer reviews a listing
// through the public form, its owner answers from the dashboard's Reviews
// page (JavaScript on: htmx swaps the review's block; off: the page comes
// back at the review), and the reply shows under the review on the
// listing's public page with the business's name.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUp, signUpBusiness, toast, uniqueName } from "./people.mjs";

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
// public form; it returns the listing's URL.
async function reviewed(name, title) {
  const ctx = await browser.newContext();
  const email = await signUp(ctx, "Robin Reviewer");
  const page = await ctx.newPage();
  await signIn(page, email);
  const url = await listingURL(page, name);
  await page.getByRole("link", { name: "Write a review" }).first().click();
  await page.getByLabel("4 stars").check();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Your review", { exact: true }).fill("The rye loaf was dense and sour in the best way; the queue moved fast.");
  await page.getByLabel("Name shown with your review").fill("Robin R.");
  await page.getByRole("button", { name: "Publish review" }).click();
  // The form sends the review back to it on the listing's page; leaving
  // before that could cancel the post.
  await page.waitForURL(/#review-\d+$/);
  await page.goto(url);
  await page.getByRole("heading", { name: title }).waitFor();
  await ctx.close();
  return url;
}

// ownersReviewsPage signs the owner in and opens the listing's Reviews
// page from the dashboard.
async function ownersReviewsPage(page, owner, name) {
  await signIn(page, owner);
  await page.getByRole("link", { name: "Reviews of " + name }).click();
  await page.getByRole("heading", { level: 1, name: "Reviews of " + name }).waitFor();
}

// replyShown checks the listing's public page: the reply, headed with the
// business's name, under the review titled title.
async function replyShown(url, name, title, text) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(url);
  const review = page.locator(".review", { has: page.getByRole("heading", { name: title }) });
  const reply = review.getByTestId("owner-reply");
  await reply.getByRole("heading", { name: "Reply from " + name }).waitFor();
  assert.ok((await reply.textContent()).includes(text), "the reply's text is under the review");
  await ctx.close();
}

test("the owner answers a review, edits the reply, and the visitor sees it under the review (JavaScript on)", async () => {
  const name = uniqueName("Harbor Loaf");
  const ctx0 = await browser.newContext();
  const owner = await signUpBusiness(ctx0, name);
  await ctx0.close();
  const url = await reviewed(name, "Worth the early start");

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await ownersReviewsPage(page, owner, name);
  const pageURL = page.url();
  // The review link is text to select, and JavaScript adds a copy button.
  assert.equal(await page.getByLabel("Your review link", { exact: true }).inputValue(), url.replace(/\/?$/, "/review"));
  await page.getByRole("button", { name: "Copy link" }).waitFor({ state: "visible" });

  const review = page.locator("article", { has: page.getByRole("heading", { name: "Worth the early start" }) });
  await review.getByLabel("Reply as " + name).fill("Thank you, Robin! The rye is back on Saturday.");
  await review.getByRole("button", { name: /^Post reply/ }).click();
  await toast(page, "Reply posted");
  await review.getByRole("heading", { name: "Reply from " + name }).waitFor();
  assert.equal(page.url(), pageURL, "htmx swapped the review's block in place");

  // Edit: the same form, prefilled, behind 'Edit'.
  await review.locator("summary", { hasText: "Edit" }).click();
  const field = review.getByLabel("Reply as " + name);
  assert.equal(await field.inputValue(), "Thank you, Robin! The rye is back on Saturday.");
  await field.fill("Thank you, Robin! Rye every Saturday from now on.");
  await review.getByRole("button", { name: /^Save reply/ }).click();
  await toast(page, "Reply updated");
  await review.getByText("Rye every Saturday from now on.").first().waitFor();
  assert.deepEqual(errors, []);
  await ctx.close();

  await replyShown(url, name, "Worth the early start", "Rye every Saturday from now on.");
});

test("the owner answers a review without JavaScript and the visitor sees it under the review", async () => {
  const name = uniqueName("Quiet Crumb");
  const ctx0 = await browser.newContext();
  const owner = await signUpBusiness(ctx0, name);
  await ctx0.close();
  const url = await reviewed(name, "Best rye in Tacoma");

  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await ownersReviewsPage(page, owner, name);
  assert.equal(await page.getByRole("button", { name: "Copy link" }).isVisible(), false, "no copy button without JavaScript");
  const review = page.locator("article", { has: page.getByRole("heading", { name: "Best rye in Tacoma" }) });
  await review.getByLabel("Reply as " + name).fill("Thanks, Robin: see you soon.");
  await review.getByRole("button", { name: /^Post reply/ }).click();
  await page.waitForURL(/\/reviews#review-\d+$/);
  await toast(page, "Reply posted");
  await review.getByRole("heading", { name: "Reply from " + name }).waitFor();
  await ctx.close();

  await replyShown(url, name, "Best rye in Tacoma", "Thanks, Robin: see you soon.");
});
