// Browser tests of the manage page's "Logo and photos" section
// (views/listing_images.templ, islands/images): with JavaScript the island
// takes over on the first click (previews, progress, the Move buttons and
// drag and drop through the JSON answers); without it the plain forms do
// the same. Either way the listing's card in the directory shows the logo
// and its page the photos, in their order, with their descriptions; and the
// cards hold their logo's box before it loads, so nothing shifts.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUpBusiness, toast, uniqueName } from "./people.mjs";

const testdata = join(dirname(fileURLToPath(import.meta.url)), "..", "images", "testdata");
const file = (name) => join(testdata, name);

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// manage signs up a business called name and opens its manage page.
async function manage(page, name) {
  const email = await signUpBusiness(page.context(), name);
  await signIn(page, email);
  await page.getByRole("link", { name: "Manage " + name }).click();
  await page.getByRole("heading", { level: 1, name: "Manage " + name }).waitFor();
  return page.getByRole("region", { name: "Logo and photos" });
}

const photoAlts = (section) =>
  section.locator("li[data-photo-id]").evaluateAll((lis) => lis.map((li) => li.querySelector("input[type=text]").value));

// logoOf is what an img shows: its src, its size attributes, whether it has
// loaded (and its own size then) and the box it takes on the page.
const logoOf = (img) =>
  img.evaluate((i) => {
    const r = i.getBoundingClientRect();
    return {
      src: i.getAttribute("src"),
      width: i.getAttribute("width"),
      height: i.getAttribute("height"),
      loaded: i.complete && i.naturalWidth > 0,
      natural: [i.naturalWidth, i.naturalHeight],
      box: [r.width, r.height],
    };
  });

// sizedAsLoaded checks that an img has width and height attributes and
// that they have the proportions of the file it loaded.
function sizedAsLoaded(logo, what) {
  assert.match(String(logo.width), /^[1-9]\d*$/, `${what}: width attribute`);
  assert.match(String(logo.height), /^[1-9]\d*$/, `${what}: height attribute`);
  assert.ok(logo.loaded, `${what}: ${logo.src} loaded`);
  const [w, h] = logo.natural;
  assert.ok(Math.abs(logo.width / logo.height - w / h) < 0.05, `${what}: ${logo.width}×${logo.height} has the proportions of ${w}×${h}`);
}

// card finds the listing named name in the directory (its name is unique,
// so the search finds it alone) and returns its card.
async function card(page, name) {
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  const c = page.locator(".business-card", { has: page.getByRole("heading", { level: 3, name, exact: true }) });
  await c.waitFor();
  return c;
}

