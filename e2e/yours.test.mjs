// Browser test of an individual's history (issue 40): a person who asked
// for quotes and wrote a review, then adds a business, still finds their
// requests and reviews, with 'My requests', 'My reviews' and 'Saved' in
// their navigation.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUp, toast } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const clinic = "Greenleaf Family Clinic";
const clinicSlug = "greenleaf-family-clinic";

test("yours: a person who requests a quote and writes a review, then adds a business, still sees their requests, reviews and navigation", async () => {
  const ctx = await browser.newContext();
  const email = await signUp(ctx, "Nora Neighbour");
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signIn(page, email);

  // A quote request, sent at once (a signed-in person's address is proved).
  await page.goto(baseURL + "/request");
  await page.getByLabel("Kind of business").selectOption("healthcare");
  await page.getByLabel("City").fill("Denver");
  await page.getByLabel("State").selectOption("CO");
  const description = "A check-up for two adults next month, ideally on a weekday morning.";
  await page.getByLabel("Describe the job").fill(description);
  await page.getByLabel("When do you need it?").selectOption("month");
  await page.getByRole("button", { name: "Send my request" }).click();
  await page.waitForURL(/\/requests\/[A-Z0-9]+$/);

  // A review.
  await page.goto(baseURL + "/directory/" + clinicSlug + "/review");
  await page.getByRole("group", { name: "Your rating" }).getByLabel("5 stars").check();
  await page.getByLabel("Title").fill("Kind and quick");
  await page.getByLabel("Your review", { exact: true }).fill("The nurse explained everything and we waited ten minutes at most.");
  await page.getByRole("button", { name: "Publish review" }).click();
  await page.waitForURL(new RegExp("^" + baseURL + "/directory/" + clinicSlug + "#review-\\d+$"));
  await toast(page, "Review published");

  // Add a business: the dashboard becomes the business one.
  await page.goto(baseURL + "/dashboard");
  await page.getByRole("button", { name: "Add your business" }).click();
  await page.waitForURL(baseURL + "/business/create-profile");
  await toast(page, "Your account is now a business account");
  await page.goto(baseURL + "/dashboard");
  await page.getByRole("region", { name: "Your Businesses" }).waitFor();

  // The navigation keeps the person's own pages.
  const nav = page.getByRole("navigation", { name: "Your activity" });
  for (const [name, href] of [["My requests", "/dashboard/requests"], ["My reviews", "/dashboard/reviews"], ["Saved", "/dashboard/saved"]]) {
    assert.equal(await nav.getByRole("link", { name, exact: true }).getAttribute("href"), href);
  }
  await nav.getByRole("link", { name: "My requests" }).click();
  await page.waitForURL(baseURL + "/dashboard/requests");
  const requests = page.getByRole("region", { name: "Your quote requests" });
  assert.equal(await requests.getByTestId("home-request").count(), 1);
  await requests.getByText("Healthcare in Denver, CO", { exact: false }).waitFor();

  await page.getByRole("navigation", { name: "Your activity" }).getByRole("link", { name: "My reviews" }).click();
  await page.waitForURL(baseURL + "/dashboard/reviews");
  const reviews = page.getByRole("region", { name: "Your reviews" });
  assert.deepEqual(await reviews.locator("[data-testid=home-review] .item-title").allInnerTexts(), [clinic]);
  await reviews.getByText("Kind and quick").waitFor();
  assert.deepEqual(errors, []);
  await ctx.close();
});
