// Browser tests for the directory: the server's GET form without
// JavaScript, and the island that updates it in place with JavaScript.
// They rely on the sample listings (`bizprofile seed`, run by e2e/run.mjs);
// other tests may add listings, so they check the samples by name.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { toast } from "./people.mjs";

const samples = [
  "BrightPath IT Solutions",
  "Greenleaf Family Clinic",
  "Harbor Street Bakery",
  "Summit Ridge Financial Advisors",
  "Clearview Legal Group",
];

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// open starts a page on url with the island mounted, a marker that a page
// load would wipe, and the page's cumulative layout shift in window.__cls.
async function open(url = "/directory", opts = {}) {
  const ctx = await browser.newContext({ colorScheme: "light", ...opts });
  await ctx.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await page.goto(baseURL + url);
  if (opts.javaScriptEnabled !== false) {
    // The island mounts when the visitor reaches for the search: React is
    // not downloaded before that.
    await page.waitForLoadState("networkidle");
    assert.ok(
      !(await page.evaluate(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/directory-")))),
      "the directory island was fetched before any interaction",
    );
    await page.locator("#dir-q").focus();
    await page.locator("[data-island=directory][data-island-state=mounted]").waitFor();
    await page.evaluate(() => (window.__samePage = true));
  }
  return { ctx, page, errors };
}

const names = (page) => page.locator(".business-results .business-card h3").allInnerTexts();
const summary = (page) => page.locator(".results-count span").first().innerText();

// settled waits until the island shows the results for the address bar.
async function settled(page, path) {
  await page.waitForURL(baseURL + path);
  await page.waitForFunction(() => !document.querySelector(".directory[aria-busy]"));
}

async function samePage(page) {
  assert.equal(await page.evaluate(() => window.__samePage), true, "no page load");
  assert.equal(await page.evaluate(() => performance.getEntriesByType("navigation").length), 1);
}

const sampleNames = async (page) => (await names(page)).filter((n) => samples.includes(n));

test("directory: typing updates the results and the URL without a page load", async () => {
  const { ctx, page, errors } = await open();
  const before = await page.evaluate(() => history.length);
  let requests = 0;
  page.on("request", (r) => r.url().includes("/directory.json") && requests++);
  await page.locator("#dir-q").pressSequentially("sourdough", { delay: 30 });
  await settled(page, "/directory?q=sourdough");
  await page.locator(".results-count", { hasText: "1 Business Found" }).waitFor();
  assert.deepEqual(await names(page), ["Harbor Street Bakery"]);
  assert.equal(await page.locator(".results-count").getAttribute("aria-live"), "polite");
  assert.ok(requests <= 2, `one request per pause in typing, not per key (${requests})`);
  assert.equal(await page.evaluate(() => history.length), before + 1, "one history entry for one burst of typing");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "dir-q");
  await samePage(page);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("directory: sort and category follow the URL, and Back restores the search", async () => {
  const { ctx, page, errors } = await open();
  await page.selectOption("#dir-sort", "name");
  await settled(page, "/directory?sort=name");
  await page.locator(".results-count", { hasText: "Sorted by Name" }).waitFor();
  const byName = await sampleNames(page);
  assert.deepEqual(byName, [...samples].sort());

  await page.selectOption("#dir-category", "technology");
  await settled(page, "/directory?category=technology&sort=name");
  assert.ok((await names(page)).includes("BrightPath IT Solutions"));
  assert.deepEqual(await sampleNames(page), ["BrightPath IT Solutions"]);

  await page.goBack();
  await settled(page, "/directory?sort=name");
  await page.waitForFunction(() => document.querySelectorAll(".business-card").length > 1);
  assert.equal(await page.inputValue("#dir-category"), "");
  assert.equal(await page.inputValue("#dir-sort"), "name");
  assert.deepEqual(await sampleNames(page), byName);

  await page.goBack();
  await settled(page, "/directory");
  await page.locator(".results-count", { hasText: "Sorted by Relevance" }).waitFor();
  assert.equal(await page.inputValue("#dir-sort"), "relevance");

  await page.goForward();
  await settled(page, "/directory?sort=name");
  await page.locator(".results-count", { hasText: "Sorted by Name" }).waitFor();
  await samePage(page);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("directory: the grid and list toggle changes the layout and the URL", async () => {
  const { ctx, page, errors } = await open();
  const grid = page.locator("a[data-view=grid]");
  const list = page.locator("a[data-view=list]");
  assert.equal(await grid.getAttribute("aria-current"), "true");
  assert.equal(await list.getAttribute("aria-current"), null);
  assert.equal(await list.getAttribute("href"), "/directory?view=list", "a real link for a new tab");

  await list.click();
  await page.waitForURL(baseURL + "/directory?view=list");
  assert.equal(await page.locator("ul.business-results").getAttribute("class"), "business-results business-list");
  assert.equal(await list.getAttribute("aria-current"), "true");
  assert.equal(await grid.getAttribute("aria-current"), null);
  // The form keeps the layout for a search submitted without the island.
  assert.equal(await page.locator("form input[type=hidden][name=view]").getAttribute("value"), "list");

  await grid.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(baseURL + "/directory");
  assert.equal(await page.locator("ul.business-results").getAttribute("class"), "business-results business-grid");
  await samePage(page);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("directory: additional filters narrow the results and stay open", async () => {
  const { ctx, page, errors } = await open();
  const details = page.locator("details.more-filters");
  assert.equal(await details.evaluate((d) => d.open), false);
  await page.locator("details.more-filters summary").click();
  await page.locator("#dir-verified").check();
  await settled(page, "/directory?verified=1");
  // Nobody owns a sample, so none is verified (the badge says we
  // confirmed who runs the business).
  assert.deepEqual(await sampleNames(page), []);
  assert.equal(await details.evaluate((d) => d.open), true, "still open after the results changed");

  await page.selectOption("#dir-type", "online");
  await settled(page, "/directory?verified=1&type=online");
  assert.deepEqual(await sampleNames(page), []);

  await page.locator("#dir-verified").uncheck();
  await settled(page, "/directory?type=online");
  assert.deepEqual(await sampleNames(page), ["Clearview Legal Group"]);

  // Clearview's reviews give it 4.2.
  await page.selectOption("#dir-min-rating", "4");
  await settled(page, "/directory?min_rating=4&type=online");
  assert.deepEqual(await sampleNames(page), ["Clearview Legal Group"]);
  assert.equal(await details.evaluate((d) => d.open), true);

  // Nothing found, then 'Clear all filters' resets every control.
  await page.locator("#dir-location").fill("Nowhere Town");
  await settled(page, "/directory?location=Nowhere+Town&min_rating=4&type=online");
  await page.getByText("No businesses match your search").waitFor();
  assert.equal(await summary(page), "0 Businesses Found");
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await settled(page, "/directory");
  await page.waitForFunction(() => document.querySelectorAll(".business-card").length >= 5);
  for (const [sel, want] of [["#dir-location", ""], ["#dir-type", ""], ["#dir-min-rating", ""], ["#dir-q", ""]]) {
    assert.equal(await page.inputValue(sel), want, sel);
  }
  assert.equal(await page.locator("#dir-verified").isChecked(), false);
  await samePage(page);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("directory: the same searches give the same results with JavaScript off", async () => {
  const searches = [
    { q: "sourdough" },
    { category: "technology", sort: "name" },
    { type: "online" },
    { verified: true, sort: "rating" },
  ];
  const js = await open();
  const off = await open("/directory", { javaScriptEnabled: false });
  for (const s of searches) {
    const results = [];
    for (const { page } of [js, off]) {
      await page.goto(baseURL + "/directory");
      if (page === js.page) {
        await page.locator("#dir-q").focus();
        await page.locator("[data-island-state=mounted]").waitFor();
      }
      const was = page.url();
      if (s.q) await page.locator("#dir-q").fill(s.q);
      if (s.category) await page.selectOption("#dir-category", s.category);
      if (s.sort) await page.selectOption("#dir-sort", s.sort);
      if (s.type || s.verified) await page.locator("details.more-filters summary").click();
      if (s.type) await page.selectOption("#dir-type", s.type);
      if (s.verified) await page.locator("#dir-verified").check();
      if (page === off.page) {
        await Promise.all([page.waitForURL((u) => u.href !== was), page.locator("#dir-q").press("Enter")]);
      } else {
        await page.locator("#dir-q").press("Enter");
        await page.waitForFunction(() => !document.querySelector(".directory[aria-busy]"));
        await page.waitForTimeout(300); // past the typing delay
        await page.waitForFunction(() => !document.querySelector(".directory[aria-busy]"));
      }
      results.push({ names: await names(page), summary: await summary(page) });
    }
    assert.deepEqual(results[0], results[1], JSON.stringify(s));
  }
  assert.deepEqual(js.errors, []);
  await js.ctx.close();
  await off.ctx.close();
});

test("directory: the island mounts without console errors, layout shift or visible change", async () => {
  // The server's HTML, as a browser without JavaScript builds it.
  const serialize = (root) => {
    const out = [];
    const walk = (n) => {
      for (const c of n.childNodes) {
        if (c.nodeType === 3) {
          const t = c.data.replace(/\s+/g, "");
          if (t && out.at(-1)?.startsWith("#")) out[out.length - 1] += t;
          else if (t) out.push("#" + t);
        } else if (c.nodeType === 1) {
          // Form state is in properties; the toggle's pressed state is
          // checked on its own (the server's marks both pressed).
          // Controls that need JavaScript ([data-needs-js]) are shown by
          // main.js; "hidden" is the server's and goes.
          const skip = ["selected", "checked", "value", "open"];
          const shownByJS = c.hasAttribute("data-needs-js") || c.hasAttribute("data-near-me");
          const attrs = [...c.attributes]
            .filter((a) => !skip.includes(a.name) && !(shownByJS && a.name === "hidden"))
            .map((a) => `${a.name}=${a.value}`);
          out.push(`<${c.localName} ${attrs.sort().join(" ")}>`);
          walk(c);
          out.push(`</${c.localName}>`);
        }
      }
    };
    walk(root);
    return out;
  };
  for (const url of ["/directory", "/directory?view=list&sort=rating&verified=1", "/directory?q=zzzz"]) {
    const off = await open(url, { javaScriptEnabled: false });
    const server = await off.page.locator("[data-island=directory]").evaluate(serialize);
    await off.ctx.close();

    const { ctx, page, errors } = await open(url);
    await page.waitForTimeout(300);
    const island = await page.locator("[data-island=directory]").evaluate(serialize);
    assert.deepEqual(island, server, `${url}: the island renders the server's markup`);
    const cls = await page.evaluate(() => window.__cls);
    assert.ok(cls < 0.01, `${url}: cumulative layout shift ${cls}`);
    const view = url.includes("view=list") ? "list" : "grid";
    assert.equal(await page.locator(`a[data-view=${view}]`).getAttribute("aria-current"), "true");
    assert.equal(await page.locator("a[data-view][aria-current=true]").count(), 1);
    assert.deepEqual(errors, [], url);
    await ctx.close();
  }
});

test("directory: what is typed before the island mounts is kept, with the focus and cursor", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(
    (u) => u.pathname.includes("/chunks/directory-"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(baseURL + "/directory");
  await page.locator("#dir-q").click();
  await page.keyboard.type("bakery");
  await page.keyboard.press("ArrowLeft");
  assert.notEqual(await page.locator("[data-island=directory]").getAttribute("data-island-state"), "mounted");
  release();
  await page.locator("[data-island-state=mounted]").waitFor();
  assert.equal(await page.inputValue("#dir-q"), "bakery");
  assert.deepEqual(
    await page.evaluate(() => [document.activeElement?.id, document.activeElement?.selectionStart]),
    ["dir-q", 5],
  );
  await settled(page, "/directory?q=bakery");
  assert.deepEqual(await sampleNames(page), ["Harbor Street Bakery"]);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("directory: cards show three tags and link to the profile", async () => {
  const { ctx, page, errors } = await open();
  await page.locator("#dir-q").fill("sourdough");
  await settled(page, "/directory?q=sourdough");
  const card = page.locator(".business-card", { hasText: "Harbor Street Bakery" });
  await card.waitFor();
  assert.deepEqual(await card.locator(".tags li").allInnerTexts(), ["sourdough", "pastries", "coffee", "+3 more"]);
  const view = card.getByRole("link", { name: "View Profile" });
  assert.equal(await view.getAttribute("href"), "/directory/harbor-street-bakery");
  assert.equal(await card.locator(".badge").allInnerTexts().then((b) => b.join()), "Featured");
  await view.click();
  await page.waitForURL(baseURL + "/directory/harbor-street-bakery");
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("directory: paging focuses the results heading; a failed search keeps the results", async () => {
  const { ctx, page } = await open();
  // Pretend there are three pages of results, answer slowly for storefronts
  // and fail any search for "fail".
  await page.route(
    (u) => u.pathname === "/directory.json",
    async (route) => {
      const u = new URL(route.request().url());
      if (u.searchParams.get("q") === "fail") return route.fulfill({ status: 500, json: { error: "x" } });
      const first = new URL(u);
      first.searchParams.delete("page");
      const json = await (await route.fetch({ url: first.href })).json();
      json.page = json.query.page = Number(u.searchParams.get("page") || 1);
      json.pages = 3;
      if (u.searchParams.get("type") === "storefront") await new Promise((r) => setTimeout(r, 700));
      await route.fulfill({ json });
    },
  );
  await page.selectOption("#dir-sort", "rating");
  await settled(page, "/directory?sort=rating");
  await page.getByRole("link", { name: "Next" }).click();
  await settled(page, "/directory?sort=rating&page=2");
  await page.locator(".pagination", { hasText: "Page 2 of 3" }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === "directory-results-heading");
  assert.equal(await page.getByRole("link", { name: "Previous" }).getAttribute("href"), "/directory?sort=rating");

  // Any other change goes back to page 1; while a search is under way the
  // section is busy.
  await page.locator("details.more-filters summary").click();
  await page.selectOption("#dir-type", "storefront");
  await page.locator(".directory[aria-busy=true]").waitFor();
  await settled(page, "/directory?sort=rating&type=storefront");
  // By the figures of their seeded reviews: 4.4, 4.3, 3.8.
  assert.deepEqual(await sampleNames(page), ["Summit Ridge Financial Advisors", "Harbor Street Bakery", "Greenleaf Family Clinic"]);

  const shown = await names(page);
  await page.locator("#dir-q").fill("fail");
  await toast(page, "The search failed. Please try again.", { visible: true });
  await page.waitForFunction(() => !document.querySelector(".directory[aria-busy]"));
  assert.deepEqual(await names(page), shown, "the old results stay");
  await samePage(page);
  await ctx.close();
});

// firstName is where the first result's name is, with the page's height to
// see it in and how far the page has scrolled.
const firstName = (page) =>
  page.locator(".business-results .business-card h3").first().evaluate((h) => {
    const r = h.getBoundingClientRect();
    return { name: h.textContent.trim(), top: r.top, bottom: r.bottom, height: innerHeight, scrolled: scrollY };
  });

test("directory: the first result's name is on the first screen of a phone and a laptop, with JavaScript on and off", async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    for (const javaScriptEnabled of [true, false]) {
      const what = `${viewport.width}×${viewport.height}, JavaScript ${javaScriptEnabled ? "on" : "off"}`;
      const ctx = await browser.newContext({ viewport, javaScriptEnabled, colorScheme: "light" });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(baseURL + "/directory");
      await page.waitForLoadState("networkidle");
      assert.ok(await page.getByRole("heading", { level: 1, name: "Transform Your Business Visibility" }).isVisible(), what);
      const first = await firstName(page);
      assert.ok(first.name, what);
      assert.equal(first.scrolled, 0, `${what}: the page starts at the top`);
      assert.ok(first.top >= 0 && first.bottom <= first.height, `${what}: the first result's name is at ${first.top}-${first.bottom}, below the first ${first.height} px`);
      if (javaScriptEnabled) {
        // Reaching for the search mounts the island, which moves nothing.
        await page.locator("#dir-q").focus();
        await page.locator("[data-island=directory][data-island-state=mounted]").waitFor();
        const after = await firstName(page);
        assert.deepEqual([after.top, after.bottom], [first.top, first.bottom], `${what}: the results stay where they were`);
      }
      assert.deepEqual(errors, [], what);
      await ctx.close();
    }
  }
});

test("directory: on a phone, 'Filters & sort' holds the other controls and says how many are set, with JavaScript on and off", async () => {
  for (const javaScriptEnabled of [true, false]) {
    const what = `JavaScript ${javaScriptEnabled ? "on" : "off"}`;
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(baseURL + "/directory");
    const search = page.getByRole("search", { name: "Search the directory" });
    const options = search.locator("summary", { hasText: "Filters & sort" });
    for (const label of ["Search"]) assert.ok(await search.getByLabel(label, { exact: true }).isVisible(), `${what}: ${label}`);
    for (const label of ["Category", "Location", "Sort by"]) assert.equal(await search.getByLabel(label).isVisible(), false, `${what}: ${label} waits behind 'Filters & sort'`);
    assert.equal(await search.locator("summary", { hasText: "Additional Filters" }).isVisible(), false, `${what}: so do the additional filters`);

    // Every target of the search and the results bar is 44 px high at least.
    const small = await page.locator(".directory-search, .results-bar").evaluateAll((els) =>
      els.flatMap((el) => [...el.querySelectorAll("input:not([type=hidden]):not([type=checkbox]), select, button, summary, a")])
        .filter((c) => c.getClientRects().length && c.getBoundingClientRect().height < 44)
        .map((c) => c.outerHTML.slice(0, 60)),
    );
    assert.deepEqual(small, [], `${what}: targets under 44 px`);

    await options.tap();
    for (const label of ["Category", "Location", "Sort by"]) assert.ok(await search.getByLabel(label).isVisible(), `${what}: ${label} once open`);
    await search.getByLabel("Category").selectOption("food");
    if (javaScriptEnabled) {
      await settled(page, "/directory?category=food");
    } else {
      await Promise.all([page.waitForURL((u) => u.searchParams.get("category") === "food"), search.getByRole("button", { name: "Search" }).tap()]);
    }
    assert.deepEqual(await sampleNames(page), ["Harbor Street Bakery"], what);
    if (!javaScriptEnabled) {
      // The new page puts its results first again, and says a control is set.
      assert.equal(await search.getByLabel("Category").isVisible(), false, what);
      assert.equal(await options.innerText(), "Filters & sort 1 active", what);
      const first = await firstName(page);
      assert.ok(first.bottom <= first.height, `${what}: the first result's name is at ${first.top}-${first.bottom}`);
      await options.tap();
    }
    assert.equal(await options.innerText(), "Filters & sort 1 active", what);
    assert.equal(await search.getByLabel("Category").inputValue(), "food", what);
    assert.deepEqual(errors, [], what);
    await ctx.close();
  }
});

test("directory: a typo is forgiven and said, and the exact search is a link away, with JavaScript on and off", async () => {
  for (const javaScriptEnabled of [true, false]) {
    const { ctx, page, errors } = await open(javaScriptEnabled ? "/directory" : "/directory?q=sourdugh", { javaScriptEnabled });
    if (javaScriptEnabled) {
      await page.locator("#dir-q").fill("sourdugh");
      await settled(page, "/directory?q=sourdugh");
    }
    assert.ok((await names(page)).includes("Harbor Street Bakery"), `JavaScript ${javaScriptEnabled}: the bakery is found for a typo of sourdough`);
    const correction = page.getByTestId("search-correction");
    assert.equal(await correction.locator("strong").innerText(), "sourdough");
    await correction.getByRole("link", { name: "Search instead for “sourdugh”" }).click();
    if (javaScriptEnabled) {
      await settled(page, "/directory?q=sourdugh&exact=1");
      await samePage(page);
    } else {
      await page.waitForURL(baseURL + "/directory?q=sourdugh&exact=1");
    }
    assert.equal(await page.getByRole("heading", { name: "No businesses match your search" }).count(), 1);
    assert.equal(await page.getByTestId("search-correction").count(), 0);
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});
