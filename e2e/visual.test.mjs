// Browser tests of issue 40's visual defects, measured in the page: the
// owner's pages' card headings are smaller than the page's title and a
// notice keeps its distance from the card after it; the analytics chart's
// labels read at 12 px or more on a phone and keep clear of the axis.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL } from "./browser.mjs";
import { signIn, signUpBusiness, uniqueName } from "./people.mjs";

let browser;
let owner;
let name;
before(async () => {
  browser = await launch();
  const ctx = await browser.newContext();
  name = uniqueName("Visual Bakery");
  owner = await signUpBusiness(ctx, name);
  await ctx.close();
});
after(async () => browser?.close());

for (const width of [390, 1280]) {
  test(`visual: the owner's pages' card headings are smaller than the title, and notices do not touch cards (${width} px)`, async () => {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, owner);
    const manage = page.getByRole("link", { name: "Manage " + name });
    const manageURL = new URL(await manage.getAttribute("href"), baseURL).href;
    for (const url of [baseURL + "/dashboard/api", manageURL, manageURL + "/reviews"]) {
      await page.goto(url);
      const m = await page.evaluate(() => {
        const size = (e) => parseFloat(getComputedStyle(e).fontSize);
        const h1 = document.querySelector("main h1");
        const cards = [...document.querySelectorAll("main .card h2")].filter((h) => h.getClientRects().length > 0);
        const gaps = [...document.querySelectorAll("main .notice + .card, main .card + .notice")].map((e) => {
          const prev = e.previousElementSibling.getBoundingClientRect();
          return { what: e.className, gap: e.getBoundingClientRect().top - prev.bottom };
        });
        return { title: size(h1), headings: cards.map((h) => ({ text: h.textContent.trim(), size: size(h) })), gaps };
      });
      assert.ok(m.headings.length > 0, `${url}: card headings`);
      for (const h of m.headings) assert.ok(h.size < m.title, `${url}: "${h.text}" is ${h.size}px, the title ${m.title}px`);
      for (const g of m.gaps) assert.ok(g.gap >= 16, `${url}: ${g.what} is ${g.gap}px from what is before it`);
    }
    await ctx.close();
  });
}

test("visual: the analytics chart's labels read at 12 px or more on a phone and keep clear of the axis", async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await signIn(page, owner);
  await page.goto(baseURL + "/dashboard/analytics");
  const m = await page.evaluate(() => {
    const charts = [...document.querySelectorAll("svg.analytics-chart")].filter((s) => s.getClientRects().length > 0);
    return charts.map((svg) => {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const labels = [...svg.querySelectorAll("text")].map((t) => ({ text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale, y: Number(t.getAttribute("y")), box: t.getBoundingClientRect().toJSON() }));
      const grid = [...svg.querySelectorAll("line.grid")].map((l) => l.getBoundingClientRect().toJSON());
      return { id: svg.dataset.testid, labels, grid, width: svg.getBoundingClientRect().width };
    });
  });
  assert.deepEqual(m.map((c) => c.id).sort(), ["daily-chart"], "one daily chart shows (no leads: no sources chart)");
  for (const c of m) {
    for (const l of c.labels) assert.ok(l.px >= 12, `${c.id}: "${l.text}" is ${l.px.toFixed(1)}px`);
    const left = Math.min(...c.grid.map((g) => g.left));
    const bottom = Math.max(...c.grid.map((g) => g.bottom));
    // The days are written along the bottom (the largest y); the scale's
    // figures down the left.
    const lowest = Math.max(...c.labels.map((l) => l.y));
    const xLabels = c.labels.filter((l) => l.y === lowest);
    const yLabels = c.labels.filter((l) => l.y !== lowest);
    assert.ok(yLabels.length >= 3 && xLabels.length >= 2, `labels on both axes: ${c.labels.map((l) => l.text)}`);
    for (const l of yLabels) assert.ok(l.box.right <= left && l.box.left >= 0, `"${l.text}" (${l.box.left}-${l.box.right}) is clear of the axis at ${left}`);
    for (const l of xLabels) assert.ok(l.box.top >= bottom, `"${l.text}" (top ${l.box.top}) is below the axis at ${bottom}`);
    const sorted = xLabels.map((l) => l.box).sort((a, b) => a.left - b.left);
    for (let i = 1; i < sorted.length; i++) assert.ok(sorted[i].left >= sorted[i - 1].right, "the day labels do not overlap");
  }
  await ctx.close();
});
