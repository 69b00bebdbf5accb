// Browser tests of a listing's photos and its review badge (issue 40):
// without JavaScript each photo is a link to its full image; with it the
// photos open in a lightbox (the gallery island, fetched on the first
// press) that the arrow keys go through, Escape closes, and focus returns
// to the photo that opened it. The owner's reviews page offers the review
// badge for their website: its preview loads, and its HTML points at the
// listing. A signed-out Save is told why it must sign in, then comes back.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { AxeBuilder } from "@axe-core/playwright";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUp, signUpBusiness, toast, uniqueName } from "./people.mjs";

const testdata = join(dirname(fileURLToPath(import.meta.url)), "..", "images", "testdata");
const photos = [
  ["photo.webp", "Glazed bowls on the shelf"],
  ["gps-orientation6.jpg", "The kiln at dawn"],
  ["transparent.png", "Our stamp"],
];

let browser;
let listing; // { name, url, owner }
before(async () => {
  browser = await launch();
  // A listing with three photos, added through the plain forms.
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const name = uniqueName("Kiln Potters");
  const owner = await signUpBusiness(ctx, name);
  await signIn(page, owner);
  await page.getByRole("link", { name: "Manage " + name }).click();
  const section = page.getByRole("region", { name: "Logo and photos" });
  for (const [file, alt] of photos) {
    await section.getByLabel("Photo file").setInputFiles(join(testdata, file));
    await section.getByLabel("Photo description (alt text)").fill(alt);
    await section.getByRole("button", { name: "Add photo" }).click();
    await toast(page, "Photo added");
  }
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  await page.locator(".business-card", { hasText: name }).getByRole("link", { name: /^View Profile/ }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  listing = { name, owner, url: page.url() };
  await ctx.close();
});
after(async () => browser?.close());

test("gallery: without JavaScript every photo is a link to its full image", async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(listing.url);
  const links = page.getByTestId("gallery").getByRole("link");
  assert.equal(await links.count(), photos.length);
  for (let i = 0; i < photos.length; i++) {
    const link = links.nth(i);
    assert.match(await link.getAttribute("href"), /^\/media\//);
    const name = await link.evaluate((a) => a.querySelector("img").alt + a.textContent.replace(/\s+/g, " "));
    assert.ok(name.startsWith(photos[i][1]), `photo ${i + 1} is named by its description: ${name}`);
    const res = await page.request.get(baseURL + (await link.getAttribute("href")));
    assert.equal(res.status(), 200);
    assert.match(res.headers()["content-type"], /^image\//);
  }
  // Following one shows the image itself.
  await links.nth(1).click();
  await page.waitForURL(/\/media\//);
  await ctx.close();
});

test("gallery: with JavaScript the photos open in a lightbox the keyboard drives, and Escape gives focus back", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await page.goto(listing.url);
  const gallery = page.getByTestId("gallery");
  const first = gallery.getByRole("link").first();
  // The island is not fetched until the visitor reaches for a photo.
  assert.equal(await gallery.getAttribute("data-island-state"), null);
  await first.focus();
  await page.keyboard.press("Enter");
  const box = page.getByRole("dialog", { name: "Photos of " + listing.name });
  await box.waitFor();
  assert.equal(page.url(), listing.url, "the page stays: the photo opened over it");
  const shown = () => box.locator("img").evaluate((i) => ({ alt: i.alt, loaded: i.complete && i.naturalWidth > 0 }));
  await box.getByText("Photo 1 of 3").waitFor();
  assert.equal((await shown()).alt, photos[0][1]);
  await page.keyboard.press("ArrowRight");
  await box.getByText("Photo 2 of 3").waitFor();
  assert.equal((await shown()).alt, photos[1][1]);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await box.getByText("Photo 3 of 3").waitFor();
  assert.equal((await shown()).alt, photos[2][1]);
  await page.waitForFunction(() => document.querySelector("dialog[open] img")?.complete);
  assert.ok((await shown()).loaded, "the full image loads");
  // Focus stays in the lightbox.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest("dialog[open]")), "Tab stays in the lightbox");
  }
  for (const name of ["Previous photo", "Next photo", "Close photos"]) await box.getByRole("button", { name }).waitFor();
  // axe-core finds nothing wrong with the open lightbox, in either theme.
  for (const theme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: theme });
    const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).include("dialog[open]").options({ resultTypes: ["violations"] }).analyze();
    assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`), [], theme);
  }
  await page.keyboard.press("Escape");
  await box.waitFor({ state: "hidden" });
  assert.ok(await first.evaluate((a) => a === document.activeElement), "focus is back on the photo that opened it");
  // A click on another photo opens that one; the Next button goes on.
  await gallery.getByRole("link").nth(1).click();
  await box.getByText("Photo 2 of 3").waitFor();
  await box.getByRole("button", { name: "Next photo" }).click();
  await box.getByText("Photo 3 of 3").waitFor();
  await box.getByRole("button", { name: "Close photos" }).click();
  await box.waitFor({ state: "hidden" });
  assert.ok(await gallery.getByRole("link").nth(1).evaluate((a) => a === document.activeElement));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("gallery: a swipe on a phone goes to the next photo", async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await page.goto(listing.url);
  await page.getByTestId("gallery").getByRole("link").first().click();
  const box = page.getByRole("dialog", { name: "Photos of " + listing.name });
  await box.getByText("Photo 1 of 3").waitFor();
  const fig = await box.locator("figure").boundingBox();
  const y = fig.y + fig.height / 2;
  await page.mouse.move(fig.x + fig.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(fig.x + fig.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await box.getByText("Photo 2 of 3").waitFor();
  await ctx.close();
});

test("review badge: the owner sees it on the reviews page, its HTML points at the listing and the SVG loads", async () => {
  const ctx = await browser.newContext();
  await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signIn(page, listing.owner);
  await page.getByRole("link", { name: "Reviews of " + listing.name }).click();
  const card = page.getByRole("region", { name: "Show your rating on your website" });
  await card.waitFor();
  const preview = card.getByRole("img", { name: new RegExp("^" + listing.name + " on .*: no reviews yet$") });
  await page.waitForFunction(() => document.querySelector("[data-testid=review-badge-preview]")?.complete);
  assert.ok(await preview.evaluate((i) => i.naturalWidth > 0), "the badge preview loads");
  const html = await card.getByLabel("Badge (HTML)").inputValue();
  const snippet = await page.evaluate((h) => {
    const d = new DOMParser().parseFromString(h, "text/html");
    const a = d.querySelector("a");
    return { href: a?.href, img: a?.querySelector("img")?.getAttribute("src"), scripts: d.querySelectorAll("script, style").length };
  }, html);
  assert.equal(snippet.href, listing.url);
  assert.equal(snippet.scripts, 0);
  const svg = await page.request.get(snippet.img);
  assert.equal(svg.status(), 200);
  assert.equal(svg.headers()["content-type"], "image/svg+xml");
  assert.equal(svg.headers()["set-cookie"], undefined);
  const text = await card.getByLabel("Text link (HTML)").inputValue();
  assert.equal(await page.evaluate((h) => new DOMParser().parseFromString(h, "text/html").querySelector("a")?.href, text), listing.url);
  // The listing the snippet links to is the owner's.
  const visit = await browser.newContext();
  const v = await visit.newPage();
  await v.goto(snippet.href);
  await v.getByRole("heading", { level: 1, name: listing.name }).waitFor();
  await visit.close();
  // JavaScript adds a copy button.
  await card.getByRole("button", { name: "Copy the badge's HTML" }).click();
  await toast(page, "Snippet copied");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), html);
  assert.deepEqual(errors, []);
  await ctx.close();
});

for (const js of [true, false]) {
  test(`save: a signed-out Save says why on the sign-in page, then comes back to the listing (JavaScript ${js ? "on" : "off"})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const email = await signUp(ctx, "Sam Saver");
    const page = await ctx.newPage();
    await page.goto(listing.url);
    await page.getByRole("button", { name: "Save " + listing.name }).click();
    await page.waitForURL(/\/login\?/);
    assert.equal(new URL(page.url()).searchParams.get("why"), "save");
    const reason = page.getByRole("status").filter({ hasText: "Sign in to save businesses" });
    await reason.waitFor();
    await signIn(page, email);
    assert.equal(page.url(), listing.url, "back on the listing");
    await page.getByRole("button", { name: "Save " + listing.name }).click();
    await page.getByRole("button", { name: "Saved — remove " + listing.name }).waitFor();
    await ctx.close();
  });
}
