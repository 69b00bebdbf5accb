// Browser tests of the location features: a search near a ZIP code finds
// the business in the next town with its distance (the server's GET form
// without JavaScript, the directory island with it); the map box loads
// Leaflet and the tiles (from the stub of e2e/tiles.mjs) only when "Show
// map" is pressed, and without JavaScript offers a link to OpenStreetMap;
// the owner places the listing's pin by the keyboard on the map or by
// typing coordinates; "Open now" keeps the listings open now.
//
// The listings are made as owners make them: signed up as a business (in
// Round Rock or Austin, TX), then given a ZIP code, a business type and
// hours on the manage page. Round Rock (78664) is about 17 miles from
// Austin's 78701.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUpBusiness, toast, uniqueName } from "./people.mjs";
import { tileRequests } from "./tiles.mjs";

const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
// The sample listings (bizprofile seed); BrightPath is in Austin (78704),
// the others far from Texas.
const samples = ["BrightPath IT Solutions", "Greenleaf Family Clinic", "Harbor Street Bakery", "Summit Ridge Financial Advisors", "Clearview Legal Group"];
const pinLabel = "Listing location: drag or use arrow keys";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const modes = [
  { js: false, mode: "JavaScript off" },
  { js: true, mode: "JavaScript on" },
];

// setHours fills the manage page's hours: every day open round the clock
// ("24h") or closed ("closed").
async function setHours(page, week) {
  for (const day of days) {
    const closed = page.getByLabel(`Closed on ${day}`, { exact: true });
    if (week === "closed") {
      await closed.check();
      continue;
    }
    await closed.uncheck();
    await page.getByLabel(`${day} opens`, { exact: true }).fill("00:00");
    await page.getByLabel(`${day} closes`, { exact: true }).fill("23:59");
  }
}

// openManage signs email in on page and opens the manage page of the
// listing called name from the dashboard.
async function openManage(page, email, name) {
  await signIn(page, email);
  await page.getByRole("link", { name: "Manage " + name }).click();
  await page.getByRole("heading", { level: 1, name: "Manage " + name }).waitFor();
  return page.url();
}

// save presses "Save changes" and waits for the saved page (the toast).
async function save(page) {
  await page.getByRole("button", { name: "Save changes" }).click();
  await toast(page, "Changes saved");
}

// ownListing signs up a business called name in city (Texas), and as its
// owner gives it zip, makes it a storefront and sets its hours (week, as
// setHours takes it, or the sign-up's). It returns the owner's context
// (JavaScript off), email and manage page.
async function ownListing(name, city, zip, week) {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const email = await signUpBusiness(ctx, name, { category: "professional", location: `${city}, TX`, description: "Pipes, drains and water heaters for the homes nearby." });
  const page = await ctx.newPage();
  const manage = await openManage(page, email, name);
  await page.getByLabel(/^ZIP code/).fill(zip);
  await page.getByLabel("Business type").selectOption("storefront");
  if (week) await setHours(page, week);
  await save(page);
  await page.close();
  return { ctx, email, manage };
}

// The listings every test below searches for, made once: a plumber in
// Round Rock open round the clock and one in Austin closed all week, their
// names sharing a word no other listing has (token), so a search for it
// finds these two alone.
let placesReady;
function places() {
  return (placesReady ??= (async () => {
    const token = uniqueName("Drains").split(" ")[1];
    const roundRock = `${token} Plumbing Round Rock`;
    const austin = `${token} Plumbing Austin`;
    const rr = await ownListing(roundRock, "Round Rock", "78664", "24h");
    const au = await ownListing(austin, "Austin", "78701", "closed");
    return { token, roundRock, austin, owners: [rr, au] };
  })());
}
after(async () => {
  if (!placesReady) return;
  for (const o of (await placesReady).owners) await o.ctx.close();
});

