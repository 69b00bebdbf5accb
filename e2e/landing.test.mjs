// Browser tests for the directory's landing pages: a listing's breadcrumbs
// lead to its city's, its state's and its category's page, and back; with
// JavaScript on and off. They rely on the sample listings (Harbor Street
// Bakery, featured, in Portland, OR); other tests may add listings, so they
// look for the sample by name.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const listing = "/directory/harbor-street-bakery";

// trail is the page's breadcrumb trail: the links' names, and the one
// marked as the current page.
async function trail(page) {
  const nav = page.getByRole("navigation", { name: "Breadcrumb" });
  return {
    names: await nav.getByRole("link").allInnerTexts(),
    current: await nav.locator("a[aria-current=page]").innerText(),
  };
}

// jsonLDTypes are the schema.org types of the page's JSON-LD blocks.
const jsonLDTypes = (page) =>
  page.locator('script[type="application/ld+json"]').evaluateAll((ss) => ss.map((s) => JSON.parse(s.textContent)["@type"]));

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`landing pages: a listing's breadcrumbs lead to its city and its category (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];

    await page.goto(baseURL + listing);
    assert.deepEqual(await trail(page), {
      names: ["Directory", "Food & Beverage", "Oregon", "Portland", "Harbor Street Bakery"],
      current: "Harbor Street Bakery",
    });
    assert.deepEqual(await jsonLDTypes(page), ["LocalBusiness", "BreadcrumbList"]);

    // To the city's page, which lists the listing.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Portland" }).click();
    await page.waitForURL(baseURL + "/directory/in/or/portland");
    await page.getByRole("heading", { level: 1, name: "Businesses in Portland, Oregon" }).waitFor();
    assert.equal(await page.title(), "Businesses in Portland, Oregon | BizProfile");
    assert.deepEqual(await trail(page), { names: ["Directory", "Oregon", "Portland"], current: "Portland" });
    assert.deepEqual(await jsonLDTypes(page), ["BreadcrumbList", "ItemList"]);
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute("href"), baseURL + "/directory/in/or/portland");
    const card = page.locator(".business-card", { has: page.getByRole("heading", { name: "Harbor Street Bakery" }) });
    await card.waitFor();

    // Up to the state's page, which links its cities.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Oregon" }).click();
    await page.waitForURL(baseURL + "/directory/in/or");
    await page.getByRole("heading", { level: 1, name: "Businesses in Oregon" }).waitFor();
    const cities = page.getByRole("region", { name: "Cities in Oregon" });
    assert.equal(await cities.getByRole("link", { name: /^Portland \d+ business/ }).getAttribute("href"), "/directory/in/or/portland");

    // Back on the listing, to its category's page, and from its card to
    // the listing again.
    await page.goto(baseURL + listing);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Food & Beverage" }).click();
    await page.waitForURL(baseURL + "/directory/category/food");
    await page.getByRole("heading", { level: 1, name: "Food & Beverage businesses" }).waitFor();
    assert.deepEqual(await trail(page), { names: ["Directory", "Food & Beverage"], current: "Food & Beverage" });
    await page.getByRole("link", { name: "Harbor Street Bakery", exact: true }).click();
    await page.waitForURL(baseURL + listing);

    // The listing's city and category are links on the page itself too.
    await page.locator(".business-meta").getByRole("link", { name: "Portland, OR" }).click();
    await page.waitForURL(baseURL + "/directory/in/or/portland");
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test("landing pages: a city without listings is not found", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const res = await page.goto(baseURL + "/directory/in/or/nowhere-at-all");
  assert.equal(res.status(), 404);
  await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
  await ctx.close();
});