// cardShowsLogo checks that the card of name shows an uploaded logo (not
// the initials), in its 64 px box, with its size attributes.
async function cardShowsLogo(page, name) {
  const c = await card(page, name);
  const logo = await logoOf(c.locator("img.business-logo"));
  assert.match(logo.src, /^\/media\//, "the card shows the uploaded logo, not the initials");
  sizedAsLoaded(logo, "the card's logo");
  assert.deepEqual(logo.box, [64, 64], "the card's logo box");
  return c;
}

// listingPage opens the listing's page from its card in the directory and
// returns the descriptions of its photos, in the order they show.
async function listingPage(page, name) {
  const c = await card(page, name);
  await c.getByRole("link", { name: /^View Profile/ }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  const logo = await logoOf(page.locator(".business-hero img.business-page-logo"));
  assert.match(logo.src, /^\/media\//, "the page shows the uploaded logo");
  sizedAsLoaded(logo, "the page's logo");
  const gallery = page.getByTestId("gallery");
  if ((await gallery.count()) === 0) return [];
  const photos = await gallery.locator("img").evaluateAll((imgs) => imgs.map((i) => ({ alt: i.alt, src: i.getAttribute("src"), width: i.getAttribute("width"), height: i.getAttribute("height") })));
  for (const p of photos) {
    assert.match(p.src, /^\/media\//, p.alt);
    assert.match(`${p.width}×${p.height}`, /^[1-9]\d*×[1-9]\d*$/, `${p.alt}: width and height`);
  }
  return photos.map((p) => p.alt);
}

test("manage images: a logo and two photos, reordered, described and one deleted (JavaScript on)", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const name = uniqueName("Kiln Pottery");
  const section = await manage(page, name);
  const manageURL = page.url();

  // The logo: a plain form, with or without JavaScript.
  await section.getByLabel("Logo file").setInputFiles(file("transparent.png"));
  await section.getByRole("button", { name: "Upload logo" }).click();
  await toast(page, "Logo saved");
  await section.getByTestId("logo").locator("img[src*='/media/']").waitFor();

  // The island loads on the first click; the files chosen before stay.
  await section.getByLabel("Photo file").setInputFiles(file("gps-orientation6.jpg"));
  await section.getByLabel("Photo description (alt text)").fill("The kiln at dawn");
  await section.getByRole("button", { name: "Add photo" }).click();
  await page.locator("[data-island=images][data-island-state=mounted]").waitFor();
  await section.locator("li[data-photo-id]").first().waitFor();
  assert.equal(await section.getByTestId("photo-count").innerText(), "1 of 3 photos");

  // Two at once: previews, a description each (required first), then sent.
  await section.getByLabel("Photo file").setInputFiles([file("photo.webp"), file("logo.svg")]);
  // The SVG gets the server's own message (images.ErrSVG) before it is sent.
  await section.getByText("SVG images are not accepted: upload a JPEG, PNG or WebP").waitFor();
  await section.getByRole("button", { name: "Remove logo.svg" }).click();
  await section.getByRole("button", { name: "Add photo" }).click();
  await section.getByText("Describe the photo: screen readers read this to people who can't see it").waitFor();
  await section.getByLabel("Description of photo.webp").fill("Glazed bowls");
  await section.getByRole("button", { name: "Add photo" }).click();
  await section.locator("li[data-photo-id]").nth(1).waitFor();
  assert.deepEqual(await photoAlts(section), ["The kiln at dawn", "Glazed bowls"]);

  // Reorder by keyboard; the focus stays with the photo that moved.
  await section.getByRole("button", { name: "Move photo 2 up" }).focus();
  await page.keyboard.press("Enter");
  await section.getByText("Photo moved to place 1 of 2, and saved.").waitFor({ state: "attached" });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Move photo 1 down");
  assert.deepEqual(await photoAlts(section), ["Glazed bowls", "The kiln at dawn"]);

  // The first photo becomes the cover (saved at once; the page shows the
  // cover first), then a new description is saved.
  await section.locator("li[data-photo-id]").first().getByLabel("Cover photo").check();
  await section.getByText("Photo 1 is the cover, saved.").waitFor({ state: "attached" });
  await section.getByLabel("Description of photo 2").fill("The kiln, lit");
  await section.getByRole("button", { name: "Save photos" }).click();
  await toast(page, "Photos saved");
  await page.reload();
  assert.deepEqual(await photoAlts(section), ["Glazed bowls", "The kiln, lit"]);
  assert.equal(await section.locator("li[data-photo-id]").first().getByLabel("Cover photo").isChecked(), true);

  // The card shows the logo; the page shows it, and the photos in their
  // order with their descriptions.
  await cardShowsLogo(page, name);
  assert.deepEqual(await listingPage(page, name), ["Glazed bowls", "The kiln, lit"]);

  // Delete one: the server's link, taken over by the island on the click,
  // which asks first.
  await page.goto(manageURL);
  page.once("dialog", (d) => d.accept());
  await section.getByRole("link", { name: "Delete photo 2" }).click();
  await toast(page, "Photo deleted");
  assert.deepEqual(await photoAlts(section), ["Glazed bowls"]);
  assert.deepEqual(await listingPage(page, name), ["Glazed bowls"]);
  assert.deepEqual(errors.filter((e) => !e.includes("HTTP 422")), []);
  await ctx.close();
});

test("manage images: the plain forms without JavaScript", async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const name = uniqueName("Loom Weavers");
  const section = await manage(page, name);
  const manageURL = page.url();

  await section.getByLabel("Logo file").setInputFiles(file("transparent.png"));
  await section.getByRole("button", { name: "Upload logo" }).click();
  await toast(page, "Logo saved");
  await section.getByTestId("logo").locator("img[src*='/media/']").waitFor();

  // The browser asks for the description itself (required), then sends.
  await section.getByLabel("Photo file").setInputFiles(file("photo.webp"));
  assert.equal(await section.getByLabel("Photo description (alt text)").evaluate((i) => i.validity.valueMissing), true);
  await section.getByLabel("Photo description (alt text)").fill("A warp on the loom");
  await section.getByRole("button", { name: "Add photo" }).click();
  await toast(page, "Photo added");
  await section.locator("li[data-photo-id]").first().waitFor();

  await section.getByLabel("Photo file").setInputFiles(file("gps-orientation6.jpg"));
  await section.getByLabel("Photo description (alt text)").fill("Shuttles on the bench");
  await section.getByRole("button", { name: "Add photo" }).click();
  await toast(page, "Photo added");
  assert.deepEqual(await photoAlts(section), ["A warp on the loom", "Shuttles on the bench"]);
  assert.equal(await section.getByTestId("photo-count").innerText(), "2 of 3 photos");

  await section.getByRole("button", { name: "Move photo 2 up" }).click();
  await toast(page, "Photo moved");
  assert.deepEqual(await photoAlts(section), ["Shuttles on the bench", "A warp on the loom"]);

  // The Save photos form: a new description, and the first photo as the
  // cover (the page shows the cover first).
  await section.getByLabel("Description of photo 2").fill("A warp on the loom, half woven");
  await section.locator("li[data-photo-id]").first().getByLabel("Cover photo").check();
  await section.getByRole("button", { name: "Save photos" }).click();
  await toast(page, "Photos saved");
  assert.deepEqual(await photoAlts(section), ["Shuttles on the bench", "A warp on the loom, half woven"]);
  assert.equal(await section.locator("li[data-photo-id]").first().getByLabel("Cover photo").isChecked(), true);

  await cardShowsLogo(page, name);
  assert.deepEqual(await listingPage(page, name), ["Shuttles on the bench", "A warp on the loom, half woven"]);

  // Delete one, through the confirmation page: it no longer shows.
  await page.goto(manageURL);
  await section.getByRole("link", { name: "Delete photo 1" }).click();
  await page.getByRole("button", { name: "Yes, delete the photo" }).click();
  await toast(page, "Photo deleted");
  assert.deepEqual(await photoAlts(section), ["A warp on the loom, half woven"]);
  assert.deepEqual(await listingPage(page, name), ["A warp on the loom, half woven"]);

  // Without its logo, the card shows the initials again.
  await page.goto(manageURL);
  await section.getByRole("link", { name: "Remove logo" }).click();
  await page.getByRole("button", { name: "Yes, remove the logo" }).click();
  await toast(page, "Logo removed");
  const c = await card(page, name);
  const logo = await logoOf(c.locator("img.business-logo"));
  assert.match(logo.src, /^\/placeholders\//);
  assert.deepEqual([logo.width, logo.height, logo.box], ["64", "64", [64, 64]]);
  await ctx.close();
});

test("manage images: the directory's cards hold their logo's box before it loads, so nothing shifts (JavaScript on)", async () => {
  const ctx = await browser.newContext({ colorScheme: "light" });
  await ctx.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  // The stored images wait until the cards are measured.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(
    (u) => u.pathname.startsWith("/media/"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  // By rating: the sample listings, whose reviews rate them, come first
  // with their logos.
  await page.goto(baseURL + "/directory?sort=rating", { waitUntil: "domcontentloaded" });
  const logos = page.locator(".business-results .business-card img.business-logo");
  const cards = page.locator(".business-results .business-card");
  assert.equal(await logos.count(), await cards.count(), "every card has its logo or its initials");
  const waiting = await logos.evaluateAll((imgs) => imgs.map((i) => ({ src: i.getAttribute("src"), width: i.getAttribute("width"), height: i.getAttribute("height"), loaded: i.naturalWidth > 0, box: [i.getBoundingClientRect().width, i.getBoundingClientRect().height] })));
  const stored = waiting.filter((l) => l.src.startsWith("/media/"));
  assert.ok(stored.length >= 1, "no card with an uploaded logo to measure");
  for (const l of waiting) {
    assert.match(`${l.width}×${l.height}`, /^[1-9]\d*×[1-9]\d*$/, `${l.src}: width and height attributes`);
    assert.deepEqual(l.box, [64, 64], `${l.src}: its box before it loads`);
  }
  assert.ok(stored.every((l) => !l.loaded), "the uploaded logos have not loaded yet");
  const tops = () => cards.evaluateAll((cs) => cs.map((c) => Math.round(c.getBoundingClientRect().top + scrollY)));
  const before = await tops();

  // Every logo loads, those below the first screen as they are scrolled
  // to: the cards stay where they were.
  release();
  await page.waitForLoadState("load");
  for (const img of await logos.all()) {
    await img.scrollIntoViewIfNeeded();
    await img.evaluate((i) => i.complete || new Promise((r) => ["load", "error"].forEach((e) => i.addEventListener(e, r, { once: true }))));
  }
  const loaded = await logos.evaluateAll((imgs) => imgs.filter((i) => !(i.complete && i.naturalWidth > 0)).map((i) => i.getAttribute("src")));
  assert.deepEqual(loaded, [], "logos that did not load");
  assert.deepEqual(await tops(), before, "the cards did not move");
  const cls = await page.evaluate(() => window.__cls);
  assert.ok(cls < 0.01, `cumulative layout shift ${cls}`);

  // The island's cards, after a search, are sized the same way.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator("#dir-q").fill("bakery");
  await page.locator("[data-island=directory][data-island-state=mounted]").waitFor();
  await page.waitForURL(/[?&]q=bakery/);
  await page.waitForFunction(() => !document.querySelector(".directory[aria-busy]"));
  const bakery = page.locator(".business-card", { has: page.getByRole("heading", { level: 3, name: "Harbor Street Bakery" }) });
  const logo = await logoOf(bakery.locator("img.business-logo"));
  assert.match(logo.src, /^\/media\//);
  sizedAsLoaded(logo, "the island's card logo");
  assert.deepEqual(logo.box, [64, 64]);
  assert.deepEqual(errors, []);
  await ctx.close();
});