// card is the result card of the listing called name.
const card = (page, name) => page.locator(".business-results > li", { has: page.getByRole("heading", { level: 3, name, exact: true }) });
const names = (page) => page.locator(".business-results > li").getByRole("heading", { level: 3 }).allInnerTexts();
const miles = (text) => {
  const m = /^(\d+(?:\.\d)?) mi$/.exec(text.trim());
  assert.ok(m, `a distance in miles: ${JSON.stringify(text)}`);
  return Number(m[1]);
};

// describedBy is the text of the elements that describe the control (its
// error message), and whether it is marked invalid.
async function describedBy(control) {
  const ids = ((await control.getAttribute("aria-describedby")) || "").split(/\s+/).filter(Boolean);
  const texts = [];
  for (const id of ids) texts.push((await control.page().locator(`[id="${id}"]`).innerText()).trim());
  return { text: texts.join(" "), invalid: (await control.getAttribute("aria-invalid")) === "true" };
}

// openDirectory opens /directory in a new context; with JavaScript it
// mounts the island by focusing the search, as a visitor reaching for it.
async function openDirectory(js, path = "/directory") {
  const ctx = await browser.newContext({ javaScriptEnabled: js });
  const page = await ctx.newPage();
  const errors = js ? watchErrors(page) : [];
  await page.goto(baseURL + path);
  if (js) {
    await page.locator("#dir-q").focus();
    await page.locator("[data-island=directory][data-island-state=mounted]").waitFor();
  }
  return { ctx, page, errors };
}

// searchNear sets Near, Within and the sort, then submits the form (without
// JavaScript) or waits for the island's results (with it).
async function searchNear(page, js, { near, radius = "25", sort = "distance", q }) {
  const was = page.url();
  if (q !== undefined) await page.getByRole("searchbox", { name: "Search" }).fill(q);
  await page.getByLabel("Near", { exact: true }).fill(near);
  await page.getByLabel("Within", { exact: true }).selectOption(radius);
  await page.getByLabel("Sort by").selectOption(sort);
  if (!js) {
    await Promise.all([page.waitForURL((u) => u.href !== was), page.getByLabel("Near", { exact: true }).press("Enter")]);
    return;
  }
  await page.waitForURL(
    (u) =>
      u.searchParams.get("near") === near &&
      u.searchParams.get("sort") === sort &&
      (u.searchParams.get("radius") ?? "25") === radius &&
      (q === undefined || (u.searchParams.get("q") ?? "") === q),
  );
  await settled(page);
}

// settled waits until the island shows the results for the address bar.
async function settled(page) {
  await page.waitForTimeout(300); // past the typing delay
  await page.waitForFunction(() => !document.querySelector(".directory[aria-busy]"));
}

