// Browser tests of the logo and photos in the profile wizard's first step
// (views.wizardImagesPart, islands/wizard/Images.tsx): with JavaScript the
// files upload at once, with previews and checks, and the photos are
// described and reordered before the form is sent; without it, a plain
// multipart form keeps the uploads through a failed submission.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUp, toast, uniqueName } from "./people.mjs";

const testdata = join(dirname(fileURLToPath(import.meta.url)), "..", "images", "testdata");
const file = (name) => join(testdata, name);

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function maker(page) {
  const email = await signUp(page.context(), "Robin Maker");
  await signIn(page, email);
  return email;
}

const mounted = (page) => page.locator("[data-island=wizard][data-island-state=mounted]").waitFor();
const next = (page) => page.getByRole("button", { name: "Next" }).click();
const galleryAlts = (page) => page.getByTestId("gallery").locator("img").evaluateAll((imgs) => imgs.map((i) => i.alt));

test("wizard images: a logo and two photos uploaded at once, described, reordered, then on the listing's page (JavaScript on)", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await maker(page);
  const name = uniqueName("Pixel Bakery");

  await page.goto(baseURL + "/business/create-profile");
  await mounted(page);
  const part = page.getByTestId("wizard-images");
  await part.getByLabel("Choose a logo").setInputFiles(file("transparent.png"));
  await part.getByLabel("choose photos").setInputFiles([file("gps-orientation6.jpg"), file("photo.webp")]);
  // The server's thumbnails replace the previews once each upload is kept.
  await part.locator(".image-logo img[src*='/media/']").waitFor();
  await part.locator(".photo-item img[src*='/media/']").nth(1).waitFor();

  // An SVG is refused in the browser with the server's words, and removed.
  await part.getByLabel("choose photos").setInputFiles(file("logo.svg"));
  await part.getByText("SVG images are not accepted: upload a JPEG, PNG or WebP").waitFor();
  await part.getByRole("button", { name: "Remove Photo 3" }).click();
  assert.equal(await part.locator(".photo-item").count(), 2);

  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Description").fill("Sourdough, rye and pastries baked every morning.");
  await page.getByLabel("Category", { exact: true }).selectOption("food");
  // Next: each photo needs its alt text.
  await next(page);
  await page.locator("#f-photo_0_alt-error").waitFor();
  assert.equal(await page.getByLabel("Photo 2 alt text").getAttribute("aria-invalid"), "true");
  await page.getByLabel("Photo 1 alt text").fill("Rye loaves on the counter");
  await page.getByLabel("Photo 2 alt text").fill("A croissant, close up");
  assert.equal(await page.locator("#f-photo_0_alt-error").count(), 0, "the message goes as the text is typed");

  // The keyboard's way to reorder: the second photo becomes the cover.
  await part.getByRole("button", { name: "Move later (Photo 1)" }).click();
  assert.equal(await page.getByLabel("Photo 1 alt text").inputValue(), "A croissant, close up");

  await next(page);
  await page.getByLabel("City").fill("Tacoma");
  await page.getByLabel("State").selectOption("WA");
  await next(page);
  await next(page);
  await page.getByRole("heading", { name: "Review" }).waitFor();
  assert.ok((await page.locator(".wizard-review").textContent()).includes("A logo and 2 photos"));
  await page.getByRole("button", { name: "Create Profile" }).click();
  await page.waitForURL(/\/directory\/[a-z0-9-]+$/);
  await toast(page, "Profile created!");
  assert.deepEqual(await galleryAlts(page), ["A croissant, close up", "Rye loaves on the counter"]);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test("wizard images without JavaScript: files in the long form, kept through a failed submission", async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await maker(page);
  const name = uniqueName("Plain Pixels");

  await page.goto(baseURL + "/business/create-profile");
  await page.getByLabel(/^Logo/).setInputFiles(file("transparent.png"));
  await page.getByLabel("Photo 1 file").setInputFiles(file("gps-orientation6.jpg"));
  await page.getByLabel("Photo 1 alt text").fill("Jars of spices on a shelf");
  await page.getByLabel("Photo 2 file").setInputFiles(file("photo.webp"));
  // No alt text for the second photo (the browser cannot tell it is
  // needed): the form comes back with the uploads.
  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Description").fill("Dry goods, spices and teas by weight.");
  await page.getByLabel("Category", { exact: true }).selectOption("retail");
  await page.getByLabel("City").fill("Bellingham");
  await page.getByLabel("State").selectOption("WA");
  await page.getByRole("button", { name: "Create Profile" }).click();
  await page.locator("#f-photo_1_alt-error").waitFor();
  assert.equal(await page.locator("[data-image-id] img").count(), 3, "the three uploads are shown, not asked for again");
  assert.equal(await page.getByLabel("Photo 1 alt text").inputValue(), "Jars of spices on a shelf");

  assert.equal(await page.getByLabel("Business name").inputValue(), name);
  await page.getByLabel("Photo 2 alt text").fill("The shop front in the rain");
  await page.getByRole("button", { name: "Create Profile" }).click();
  await page.waitForURL(/\/directory\/[a-z0-9-]+$/);
  await toast(page, "Profile created!");
  assert.deepEqual(await galleryAlts(page), ["Jars of spices on a shelf", "The shop front in the rain"]);
  await ctx.close();
});
