// Browser test of the owner's screens (issue 40, part 7): a listing made
// at sign-up has the wizard's hours; "Complete Profile" opens it; lead
// times show in the reader's zone with JavaScript (named), in UTC without.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { enquire, signIn, signUpBusiness, uniqueEmail, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

for (const js of [true, false]) {
  test(`owner screens: the sign-up's listing, Complete Profile, lead times in the reader's zone (JavaScript ${js ? "on" : "off"})`, async () => {
    const name = uniqueName("Zone Bakery");
    const setup = await browser.newContext();
    const owner = await signUpBusiness(setup, name);
    await setup.close();
    await enquire(browser, name, uniqueEmail("visitor"), "Do you bake rye on Sundays? Two loaves please.");

    const ctx = await browser.newContext({ javaScriptEnabled: js, timezoneId: "America/Los_Angeles" });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await signIn(page, owner);
    await page.waitForURL(baseURL + "/dashboard");
    const when = page.getByRole("region", { name: "Recent Leads" }).locator("time[data-local-time]").first();
    if (js) {
      await page.waitForFunction(() => document.querySelector("time[data-local-time]")?.dataset.localTime === "shown");
      assert.match(await when.textContent(), / P[SD]T$/, "the lead time is in the reader's zone, named");
    } else {
      assert.match(await when.textContent(), / UTC$/, "without JavaScript the lead time says it is UTC");
    }
    assert.ok(await page.getByRole("link", { name: "AI Insights" }).first().isVisible());

    await page.getByRole("link", { name: /^Complete Profile/ }).click();
    await page.waitForURL(/\/dashboard\/businesses\/\d+$/);
    assert.equal(await page.getByLabel("Business name").inputValue(), name);

    // The listing has the wizard's hours, not seven closed days.
    await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
    await page.locator(".business-card", { hasText: name }).getByRole("link", { name }).first().click();
    const hours = page.locator("table.hours-table");
    assert.doesNotMatch(await hours.locator("tr").first().textContent(), /Closed/);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
