// Browser tests for accounts: sign-up, email verification through a real
// SMTP server (maildev), sign-in, dashboard, sign-out, business and
// individual sign-up, forgot/reset password; with JavaScript on and off.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { linkFrom } from "./mailbox.mjs";
import { password, signIn, signUp, toast, uniqueEmail, verifyEmail } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`sign up, verify the email, sign in, see the dashboard, sign out (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    const email = uniqueEmail("jo");

    await page.goto(baseURL + "/");
    await page.getByRole("link", { name: "Get Started" }).first().click();
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
    await page.getByRole("link", { name: "Join as Individual" }).click();
    await page.getByLabel("Full name").fill("Jo Rivera");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    if (js) {
      // Hold the first submission in the page (after the form has seen it),
      // to look at the busy button; then send the form for real.
      await page.evaluate(() =>
        document.addEventListener("submit", (e) => e.preventDefault(), { once: true }),
      );
      await page.getByRole("button", { name: "Create Account" }).click();
      const busy = page.locator("button[aria-busy=true]");
      await busy.waitFor();
      assert.equal(await busy.textContent(), "Loading...");
      assert.ok(await busy.isDisabled());
      await page.locator("form[action='/signup']").evaluate((f) => f.submit());
    } else {
      await page.getByRole("button", { name: "Create Account" }).click();
    }
    await page.waitForURL(baseURL + "/login");
    await toast(page, "Account created!");
    assert.ok(await page.getByText("Please check your email to verify your account.").first().count());

    // Signing in first is refused with a way to resend.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Please verify your email address before signing in.").waitFor();
    errors.length = 0; // that refusal is a 403 on purpose

    await verifyEmail(page, email);
    await toast(page, "Email verified!");

    await signIn(page, email);
    await toast(page, "Welcome back!");
    await page.getByRole("heading", { name: "Welcome back, Jo Rivera" }).waitFor();
    // A person's account opens their home, not a business dashboard.
    await page.getByRole("region", { name: "Your quote requests" }).getByText("You have not asked for quotes yet.").waitFor();
    await page.getByRole("region", { name: "Saved businesses" }).getByText("No saved businesses yet.").waitFor();

    await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(baseURL + "/");
    await page.goto(baseURL + "/dashboard");
    await page.waitForURL(/\/login\?next=%2Fdashboard$/);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`business sign-up shows field errors first, then creates the listing (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const email = uniqueEmail("biz");
    await page.goto(baseURL + "/business/signup");
    await page.getByLabel("Business name").fill("Harbor Light Dental");
    await page.getByLabel("Business category").selectOption("healthcare");
    await page.getByLabel("Location").fill("Portland");
    await page.getByLabel("Business description").fill("Family dentistry with evening hours.");
    await page.getByLabel("Owner/manager name").fill("Dr. Lee Chan");
    await page.getByLabel("Business email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill("something-else-1");
    await page.getByRole("button", { name: "Create Business Profile" }).click();
    await page.getByText("The passwords do not match.").waitFor();
    await page.getByText("Enter the city and state, like Austin, TX.").waitFor();
    // What was typed is still there, except the passwords.
    assert.equal(await page.getByLabel("Business name").inputValue(), "Harbor Light Dental");
    assert.equal(await page.getByLabel("Business category").inputValue(), "healthcare");
    assert.equal(await page.getByLabel("Location").inputValue(), "Portland");
    assert.equal(await page.getByLabel("Password", { exact: true }).inputValue(), "");

    // A state by its name is taken, and the listing is in Portland, OR.
    await page.getByLabel("Location").fill("Portland, Oregon");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Create Business Profile" }).click();
    await page.waitForURL(baseURL + "/login");
    await toast(page, "Account created!");
    await verifyEmail(page, email);
    await signIn(page, email);
    await page.locator(".item-title", { hasText: "Harbor Light Dental" }).waitFor();
    const item = page.locator("li", { has: page.locator(".item-title", { hasText: "Harbor Light Dental" }) });
    assert.match(await item.textContent(), /Portland, OR/);
    await page.getByRole("link", { name: "Add Another Business" }).waitFor();
    await ctx.close();
  });

  test(`individual sign-up shows field errors first, then creates the account (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const email = uniqueEmail("ind");
    await page.goto(baseURL + "/individual/signup");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Park");
    await page.getByLabel("Email", { exact: true }).fill(email);
    // Spaces pass the browser's own required check; the server still refuses them.
    await page.getByLabel("Location").fill("   ");
    await page.getByLabel("Interests & industries").fill("fintech, retail");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Create Individual Profile" }).click();
    await page.getByText("Enter where you are, like Denver, CO.").waitFor();
    assert.equal(await page.getByLabel("Interests & industries").inputValue(), "fintech, retail");

    await page.getByLabel("Location").fill("Denver, CO");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Create Individual Profile" }).click();
    await page.waitForURL(baseURL + "/login");
    await toast(page, "Account created!");
    await verifyEmail(page, email);
    await signIn(page, email);
    await page.getByRole("heading", { name: "Welcome back, Ada Park" }).waitFor();
    await ctx.close();
  });

  test(`forgot password and reset it (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const email = await signUp(ctx, "Rae Kim");

    await page.goto(baseURL + "/login");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await toast(page, "Email required");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await toast(page, "Password reset sent!");

    await page.goto(await linkFrom(email, "/reset-password?token="));
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill("fresh-start-2026");
    await page.getByLabel("Confirm new password").fill("fresh-start-2026");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(baseURL + "/login");
    await toast(page, "Password updated");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("fresh-start-2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(baseURL + "/dashboard");
    await ctx.close();
  });
}

test("the password can be shown and hidden (JavaScript on)", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(baseURL + "/login");
  const input = page.getByLabel("Password", { exact: true });
  await input.fill("secret-words");
  await page.getByRole("button", { name: "Show password" }).click();
  assert.equal(await input.getAttribute("type"), "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  assert.equal(await input.getAttribute("type"), "password");
  await ctx.close();
});
