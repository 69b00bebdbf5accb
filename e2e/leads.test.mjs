// Browser tests for leads: a visitor contacts a listing (dialog with
// JavaScript, a page without), the owner is emailed and sees the lead on
// the dashboard.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { mailsTo } from "./mailbox.mjs";
import { signIn, signUpBusiness, toast, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// newOwner signs up a business through the form and verifies it (which
// gives the owner a listing); it returns the owner's email.
async function newOwner(name) {
  const ctx = await browser.newContext();
  const email = await signUpBusiness(ctx, name);
  await ctx.close();
  return email;
}

async function findListing(page, name) {
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  await page.locator(".business-card", { hasText: name }).getByRole("link", { name: /View Profile/ }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  return page.url();
}

async function ownerSeesLead(email, message) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, email);
  await page.getByText(message).waitFor();
  await ctx.close();
}

test("a visitor sends a lead from the listing's dialog and the owner sees it (JavaScript on)", async () => {
  const name = uniqueName("Ember Pizza");
  const owner = await newOwner(name);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const url = await findListing(page, name);

  await page.getByRole("link", { name: "Contact" }).first().click();
  const dialog = page.getByRole("dialog", { name: `Contact ${name}` });
  await dialog.waitFor();
  assert.equal(page.url(), url, "the dialog opens on the listing's page");
  // A validation error comes back inside the dialog, values kept.
  await dialog.getByLabel("Your name").fill("Dana Visitor");
  await dialog.getByLabel("Email").fill("dana@example.com");
  await dialog.getByLabel("Message").fill("   ");
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await dialog.getByText("Write a message.").waitFor();
  assert.equal(await dialog.getByLabel("Your name").inputValue(), "Dana Visitor");

  await dialog.getByLabel("Message").fill("Do you deliver to Ruston on Fridays?");
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await dialog.getByText("Message sent!").waitFor();
  await toast(page, "Message sent!");
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "hidden" });
  assert.deepEqual(errors.filter((e) => !e.includes("422")), []);

  const deadline = Date.now() + 10_000;
  while ((await mailsTo(owner)).filter((m) => m.subject.includes("New enquiry")).length === 0) {
    assert.ok(Date.now() < deadline, "the owner was not emailed");
    await new Promise((r) => setTimeout(r, 200));
  }
  await ownerSeesLead(owner, "Do you deliver to Ruston on Fridays?");
  await ctx.close();
});

test("a visitor sends a lead without JavaScript and the owner sees it", async () => {
  const name = uniqueName("Quiet Oven");
  const owner = await newOwner(name);
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const url = await findListing(page, name);
  await page.getByRole("link", { name: "Contact" }).first().click();
  await page.waitForURL(url + "/contact");
  await page.getByLabel("Your name").fill("Lee Visitor");
  await page.getByLabel("Email").fill("lee@example.com");
  await page.getByLabel("Message").fill("Table for eight on Saturday?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.waitForURL(url + "/contact");
  await toast(page, "Message sent!");
  // The toast fades by itself; the confirmation stays in the form's place.
  await page.locator(".lead-form-wrap .notice", { hasText: "will get back to you soon." }).waitFor();
  await page.getByRole("link", { name: "Back to " + name }).click();
  await page.waitForURL(url);
  await ownerSeesLead(owner, "Table for eight on Saturday?");
  await ctx.close();
});
