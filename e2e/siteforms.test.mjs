// Browser tests for the site's own forms: the contact form is sent in place
// with JavaScript (htmx, a toast, no page load) and as a plain form without
// it (a toast and a confirmation after the redirect).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { toast } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function fillContact(page, message) {
  await page.getByLabel("First Name").fill("Ada");
  await page.getByLabel("Last Name").fill("Lane");
  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByLabel("Subject").selectOption("billing");
  await page.getByLabel("Message").fill(message);
}

test("siteforms: the contact form is sent in place with JavaScript on", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await page.goto(baseURL + "/contact?subject=demo");
  assert.equal(await page.getByLabel("Subject").inputValue(), "demo", "?subject= preselects the subject");
  assert.equal(await page.evaluate(() => "htmx" in window), false, "htmx waits until the form is used");

  // Focusing the form loads htmx; an address the server refuses comes back
  // in place, values kept.
  await fillContact(page, "How do annual plans work?");
  await page.getByLabel("Email", { exact: true }).fill("ada@example");
  await page.waitForFunction(() => "htmx" in window);
  await page.evaluate(() => (window.samePage = true));
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByText("Enter a valid email address").waitFor();
  assert.equal(await page.getByLabel("Message").inputValue(), "How do annual plans work?");
  assert.equal(await page.getByLabel("Subject").inputValue(), "billing");

  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByRole("button", { name: "Send Message" }).click();
  await toast(page, "Message sent!", { visible: true });
  await toast(page, "A person on our team reads it and will answer by email.", { visible: true });
  await page.getByRole("status").filter({ hasText: "Message sent!" }).waitFor();
  assert.equal(await page.evaluate(() => window.samePage), true, "the page did not reload");
  assert.equal(page.url(), baseURL + "/contact?subject=demo");
  assert.deepEqual(errors.filter((e) => !e.includes("422")), []);
  await ctx.close();
});

test("siteforms: the contact form is sent with JavaScript off", async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(baseURL + "/contact");
  await fillContact(page, "Can I move my listing to another account?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.waitForURL(baseURL + "/contact");
  await toast(page, "Message sent!");
  // The toast fades by itself; the confirmation stays in the form's place.
  await page.locator(".site-form-wrap .notice", { hasText: "A person on our team reads it and will answer by email." }).waitFor();
  await page.getByRole("link", { name: "Send another message" }).click();
  await page.waitForURL(baseURL + "/contact");
  assert.equal(await page.getByLabel("Message").inputValue(), "", "a fresh form");
  await ctx.close();
});
