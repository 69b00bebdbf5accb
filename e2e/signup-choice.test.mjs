// Browser test of the sign-up choice (issue 40, part 5): the header's
// "Get Started" asks who the visitor is before any form, with JavaScript
// on and off, on a phone and a desktop; each choice opens its own form.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

for (const js of [true, false]) {
  for (const width of [390, 1280]) {
    const mode = `${js ? "JavaScript on" : "JavaScript off"}, ${width} px`;

    test(`sign-up choice: Get Started asks business or individual before a form (${mode})`, async () => {
      const ctx = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      const errors = js ? watchErrors(page) : [];
      await page.goto(baseURL + "/");
      if (width < 700) {
        // On a phone "Get Started" sits in the menu.
        await page.getByRole("button", { name: "Menu" }).or(page.locator("summary[aria-label=Menu]")).first().click();
      }
      await page.getByRole("link", { name: "Get Started" }).locator("visible=true").first().click();
      await page.waitForURL(baseURL + "/signup");
      await page.getByRole("heading", { name: "Create Account", level: 1 }).waitFor();
      assert.equal(await page.locator("form[action='/signup']").count(), 0, "a form before the choice");

      const business = page.locator("[data-signup-choice=business]");
      const person = page.locator("[data-signup-choice=person]");
      assert.match(await business.getByRole("heading").textContent(), /I run a business/);
      assert.match(await business.locator("li").allTextContents().then((t) => t.join(" | ")), /leads per month on the free/);
      assert.doesNotMatch(await person.locator("li").allTextContents().then((t) => t.join(" | ")), /leads|verify/);

      await business.getByRole("link", { name: "Join as Business" }).click();
      await page.waitForURL(baseURL + "/business/signup");
      await page.getByLabel("Business name").waitFor();

      await page.goBack();
      await page.waitForURL(baseURL + "/signup");
      await page.locator("[data-signup-choice=person]").getByRole("link", { name: "Join as Individual" }).click();
      await page.waitForURL(baseURL + "/signup?as=person");
      await page.getByLabel("Full name").waitFor();
      assert.equal(await page.getByRole("button", { name: "Create Account" }).count(), 1);
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }
}