for (const { js, mode } of modes) {
  test(`location: a search within 25 miles of a ZIP code finds the business in the next town with its distance (${mode})`, async () => {
    const { token, roundRock, austin } = await places();
    const { ctx, page, errors } = await openDirectory(js);
    await searchNear(page, js, { near: "78701", radius: "25", sort: "distance" });
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("near"), "78701");
    assert.equal(url.searchParams.get("sort"), "distance");
    assert.equal(await page.getByTestId("near-label").innerText(), "within 25 miles of 78701 (Austin, TX)");

    const found = await names(page);
    assert.ok(found.includes(roundRock), `Round Rock is within 25 miles of Austin: ${found}`);
    assert.ok(found.includes(austin), `Austin is: ${found}`);
    assert.deepEqual(found.filter((n) => samples.includes(n)), ["BrightPath IT Solutions"], "of the samples, only the one in Austin");
    const away = miles(await card(page, roundRock).getByTestId("distance").innerText());
    assert.ok(away >= 14 && away <= 20, `Round Rock is ${away} miles from 78701`);
    assert.equal(miles(await card(page, austin).getByTestId("distance").innerText()), 0, "the Austin listing is at 78701");
    // Nearest first: every card's distance is at least the one before.
    const distances = (await page.locator(".business-results > li").getByTestId("distance").allInnerTexts()).map(miles);
    assert.equal(distances.length, found.length, "every card says how far it is");
    assert.deepEqual(distances, [...distances].sort((a, b) => a - b), "nearest first");
    assert.equal(await page.getByLabel("Near", { exact: true }).inputValue(), "78701");
    assert.equal(await page.getByLabel("Within", { exact: true }).inputValue(), "25");

    // Within 10 miles, Round Rock is too far.
    await searchNear(page, js, { near: "78701", radius: "10", sort: "distance", q: token });
    assert.deepEqual(await names(page), [austin]);
    assert.equal(await page.getByTestId("near-label").innerText(), "within 10 miles of 78701 (Austin, TX)");

    // A ZIP code nobody knows is said by the field, and finds nothing.
    const status = page.waitForResponse((r) => r.url().includes(js ? "/directory.json?" : "/directory?") && r.url().includes("near=00000"));
    await searchNear(page, js, { near: "00000", radius: "25", sort: "distance", q: "" });
    assert.equal((await status).status(), 422);
    const near = page.getByLabel("Near", { exact: true });
    const said = await describedBy(near);
    assert.equal(said.text, "We don't know the ZIP code 00000. Check it, or try a city and state like Austin, TX.");
    assert.equal(said.invalid, true, "the Near field is marked invalid");
    assert.equal(await near.inputValue(), "00000", "the field keeps what was typed");
    assert.deepEqual(await names(page), []);
    // The island's JSON answered 422 on purpose; nothing else went wrong.
    assert.deepEqual(errors.filter((e) => !/^HTTP 422: .*near=00000/.test(e) && !/^console: Failed to load resource: .* 422/.test(e)), []);
    await ctx.close();
  });
}

// mapRegion is the map box called label; its Show map button.
const showMap = (region) => region.getByRole("button", { name: "Show map" });

