// Browser tests for choosing a plan on /pricing: the free plan leading a
// signed-out visitor to the business sign-up, a
// paid plan sending a signed-out visitor through sign-in and back, and a
// signed-in user's paid plan opening Stripe Checkout in a new tab (the
// Checkout page itself is stubbed: the session comes from stripe-mock).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUp, toast } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`choosing Starter signed out leads to the business sign-up (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await page.goto(baseURL + "/pricing");
    await page.getByRole("button", { name: "Get Started with Starter" }).click();
    await page.waitForURL(baseURL + "/business/signup");
    await toast(page, "Free Plan Selected");
    assert.ok(await page.getByText("Create your business account: every account starts on the free Starter plan.").count());
    await page.getByRole("heading", { name: "Join as Business" }).waitFor();
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`choosing Growth signed out goes to sign-in and back to /pricing (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const email = await signUp(ctx, "Gus");
    const page = await ctx.newPage();
    await page.goto(baseURL + "/pricing");
    await page.getByRole("button", { name: "Get Started with Growth" }).click();
    await page.waitForURL(baseURL + "/login?next=%2Fpricing");
    await signIn(page, email);
    await page.getByRole("heading", { name: "Choose your plan" }).waitFor();
    await ctx.close();
  });
}

test("signed in, choosing Growth opens Stripe Checkout in a new tab", async () => {
  const ctx = await browser.newContext();
  // Stand in for Stripe's page; the redirect to it is what is tested
  // (the Content-Security-Policy's form-action must allow it).
  await ctx.route("https://checkout.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Stripe Checkout</title><h1>Checkout</h1>" }),
  );
  const email = await signUp(ctx, "Gwen");
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await page.goto(baseURL + "/login?next=%2Fpricing");
  await signIn(page, email);
  const [checkout] = await Promise.all([
    ctx.waitForEvent("page"),
    page.getByRole("button", { name: "Get Started with Growth" }).click(),
  ]);
  await checkout.waitForURL(/^https:\/\/checkout\.stripe\.com\//);
  await checkout.getByRole("heading", { name: "Checkout" }).waitFor();
  assert.equal(page.url(), baseURL + "/pricing", "the pricing page stays open in its own tab");
  assert.deepEqual(errors, []);
  await ctx.close();
});
