// Browser test of the newsletter, with JavaScript off throughout: a reader
// subscribes on /blog and confirms from the email; an administrator (named
// by ADMIN_EMAILS, see run.mjs) writes a newsletter at /admin/newsletter,
// previews it, sends a test to themself and sends it to the confirmed
// subscribers; the reader's mailbox receives it with their own
// unsubscribe link, which works.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL } from "./browser.mjs";
import { linkFrom, mailTo, mailsTo } from "./mailbox.mjs";
import { adminEmail, adminPage, toast, uniqueEmail, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("newsletter: a confirmed subscriber receives the newsletter an administrator writes, previews, tests and sends", async () => {
  // A reader subscribes with JavaScript off, and confirms from the email.
  const reader = uniqueEmail("reader");
  const readerCtx = await browser.newContext({ javaScriptEnabled: false });
  const page = await readerCtx.newPage();
  await page.goto(baseURL + "/blog");
  const box = page.locator("section", { has: page.getByRole("heading", { name: "Get our newsletter by email" }) });
  await box.getByLabel("Email").fill(reader);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL(baseURL + "/blog#newsletter");
  await toast(page, "Check your inbox");
  await box.getByRole("status").filter({ hasText: "we've sent it a link to confirm" }).waitFor();

  await page.goto(await linkFrom(reader, "/subscribe/confirm?token="));
  await page.getByRole("heading", { level: 1, name: "Confirm your subscription" }).waitFor();
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await page.getByRole("status").filter({ hasText: `${reader} is subscribed to the newsletter.` }).waitFor();
  await toast(page, "Subscription confirmed");

  // The administrator writes, previews, tests and sends it.
  const subject = uniqueName("Newsletter");
  const adminCtx = await browser.newContext({ javaScriptEnabled: false });
  const admin = await adminPage(adminCtx);
  await admin.goto(baseURL + "/admin");
  await admin.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Newsletter" }).click();
  await admin.getByRole("heading", { level: 1, name: "Newsletter" }).waitFor();
  await admin.getByRole("link", { name: "Write a newsletter" }).click();
  await admin.getByLabel("Subject").fill(subject);
  await admin.getByLabel("Body").fill("We **shipped** verified badges.\n\n<script>alert(1)</script>\n\n[Read the blog](" + baseURL + "/blog)");
  await admin.getByRole("button", { name: "Preview" }).click();
  const preview = admin.getByRole("region", { name: "Preview" });
  await preview.waitFor();
  assert.equal(await preview.locator("strong", { hasText: "shipped" }).count(), 1, "the preview renders the Markdown");
  assert.equal(await preview.locator("script").count(), 0, "raw HTML is left out of the preview");

  await admin.getByRole("button", { name: `Send a test to ${adminEmail}` }).click();
  await toast(admin, "Test on its way");
  await mailTo(adminEmail, "[Test] " + subject);
  assert.equal((await mailsTo(reader)).filter((m) => m.subject === subject).length, 0, "the test went to the administrator only");

  await admin.getByRole("button", { name: /^Send to \d+ confirmed subscribers?…$/ }).click();
  await admin.getByRole("heading", { level: 1, name: "Send the newsletter" }).waitFor();
  await admin.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
  await toast(admin, "Sending");
  await admin.getByRole("heading", { level: 1, name: subject }).waitFor();

  // The reader's copy, with their own way out.
  const mail = await mailTo(reader, subject);
  assert.match(mail.text, /We shipped verified badges\./, "the text part is plain text, without Markdown marks");
  assert.match(mail.html, /<strong>shipped<\/strong>/);
  assert.match(String(mail.headers?.["list-unsubscribe"] ?? ""), /\/unsubscribe\?token=/, "List-Unsubscribe header");
  const unsubscribe = await linkFrom(reader, "/unsubscribe?token=");
  await page.goto(unsubscribe);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await page.getByRole("status").filter({ hasText: `${reader} is unsubscribed from the newsletter.` }).waitFor();

  // The list shows the newsletter sent.
  await admin.goto(baseURL + "/admin/newsletter");
  await admin.getByRole("row", { name: new RegExp(subject) }).getByText("Sent", { exact: true }).waitFor();
  await readerCtx.close();
  await adminCtx.close();
});
