// Browser tests for the platform: header and footer, mobile menu, theme,
// islands loading, and every public page with JavaScript on and off.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, publicPages, watchErrors } from "./browser.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function newPage(opts = {}) {
  const ctx = await browser.newContext({ colorScheme: "light", ...opts });
  const page = await ctx.newPage();
  return { ctx, page };
}

test("every public page loads without console errors, with JavaScript on", async () => {
  const { ctx, page } = await newPage();
  const errors = watchErrors(page);
  for (const [path, text] of Object.entries(publicPages)) {
    await page.goto(baseURL + path, { waitUntil: "networkidle" });
    await page.getByText(text, { exact: false }).first().waitFor({ state: "visible", timeout: 5000 });
    assert.deepEqual(errors, [], `errors on ${path}`);
  }
  await ctx.close();
});

test("every public page shows its main content with JavaScript off", async () => {
  const { ctx, page } = await newPage({ javaScriptEnabled: false });
  for (const [path, text] of Object.entries(publicPages)) {
    const res = await page.goto(baseURL + path);
    assert.equal(res.status(), 200, path);
    const h1 = page.locator("main h1");
    assert.equal(await h1.count(), 1, `${path}: one main heading`);
    assert.ok(await h1.isVisible(), `${path}: heading visible`);
    assert.ok(await page.getByText(text, { exact: false }).first().isVisible(), `${path}: shows "${text}"`);
    const words = (await page.locator("main").innerText()).split(/\s+/).length;
    assert.ok(words > 25, `${path}: main content has only ${words} words`);
    assert.ok(await page.locator("footer").getByText("© 2024").isVisible(), `${path}: footer`);
  }
  await ctx.close();
});

test("the mobile menu opens, and closes when a link is chosen", async () => {
  const { ctx, page } = await newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  await page.goto(baseURL + "/");
  const desktopNav = page.getByRole("navigation", { name: "Main" });
  assert.equal(await desktopNav.isVisible(), false, "desktop nav hidden on a phone");
  const toggle = page.getByRole("button", { name: "Menu" }).or(page.locator("summary[aria-label=Menu]"));
  const mobileNav = page.getByRole("navigation", { name: "Mobile" });
  assert.equal(await mobileNav.isVisible(), false, "menu starts closed");

  await toggle.first().click();
  await mobileNav.waitFor({ state: "visible" });
  assert.equal(await page.locator("summary[aria-label=Menu]").getAttribute("aria-expanded"), "true");

  // Hold the navigation (after the menu has seen the click), so what is
  // checked is the menu on this page, not a freshly loaded one.
  await page.evaluate(() =>
    document.addEventListener("click", (e) => e.target.closest("a") && e.preventDefault(), { once: true }),
  );
  await mobileNav.getByRole("link", { name: "Pricing" }).click();
  await mobileNav.waitFor({ state: "hidden", timeout: 2000 });
  assert.equal(await page.locator("details[data-mobile-menu]").evaluate((d) => d.open), false);
  assert.equal(page.url(), baseURL + "/");

  // Escape closes it too and gives focus back to the toggle.
  await toggle.first().click();
  await mobileNav.waitFor({ state: "visible" });
  await page.keyboard.press("Escape");
  await mobileNav.waitFor({ state: "hidden" });

  // A link really goes where it says.
  await toggle.first().click();
  await mobileNav.getByRole("link", { name: "Directory" }).click();
  await page.waitForURL(baseURL + "/directory");
  assert.equal(await mobileNav.isVisible(), false);
  await ctx.close();
});

test("the mobile menu works without JavaScript", async () => {
  const { ctx, page } = await newPage({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });
  await page.goto(baseURL + "/");
  await page.locator("summary[aria-label=Menu]").click();
  const mobileNav = page.getByRole("navigation", { name: "Mobile" });
  await mobileNav.waitFor({ state: "visible" });
  await mobileNav.getByRole("link", { name: "Partners" }).click();
  await page.waitForURL(baseURL + "/partners");
  assert.equal(await mobileNav.isVisible(), false);
  await ctx.close();
});

test("the theme toggle switches at once and the choice survives a reload (JavaScript on)", async () => {
  const { ctx, page } = await newPage();
  const errors = watchErrors(page);
  const scripts = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.goto(baseURL + "/features", { waitUntil: "networkidle" });
  assert.equal(await page.locator("html").getAttribute("data-theme"), "system");
  assert.ok(!scripts.some((u) => u.includes("theme-toggle")), "React island fetched before any interaction");

  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  assert.ok(scripts.some((u) => u.includes("theme-toggle")), "the island loads on first use");
  assert.equal(await page.evaluate(() => localStorage.getItem("theme")), "dark");
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(bg, "rgb(255, 255, 255)", "the page is dark");

  await page.reload();
  assert.equal(await page.locator("html").getAttribute("data-theme"), "dark", "the server renders the saved theme");
  // Now mounted with React on demand again: switch back to light.
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
  await page.reload();
  assert.equal(await page.locator("html").getAttribute("data-theme"), "light");
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("the theme toggle works without JavaScript and comes back to the same page", async () => {
  const { ctx, page } = await newPage({ javaScriptEnabled: false });
  await page.goto(baseURL + "/about");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await page.waitForURL(baseURL + "/about");
  assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");
  await page.reload();
  assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");

  // The footer offers all three choices, including going back to system.
  await page.locator("footer").getByRole("button", { name: "System" }).click();
  await page.waitForURL(baseURL + "/about");
  assert.equal(await page.locator("html").getAttribute("data-theme"), "system");
  await ctx.close();
});

test("pages without an active island ship little JavaScript and no React", async () => {
  const { ctx, page } = await newPage();
  const sizes = {};
  page.on("response", async (r) => {
    if (r.request().resourceType() === "script") {
      const len = Number(r.headers()["content-length"] || (await r.body().catch(() => Buffer.alloc(0))).length);
      sizes[r.url()] = len;
    }
  });
  for (const path of ["/", "/pricing", "/features", "/about", "/directory", "/directory/harbor-street-bakery"]) {
    await page.goto(baseURL + path, { waitUntil: "networkidle" });
  }
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  assert.ok(!Object.keys(sizes).some((u) => /theme-toggle|directory-|htmx/.test(u)), "React, an island or htmx loaded without interaction");
  assert.ok(total <= 20 * 1024, `JavaScript transferred ${total} bytes, over 20 KB`);
  await ctx.close();
});

test("the not-found page says so and leads home", async () => {
  const { ctx, page } = await newPage();
  const res = await page.goto(baseURL + "/no/such/page");
  assert.equal(res.status(), 404);
  await page.getByText("Oops! Page not found").waitFor();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await page.waitForURL(baseURL + "/");
  await ctx.close();
});

test("keyboard users can skip to the content", async () => {
  const { ctx, page } = await newPage();
  await page.goto(baseURL + "/pricing");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  assert.ok(await skip.isVisible(), "skip link appears on focus");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "main");
  await ctx.close();
});

test("every public page fits a 360 px wide phone without sideways scrolling", async () => {
  const { ctx, page } = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true });
  for (const path of Object.keys(publicPages)) {
    await page.goto(baseURL + path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `${path} is ${width}px wide at a 360px viewport`);
  }
  await ctx.close();
});
