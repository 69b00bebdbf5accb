// Browser tests for AI insights: a signed-in owner generates insights for
// their listing, with JavaScript (the island: no reload, progress, toasts,
// failures per spec §8) and without (the plain form and a redirect).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUpBusiness, toast, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// newOwner signs up a business through the form and verifies it, which
// gives the owner a listing; it returns the owner's email.
async function newOwner(name) {
  const ctx = await browser.newContext();
  const email = await signUpBusiness(ctx, name);
  await ctx.close();
  return email;
}

// openInsights opens /ai-insights and picks the listing with the selector;
// it returns the listing's id.
async function openInsights(page, name) {
  await page.goto(baseURL + "/ai-insights");
  await page.getByLabel("Business", { exact: true }).selectOption({ label: name });
  await page.getByRole("button", { name: "Show insights" }).click();
  await page.waitForURL(/\/ai-insights\?business=\d+$/);
  await page.getByRole("heading", { name: `Insights for ${name}` }).waitFor();
  return new URL(page.url()).searchParams.get("business");
}

test("insights: an owner generates insights without leaving the page (JavaScript on)", async () => {
  const name = uniqueName("Ember Pizza");
  const owner = await newOwner(name);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signIn(page, owner);
  const id = await openInsights(page, name);
  assert.equal(await page.locator(".insight").count(), 0);
  await page.getByText(`No insights yet for ${name}.`).waitFor();

  // Hold the request, to see the generating state.
  await page.route("**/ai-insights/generate", async (r) => {
    await new Promise((x) => setTimeout(x, 800));
    await r.continue();
  });
  await page.evaluate(() => (window.__noReload = "still here"));
  await page.getByRole("button", { name: "Generate New Insights" }).click();

  const busy = page.getByRole("button", { name: "Generating Insights..." });
  await busy.waitFor();
  assert.ok(await busy.isDisabled(), "the button is disabled while generating");
  assert.equal((await busy.textContent()).trim(), "Generating Insights...");
  assert.equal(await page.getByRole("status").filter({ hasText: "Reading your listing…" }).count(), 1);
  assert.equal(await page.locator("#insights-list").getAttribute("aria-busy"), "true");

  await toast(page, "New AI insights generated successfully!");
  assert.equal(await page.locator(".toast", { hasText: "New AI insights generated successfully!" }).locator(".toast-title").textContent(), "Success");
  await page.locator(".insight").nth(4).waitFor();
  assert.equal(await page.locator(".insight").count(), 5);
  assert.ok(
    (await page.locator(".insight h3", { hasText: /Your profile is \d+% complete|Add your opening hours/ }).count()) > 0,
    "the built-in analyser's insights are listed",
  );
  // No reload, list no longer busy, focus on its heading, button back.
  assert.equal(await page.evaluate(() => window.__noReload), "still here");
  assert.equal(page.url(), `${baseURL}/ai-insights?business=${id}`);
  assert.equal(await page.locator("#insights-list").getAttribute("aria-busy"), null);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "insights-heading");
  const button = page.getByRole("button", { name: "Generate New Insights" });
  assert.ok(await button.isEnabled());
  assert.equal(await page.getByRole("status").filter({ hasText: "Reading your listing…" }).count(), 0);
  // The island renders the server's icon and no inline styles (CSP).
  assert.equal(await button.locator("svg").count(), 1);
  assert.equal(await page.locator("[data-island=insights] [style]").count(), 0);

  // A fresh load shows the same stored insights.
  await page.reload();
  assert.equal(await page.locator(".insight").count(), 5);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("insights: failed generations show the spec's error toasts (JavaScript on)", async () => {
  const name = uniqueName("Stone Oven");
  const owner = await newOwner(name);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signIn(page, owner);
  await openInsights(page, name);
  await page.evaluate(() => (window.__noReload = "still here"));
  const button = page.getByRole("button", { name: "Generate New Insights" });

  // A reply that is not JSON: the generic message.
  await page.route("**/ai-insights/generate", (r) => r.fulfill({ status: 500, contentType: "text/plain", body: "oops" }));
  await button.click();
  await toast(page, "Failed to generate AI insights. Please try again.");
  const generic = page.locator(".toast", { hasText: "Failed to generate AI insights. Please try again." });
  assert.equal(await generic.locator(".toast-title").textContent(), "Error");
  assert.match(await generic.getAttribute("class"), /toast-destructive/);
  await button.waitFor();
  assert.ok(await button.isEnabled(), "the button is enabled again");
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), "Generate New Insights");

  // A JSON refusal: the server's own message.
  await page.unroute("**/ai-insights/generate");
  await page.route("**/ai-insights/generate", (r) =>
    r.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ success: false, error: "Quota reached" }) }),
  );
  await button.click();
  await toast(page, "Quota reached");
  await button.waitFor();
  assert.ok(await button.isEnabled());

  // A JSON refusal without a message: the fallback.
  await page.unroute("**/ai-insights/generate");
  await page.route("**/ai-insights/generate", (r) => r.fulfill({ status: 200, contentType: "application/json", body: '{"success":false}' }));
  await button.click();
  await page.locator(".toast .toast-description", { hasText: /^Failed to generate insights$/ }).waitFor({ state: "attached" });

  // A network error: the generic message again.
  await page.unroute("**/ai-insights/generate");
  await page.route("**/ai-insights/generate", (r) => r.abort("connectionfailed"));
  const before = await generic.count();
  await button.click();
  await page.waitForFunction(
    (n) => [...document.querySelectorAll(".toast")].filter((t) => t.textContent.includes("Failed to generate AI insights. Please try again.")).length > n,
    before,
  );
  await button.waitFor();

  assert.equal(await page.locator(".insight").count(), 0, "nothing was generated");
  assert.equal(await page.evaluate(() => window.__noReload), "still here");
  // The failures staged above, and nothing else.
  const deliberate = (e) => e.includes("/ai-insights/generate") || /status of (500|429)|ERR_CONNECTION_FAILED/.test(e);
  assert.deepEqual(errors.filter((e) => !deliberate(e)), []);
  await ctx.close();
});

test("insights: an owner generates insights without JavaScript", async () => {
  const name = uniqueName("Quiet Oven");
  const owner = await newOwner(name);
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await signIn(page, owner);
  const id = await openInsights(page, name);
  await page.getByRole("button", { name: "Generate New Insights" }).click();
  await page.waitForURL(`${baseURL}/ai-insights?business=${id}`);
  await toast(page, "New AI insights generated successfully!");
  assert.equal(await page.locator(".toast", { hasText: "New AI insights generated successfully!" }).locator(".toast-title").textContent(), "Success");
  assert.equal(await page.locator(".insight").count(), 5);
  await page.getByRole("heading", { name: `Insights for ${name}` }).waitFor();
  await ctx.close();
});
