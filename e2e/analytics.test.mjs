// Browser tests of the owner's analytics, JavaScript on and off: a visitor
// (a person's browser: HeadlessChrome's own user agent counts as a bot)
// opens a listing's page twice and clicks 'Contact'; after the counts are
// written (every 200 ms here), the owner opens Analytics from the
// dashboard and finds 2 views, 1 unique visitor and 1 contact click, on
// the cards and in the daily table beside the chart.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUpBusiness, uniqueName } from "./people.mjs";

const desktopChrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// visit has a visitor find the listing named name, open its page twice and
// click 'Contact'.
async function visit(name, js) {
  const ctx = await browser.newContext({ javaScriptEnabled: js, userAgent: desktopChrome });
  const page = await ctx.newPage();
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  await page.locator(".business-card", { hasText: name }).getByRole("link", { name, exact: true }).first().click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  await page.reload();
  await page.getByRole("main").getByRole("link", { name: "Contact", exact: true }).click();
  // The form, in the dialog (JavaScript on) or on its own page.
  await page.getByLabel("Message").waitFor();
  await ctx.close();
}

// figure is the headline card's figure of metric.
const figure = (page, metric) => page.locator(`.analytics-cards [data-metric="${metric}"] [data-figure]`).textContent();

for (const js of [true, false]) {
  test(`analytics: the owner sees a visitor's views and contact click (JavaScript ${js ? "on" : "off"})`, async () => {
    const name = uniqueName("Counted Pizza");
    const setup = await browser.newContext();
    const owner = await signUpBusiness(setup, name);
    await setup.close();
    await visit(name, js);

    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await signIn(page, owner);
    await page.getByRole("region", { name: "Quick Actions" }).getByRole("link", { name: "View Analytics" }).click();
    await page.waitForURL(baseURL + "/dashboard/analytics");
    await page.getByRole("heading", { level: 1, name: "Analytics" }).waitFor();

    // The counts are written within moments of the visit.
    const deadline = Date.now() + 10_000;
    while ((await figure(page, "views")) !== "2") {
      assert.ok(Date.now() < deadline, `views still read ${await figure(page, "views")}`);
      await new Promise((r) => setTimeout(r, 300));
      await page.reload();
    }
    assert.equal(await figure(page, "visitors"), "1");
    assert.equal(await figure(page, "contact-clicks"), "1");

    // The chart is an image with a name; its table has today's figures.
    await page.getByRole("img", { name: /^Views and unique visitors per day, Last 30 days: 2 views, 1 unique visitors/ }).waitFor();
    const table = page.getByRole("table", { name: "Figures by day" });
    const columns = await table.locator("thead th").allTextContents();
    const today = new Date().toISOString().slice(0, 10);
    const cells = await table.locator(`tbody tr[data-day="${today}"]`).locator("th, td").allTextContents();
    const row = Object.fromEntries(columns.map((c, i) => [c.trim(), cells[i]?.trim()]));
    assert.equal(row["Views"], "2");
    assert.equal(row["Unique visitors"], "1");
    assert.equal(row["Contact clicks"], "1");

    // The period picker is a form that works either way.
    await page.getByLabel("Period", { exact: true }).selectOption("7d");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(baseURL + "/dashboard/analytics?range=7d");
    assert.equal(await figure(page, "views"), "2");
    assert.equal(await page.getByRole("link", { name: "Download CSV" }).getAttribute("href"), "/dashboard/analytics.csv?range=7d");
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