test("location: the map shows the results' markers and fetches tiles only when asked (JavaScript on)", async () => {
  const { roundRock } = await places();
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await page.goto(baseURL + "/directory?near=78701&radius=25&sort=distance");
  await page.waitForLoadState("networkidle");
  const region = page.getByRole("region", { name: "Map of these results" });
  assert.equal(await region.getAttribute("data-testid"), "map");
  const before = await tileRequests();
  assert.equal(await page.locator(".leaflet-container").count(), 0, "no map before it is asked for");
  assert.ok(!(await page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/map-[^/]*\.js/.test(e.name)))), "the map's code was fetched before it was asked for");

  await showMap(region).click();
  const marker = region.getByRole("button", { name: roundRock, exact: true });
  await marker.waitFor();
  await region.locator("[data-map-state=shown]").waitFor();
  assert.equal(await showMap(region).count(), 0, "the map takes the button's place");
  await page.waitForFunction(() => [...document.querySelectorAll(".leaflet-tile")].some((t) => t.complete && t.naturalWidth > 0));
  const after = await tileRequests();
  assert.ok(after > before, `tiles were fetched from the stub (${before} → ${after})`);

  // The marker's popup links the listing; its page has a map of its own.
  await marker.click();
  await region.getByRole("link", { name: roundRock }).click();
  await page.getByRole("heading", { level: 1, name: roundRock }).waitFor();
  const own = page.getByRole("region", { name: "Map of " + roundRock });
  const atListing = await tileRequests();
  await showMap(own).click();
  await own.getByRole("button", { name: roundRock, exact: true }).waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll(".leaflet-tile")].some((t) => t.complete && t.naturalWidth > 0));
  assert.ok((await tileRequests()) > atListing, "the listing's map fetched tiles from the stub");
  await page.getByTestId("osm-link").waitFor();
  assert.equal(await page.getByTestId("osm-link").innerText(), `View ${roundRock} on OpenStreetMap`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// mapZoom is the zoom of the map in region once it has settled: the level
// of its tiles (the stub's /{z}/{x}/{y}.png), when every tile shown is of
// one level and loaded. With want, it waits up to 5 s for that level (a
// zoom animates); either way it says the level the map settled at.
async function mapZoom(region, want) {
  const box = await region.elementHandle();
  const settledAt = () =>
    box.evaluate((el) => {
      const tiles = [...el.querySelectorAll(".leaflet-tile")];
      const levels = new Set(tiles.map((t) => new URL(t.src).pathname.split("/").at(-3)));
      return tiles.length > 0 && levels.size === 1 && tiles.every((t) => t.complete) ? Number([...levels][0]) : null;
    });
  let z = null;
  for (const deadline = Date.now() + (want === undefined ? 30_000 : 5_000); Date.now() < deadline; ) {
    z = await settledAt();
    if (z !== null && (want === undefined || z === want)) return z;
    await region.page().waitForTimeout(50);
  }
  return z;
}

test("location: the map of new results keeps the view the visitor left while the results lie within it (JavaScript on)", async () => {
  const { token, roundRock, austin } = await places();
  const { ctx, page, errors } = await openDirectory(true);
  await searchNear(page, true, { near: "78701", radius: "25", sort: "distance", q: token });
  const region = page.getByRole("region", { name: "Map of these results" });
  await showMap(region).click();
  await region.getByRole("button", { name: roundRock, exact: true }).waitFor();
  const fitted = await mapZoom(region);
  await region.getByRole("button", { name: "Zoom out" }).click();
  assert.equal(await mapZoom(region, fitted - 1), fitted - 1, "the visitor zoomed out");

  // Open now narrows the results to Round Rock, within the view: the new
  // map opens where the visitor left the last one, not on the one marker.
  const filters = page.locator("details.more-filters");
  if (!(await filters.evaluate((d) => d.open))) await filters.locator("summary").click();
  await page.getByLabel("Open now", { exact: true }).check();
  await page.waitForURL((u) => u.searchParams.get("open") === "now");
  await settled(page);
  await region.locator("[data-map-state=shown]").waitFor();
  await region.getByRole("button", { name: roundRock, exact: true }).waitFor();
  assert.equal(await region.getByRole("button", { name: austin, exact: true }).count(), 0);
  assert.equal(await mapZoom(region, fitted - 1), fitted - 1, "the narrowed results' map kept the visitor's zoom");

  // Zoomed in until the two listings cannot both be in view, the wider
  // results are fitted afresh.
  for (let z = fitted; z <= fitted + 4; z++) {
    await region.getByRole("button", { name: "Zoom in" }).click();
    assert.equal(await mapZoom(region, z), z, "the visitor zoomed in");
  }
  await page.getByLabel("Open now", { exact: true }).uncheck();
  await page.waitForURL((u) => u.searchParams.get("open") !== "now");
  await settled(page);
  await region.locator("[data-map-state=shown]").waitFor();
  await region.getByRole("button", { name: austin, exact: true }).waitFor();
  assert.equal(await mapZoom(region, fitted), fitted, "results outside the view are fitted afresh");
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("location: without JavaScript the results stay a list and the listing links OpenStreetMap, no tiles fetched (JavaScript off)", async () => {
  const { roundRock } = await places();
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const before = await tileRequests();
  await page.goto(baseURL + "/directory?near=78701&radius=25&sort=distance");
  await page.getByRole("region", { name: "Map of these results" }).waitFor();
  assert.ok(await card(page, roundRock).isVisible(), "the results are a list");

  await card(page, roundRock).getByRole("link", { name: roundRock, exact: true }).click();
  await page.getByRole("heading", { level: 1, name: roundRock }).waitFor();
  await page.getByRole("region", { name: "Map of " + roundRock }).waitFor();
  const osm = page.getByRole("link", { name: `View ${roundRock} on OpenStreetMap` });
  assert.equal(await osm.getAttribute("data-testid"), "osm-link");
  const href = new URL(await osm.getAttribute("href"));
  assert.equal(href.host, "www.openstreetmap.org");
  const lat = Number(href.searchParams.get("mlat"));
  const lng = Number(href.searchParams.get("mlon"));
  // 78664's place, in Round Rock.
  assert.ok(Math.abs(lat - 30.51) < 0.1 && Math.abs(lng + 97.67) < 0.1, `the link points at ${lat}, ${lng}`);
  assert.equal(await tileRequests(), before, "no tiles fetched without JavaScript");
  await ctx.close();
});

test("location: without JavaScript no map box offers a Show map button (JavaScript off)", async () => {
  const { roundRock } = await places();
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  for (const [path, label] of [
    ["/directory?near=78701&radius=25&sort=distance", "Map of these results"],
    ["/directory/" + (await slugOf(page, roundRock)), "Map of " + roundRock],
  ]) {
    await page.goto(baseURL + path);
    const region = page.getByRole("region", { name: label });
    await region.waitFor();
    const button = region.locator("[data-map-show]");
    assert.equal(await button.getAttribute("hidden"), "", `${path}: the server hides Show map until JavaScript runs`);
    assert.equal(await showMap(region).count(), 0, `${path}: a Show map button that cannot work (display: ${await button.evaluate((b) => getComputedStyle(b).display)})`);
  }
  await ctx.close();
});

// slugOf is the address of the listing called name, from its card.
async function slugOf(page, name) {
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  const href = await card(page, name).getByRole("link", { name, exact: true }).getAttribute("href");
  return href.replace(/^\/directory\//, "");
}

// jsonLDGeo is the geo of the listing's JSON-LD on the page.
async function jsonLDGeo(page) {
  for (const s of await page.locator('script[type="application/ld+json"]').allTextContents()) {
    const ld = JSON.parse(s);
    for (const node of Array.isArray(ld) ? ld : ld["@graph"] || [ld]) if (node.geo) return node.geo;
  }
  return null;
}

// pinListing is a new listing in Round Rock (78664) and a page of ctx
// signed in as its owner on its manage page.
async function pinListing(ctx) {
  const name = uniqueName("Pinpoint Plumbing");
  const owner = await ownListing(name, "Round Rock", "78664");
  await owner.ctx.close();
  const page = await ctx.newPage();
  const manage = await openManage(page, owner.email, name);
  return { name, page, manage };
}

// listingGeo opens the listing's page (its link on the manage page) and
// returns its JSON-LD geo.
async function listingGeo(page, name) {
  await page.getByRole("link", { name: /^\/directory\// }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  return jsonLDGeo(page);
}

test("location: the owner moves the pin with the arrow keys and the listing's page says where it is (JavaScript on)", async () => {
  const ctx = await browser.newContext();
  const { name, page, manage } = await pinListing(ctx);
  const errors = watchErrors(page);
  const region = page.getByRole("region", { name: `Map of ${name}'s location` });
  const latitude = page.getByLabel(/^Latitude/);
  const longitude = page.getByLabel(/^Longitude/);
  const was = await latitude.inputValue();
  const before = await tileRequests();
  await showMap(region).click();
  const pin = region.getByRole("button", { name: pinLabel });
  await pin.waitFor();
  assert.equal(await pin.evaluate((el) => el === document.activeElement), true, "the pin takes focus");
  await page.waitForFunction(() => [...document.querySelectorAll(".leaflet-tile")].some((t) => t.complete && t.naturalWidth > 0));
  assert.ok((await tileRequests()) > before, "tiles fetched from the stub");
  // The pin starts at the ZIP code's place; the map writes it into the
  // fields when it moves.
  await pin.press("ArrowUp");
  await page.waitForFunction(() => document.querySelector("#f-lat")?.value !== "");
  const first = Number(await latitude.inputValue());
  for (let i = 0; i < 3; i++) await pin.press("ArrowUp");
  await page.waitForFunction((f) => Number(document.querySelector("#f-lat").value) > f, first);
  const lat = await latitude.inputValue();
  const lng = await longitude.inputValue();
  assert.notEqual(lat, was, "the Latitude field changed");
  assert.match(lat, /^-?\d+(\.\d{1,5})?$/, "five decimals at most");
  // Three 50 m steps north: about 0.00135 degrees.
  assert.ok(Math.abs(Number(lat) - first - 0.00135) < 0.0002, `moved from ${first} to ${lat}`);
  assert.ok(Math.abs(Number(lat) - 30.51) < 0.1 && Math.abs(Number(lng) + 97.67) < 0.1, `still in Round Rock: ${lat}, ${lng}`);

  await save(page);
  assert.equal(page.url(), manage);
  assert.equal(await page.getByLabel(/^Latitude/).inputValue(), lat, "the form shows the saved pin");
  const geo = await listingGeo(page, name);
  assert.equal(geo?.["@type"], "GeoCoordinates");
  // A storefront's place is shown to five decimals, as the form keeps it.
  assert.equal(Math.round(geo.latitude * 1e5) / 1e5, Number(lat));
  assert.equal(Math.round(geo.longitude * 1e5) / 1e5, Number(lng));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("location: the owner types the pin's coordinates, and a latitude off the globe is said by its field (JavaScript off)", async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const { name, page } = await pinListing(ctx);
  assert.equal(await page.getByRole("button", { name: "Show map" }).count(), 0, "no map to drag without JavaScript");
  const latitude = page.getByLabel(/^Latitude/);
  const longitude = page.getByLabel(/^Longitude/);
  await latitude.fill("30.51234");
  await longitude.fill("-97.67891");
  await save(page);
  assert.equal(await latitude.inputValue(), "30.51234");
  const geo = await listingGeo(page, name);
  assert.equal(geo?.latitude, 30.51234);
  assert.equal(geo?.longitude, -97.67891);

  await page.goBack();
  await page.reload();
  await latitude.fill("95");
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save changes" }).click();
  assert.equal((await answer).status(), 422);
  await page.waitForLoadState();
  const said = await describedBy(latitude);
  assert.ok(said.text.length > 0, "the Latitude field says what is wrong");
  assert.equal(said.invalid, true, "the Latitude field is marked invalid");
  assert.equal(await latitude.inputValue(), "95", "the field keeps what was typed");
  // Nothing was saved: the page still says where it was.
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  await card(page, name).getByRole("link", { name, exact: true }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  assert.equal((await jsonLDGeo(page))?.latitude, 30.51234);
  await ctx.close();
});

for (const { js, mode } of modes) {
  test(`location: Open now keeps the listing open round the clock (${mode})`, async () => {
    const { token, roundRock, austin } = await places();
    const { ctx, page, errors } = await openDirectory(js);
    await searchNear(page, js, { near: "78701", radius: "25", sort: "distance", q: token });
    assert.deepEqual(await names(page), [austin, roundRock], "both, nearest first, before Open now");
    assert.equal(await card(page, roundRock).getByTestId("open-status").innerText(), "Open 24 hours");
    assert.equal(await card(page, austin).getByTestId("open-status").innerText(), "Closed");

    const filters = page.locator("details.more-filters");
    if (!(await filters.evaluate((d) => d.open))) await filters.locator("summary").click();
    const was = page.url();
    await page.getByLabel("Open now", { exact: true }).check();
    if (js) {
      await page.waitForURL((u) => u.searchParams.get("open") === "now");
      await settled(page);
    } else {
      await Promise.all([page.waitForURL((u) => u.href !== was), page.getByLabel("Near", { exact: true }).press("Enter")]);
      assert.equal(new URL(page.url()).searchParams.get("open"), "now");
    }
    assert.deepEqual(await names(page), [roundRock]);
    assert.equal(await card(page, roundRock).getByTestId("open-status").innerText(), "Open 24 hours");
    assert.equal(await page.getByLabel("Open now", { exact: true }).isChecked(), true);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
