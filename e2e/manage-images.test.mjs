// Browser tests of the manage page's "Logo and photos" section
// (views/listing_images.templ, islands/images): with JavaScript the island
// takes over on the first click (previews, progress, the Move buttons and
// drag and drop through the JSON answers); without it the plain forms do
// the same. Either way the listing's page shows the photos.
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

test("manage images: a logo and two photos, reordered, described and one deleted (JavaScript on)", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const name = uniqueName("Kiln Pottery");
  const section = await manage(page, name);

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
  await section.getByText("This file is not a JPEG, PNG or WebP image").waitFor();
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

  // A new description and the cover, saved.
  await section.getByLabel("Description of photo 2").fill("The kiln, lit");
  await section.getByRole("button", { name: "Save photos" }).click();
  await toast(page, "Photos saved");
  await page.reload();
  assert.deepEqual(await photoAlts(section), ["Glazed bowls", "The kiln, lit"]);

  // Delete one: the server's link, taken over by the island on the click,
  // which asks first.
  page.once("dialog", (d) => d.accept());
  await section.getByRole("link", { name: "Delete photo 2" }).click();
  await toast(page, "Photo deleted");
  assert.deepEqual(await photoAlts(section), ["Glazed bowls"]);

  // The listing's page shows the photo with its description.
  await page.goto(baseURL + "/dashboard");
  await page.getByRole("link", { name: "Manage " + name }).click();
  const href = await page.locator("a[href^='/directory/']").first().getAttribute("href");
  await page.goto(baseURL + href);
  await page.locator("img[alt='Glazed bowls']").first().waitFor();
  assert.deepEqual(errors.filter((e) => !e.includes("HTTP 422")), []);
  await ctx.close();
});

test("manage images: the plain forms without JavaScript", async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const name = uniqueName("Loom Weavers");
  const section = await manage(page, name);

  // The browser asks for the description itself (required), then sends.
  await section.getByLabel("Photo file").setInputFiles(file("photo.webp"));
  assert.equal(await section.getByLabel("Photo description (alt text)").evaluate((i) => i.validity.valueMissing), true);
  await section.getByLabel("Photo description (alt text)").fill("A warp on the loom");
  await section.getByRole("button", { name: "Add photo" }).click();
  await section.locator("li[data-photo-id]").first().waitFor();

  await section.getByLabel("Photo file").setInputFiles(file("transparent.png"));
  await section.getByLabel("Photo description (alt text)").fill("Our logo mark");
  await section.getByRole("button", { name: "Add photo" }).click();
  await section.locator("li[data-photo-id]").nth(1).waitFor();

  await section.getByRole("button", { name: "Move photo 2 up" }).click();
  await section.locator("li[data-photo-id]").first().waitFor();
  assert.deepEqual(await photoAlts(section), ["Our logo mark", "A warp on the loom"]);

  await section.getByRole("link", { name: "Delete photo 1" }).click();
  await page.getByRole("button", { name: "Yes, delete the photo" }).click();
  await page.getByRole("region", { name: "Logo and photos" }).waitFor();
  assert.deepEqual(await photoAlts(section), ["A warp on the loom"]);
  await ctx.close();
});
