// Browser tests for refused input: text pasted with a control character
// (here an escape sequence) is refused with a page that gives it back,
// cleaned, beside the field, and is sent again from there, with
// JavaScript on (in place of the form) and off (a page).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL } from "./browser.mjs";
import { toast } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const pasted = "Our invoice\u001b[0m shows the wrong plan.";
const cleaned = "Our invoice[0m shows the wrong plan.";

async function fillContact(page) {
  await page.getByLabel("First Name").fill("Ada");
  await page.getByLabel("Last Name").fill("Lane");
  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByLabel("Subject").selectOption("billing");
  await page.getByLabel("Message").fill(pasted);
}

for (const javaScriptEnabled of [true, false]) {
  test(`input: a control character in a form is refused, given back and sent again (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled });
    const page = await ctx.newPage();
    await page.goto(baseURL + "/contact");
    await fillContact(page);
    if (javaScriptEnabled) await page.waitForFunction(() => "htmx" in window);
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url() === baseURL + "/contact" && r.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    assert.equal(res.status(), 422);
    await page.getByRole("heading", { name: "Check what you sent" }).waitFor();
    const message = page.getByLabel("Message");
    assert.equal(await message.inputValue(), cleaned, "the text comes back without the character");
    assert.equal(await message.getAttribute("aria-invalid"), "true");
    const described = await message.getAttribute("aria-describedby");
    assert.match(await page.locator(`#${described.split(" ").pop()}`).innerText(), /can't accept/);

    await page.getByRole("button", { name: "Send again" }).click();
    await page.waitForURL(baseURL + "/contact");
    await toast(page, "Message sent!");
    await ctx.close();
  });
}
