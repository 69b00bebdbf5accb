// Browser tests for an account's data and its closing: an owner downloads
// their data from /profile, closes the account (a wrong password first),
// lands on the home page signed out, is emailed a confirmation, their
// listing is gone from the directory and they cannot sign in again; with
// JavaScript on and off.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { mailsTo } from "./mailbox.mjs";
import { password, signIn, signUpBusiness, toast, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`an owner downloads their data, closes the account and cannot sign in again (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js, acceptDownloads: true });
    const name = uniqueName("Closing Cafe");
    const email = await signUpBusiness(ctx, name, { location: "Tacoma, WA" });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await signIn(page, email);

    // The listing is in the directory to begin with.
    await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
    const card = page.locator(".business-card", { hasText: name });
    const listingPath = await card.getByRole("link", { name: /View Profile/ }).getAttribute("href");
    assert.match(listingPath, /^\/directory\//);

    // The data file.
    await page.goto(baseURL + "/profile");
    const yourData = page.getByRole("region", { name: "Your data" });
    const [download] = await Promise.all([page.waitForEvent("download"), yourData.getByRole("link", { name: "Download my data" }).click()]);
    assert.match(download.suggestedFilename(), /^bizprofile-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), "utf8"));
    assert.equal(data.account.email, email);
    assert.deepEqual(data.listings.map((l) => l.name), [name]);
    assert.ok(Array.isArray(data.leads_received) && Array.isArray(data.reviews_written), "every part is a list");

    // The confirmation page; a wrong password closes nothing.
    await page.getByRole("region", { name: "Close account" }).getByRole("link", { name: "Close my account…" }).click();
    await page.getByRole("heading", { level: 1, name: "Close your account?" }).waitFor();
    await page.getByText(name).first().waitFor();
    await page.getByLabel("Your password").fill("not-the-password");
    await page.getByRole("button", { name: "Close my account" }).click();
    await page.getByText("That is not your current password.").waitFor();
    assert.equal(new URL(page.url()).pathname, "/profile/close");

    await page.getByLabel("Your password").fill(password);
    await page.getByRole("button", { name: "Close my account" }).click();
    await page.waitForURL(baseURL + "/");
    await toast(page, "Your account is closed");

    // Signed out, emailed, the listing gone.
    const profile = await page.goto(baseURL + "/profile");
    assert.ok(new URL(page.url()).pathname === "/login", `after closing /profile led to ${page.url()} (${profile.status()})`);
    const deadline = Date.now() + 10_000;
    while (!(await mailsTo(email)).some((m) => m.subject.includes("account is closed"))) {
      assert.ok(Date.now() < deadline, "no confirmation email");
      await new Promise((r) => setTimeout(r, 200));
    }
    const gone = await page.goto(baseURL + listingPath);
    assert.equal(gone.status(), 404);
    await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
    assert.equal(await page.locator(".business-card", { hasText: name }).count(), 0, "the listing is still in the directory");

    // Signing in answers as for an unknown address.
    await page.goto(baseURL + "/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid login credentials").first().waitFor();
    assert.equal(new URL(page.url()).pathname, "/login");

    assert.deepEqual(errors.filter((e) => !e.includes("422") && !e.includes("401") && !e.includes("404")), [], "no error but the expected 422, 401 and 404");
    await ctx.close();
  });
}
