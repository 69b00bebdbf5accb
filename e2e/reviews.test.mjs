// Browser tests of reviews, as one story told twice (JavaScript on, then
// off): a business signs up (which gives it a listing), a person signs up
// and verifies their address, writes a review through the public form (a
// mistake first, kept and explained), sees it and the new average on the
// listing's page and on the directory's card, then edits it.
//
// Each step is a function of the story so far; a step that needs
// something new (the owner replying, a visitor reporting the review, an
// administrator hiding it) is added to `steps` below and finds what it
// needs on `story`: its browser context, the listing, the review's anchor.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUp, signUpBusiness, toast, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// begin sets the story up: a listing owned by a new business, and a
// verified person signed in to review it in a context with JavaScript on
// or off.
async function begin(js) {
  const name = uniqueName("Lantern Books");
  const ownerCtx = await browser.newContext();
  const owner = await signUpBusiness(ownerCtx, name, { category: "retail", location: "Spokane, WA", description: "Second-hand books and maps." });
  await ownerCtx.close();

  const ctx = await browser.newContext({ javaScriptEnabled: js });
  const reviewer = await signUp(ctx, "Robin Reader");
  const page = await ctx.newPage();
  const errors = js ? watchErrors(page) : [];
  await signIn(page, reviewer);
  return { js, what: `JavaScript ${js ? "on" : "off"}`, name, owner, reviewer, ctx, page, errors };
}

// openListing finds the listing from the directory's search and opens it.
async function openListing(story) {
  const { page, name } = story;
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  await page.locator(".business-card", { hasText: name }).getByRole("link", { name: /View Profile/ }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  story.url ??= page.url();
  return page;
}

const reviewsRegion = (page) => page.getByRole("region", { name: "Reviews" });
// squash is text with its runs of white space made one space.
const squash = (s) => s.replace(/\s+/g, " ").trim();
const headerRating = async (page) => squash(await page.locator(".business-hero .rating").innerText());

// cardRating is what the directory's card of the listing says of its
// rating, as a visitor without a session sees it.
async function cardRating(story) {
  const ctx = await browser.newContext({ javaScriptEnabled: story.js });
  const page = await ctx.newPage();
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(story.name));
  const text = await page.locator(".business-card", { hasText: story.name }).locator(".rating").innerText();
  await ctx.close();
  return squash(text);
}

// send submits the review form and, with JavaScript, lets htmx answer.
async function send(page, button) {
  await page.getByRole("button", { name: button }).click();
}

async function writeReview(story) {
  const { page, what } = story;
  await openListing(story);
  assert.equal(await headerRating(page), "No reviews yet", what);
  await reviewsRegion(page).getByText("No reviews yet. Be the first").waitFor();

  await reviewsRegion(page).getByRole("link", { name: "Write a review" }).click();
  await page.waitForURL(story.url + "/review");
  const stars = page.getByRole("group", { name: "Your rating" });
  await stars.getByLabel("4 stars").check();
  await page.getByLabel("Title").fill("Maps worth the trip");
  await page.getByLabel("Your review", { exact: true }).fill("Good maps.");
  if (story.js) {
    // The live count, an enhancement: the hint says the same without it.
    await page.getByText("10 / 5,000 characters (at least 20)").waitFor();
  }
  await page.getByLabel("Date of visit").fill("2025-03-14");
  assert.equal(await page.getByLabel("Name shown with your review").inputValue(), "Robin R.", what);

  // Too short: the message by the field, what was typed kept.
  await send(page, "Publish review");
  await page.getByText("Write at least 20 characters (you wrote 10).").waitFor();
  assert.equal(await page.getByLabel("Title").inputValue(), "Maps worth the trip", what);
  assert.ok(await page.getByRole("group", { name: "Your rating" }).getByLabel("4 stars").isChecked(), what);
  assert.equal(await page.getByLabel("Date of visit").inputValue(), "2025-03-14", what);

  await page.getByLabel("Your review", { exact: true }).fill("A wall of old county maps, and the owner found me a 1910 atlas of the valley.");
  await send(page, "Publish review");
  await page.waitForURL(new RegExp("^" + story.url + "#review-\\d+$"));
  story.anchor = new URL(page.url()).hash;
  await toast(page, "Review published");

  const review = page.locator(story.anchor);
  await review.getByRole("heading", { name: "Maps worth the trip" }).waitFor();
  assert.match(await review.innerText(), /Robin R\./, what);
  assert.equal(await review.locator(".review-stars .stars").innerText(), "★★★★☆", what);
  assert.equal(await review.locator(".review-stars .visually-hidden").textContent(), "4 out of 5 stars", what);
  assert.equal(await headerRating(page), "4.0 (1 review)", what);
  assert.equal(await page.getByTestId("rating-average").innerText(), "4.0", what);
  await reviewsRegion(page).getByRole("link", { name: "Edit your review" }).first().waitFor();
}

async function directoryShowsTheFigures(story) {
  assert.equal(await cardRating(story), "4.0 (1 review)", story.what);
}

async function editReview(story) {
  const { page, what } = story;
  await openListing(story);
  await reviewsRegion(page).getByRole("link", { name: "Edit your review" }).first().click();
  await page.waitForURL(story.url + "/review");
  const stars = page.getByRole("group", { name: "Your rating" });
  assert.ok(await stars.getByLabel("4 stars").isChecked(), what);
  await stars.getByLabel("2 stars").check();
  await page.getByLabel("Title").fill("Maps, but a long wait");
  await send(page, "Save changes");
  await page.waitForURL(story.url + story.anchor);
  await toast(page, "Review updated");
  await page.locator(story.anchor).getByRole("heading", { name: "Maps, but a long wait" }).waitFor();
  assert.equal(await headerRating(page), "2.0 (1 review)", what);
  assert.equal(await cardRating(story), "2.0 (1 review)", what);
}

// The story's steps, in order. Add a step here (a name and a function of
// the story) to carry the story on.
const steps = [
  ["a verified person writes a review and sees it with the new average", writeReview],
  ["the directory's card shows the new average", directoryShowsTheFigures],
  ["the author edits the review and the figures follow", editReview],
];

for (const js of [true, false]) {
  test(`reviews: write and edit a review (JavaScript ${js ? "on" : "off"})`, async (t) => {
    const story = await begin(js);
    try {
      let failed = false;
      for (const [name, step] of steps) {
        await t.test(name, { skip: failed && "an earlier step failed" }, () =>
          step(story).catch((err) => {
            failed = true;
            throw err;
          }),
        );
      }
      assert.ok(!failed, "every step passed");
      assert.deepEqual(story.errors.filter((e) => !e.includes("422")), [], "console errors and failed requests");
    } finally {
      await story.ctx.close();
    }
  });
}
