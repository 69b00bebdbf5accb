// Browser tests for choosing a plan on /pricing: the free plan's toast, a
// paid plan sending a signed-out visitor through sign-in and back, and a
// signed-in user's paid plan opening Stripe Checkout in a new tab (the
// Checkout page itself is stubbed: the session comes from stripe-mock).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { linkFrom } from "./mailbox.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const password = "amber-lantern-61";
let seq = 0;
const uniqueEmail = (who) => `${who}.${Date.now()}.${++seq}@example.com`;

async function toast(page, title) {
  await page.locator(".toast", { hasText: title }).first().waitFor({ state: "attached", timeout: 5000 });
}

// newUser signs up through the shared screen and verifies the email.
async function newUser(ctx, name) {
  const page = await ctx.newPage();
  const email = uniqueEmail(name.toLowerCase());
  await page.goto(baseURL + "/signup");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(baseURL + "/login");
  await page.goto(await linkFrom(email, "/verify-email?token="));
  await page.close();
  return email;
}

async function signIn(page, email) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`choosing Starter shows the free plan toast (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await page.goto(baseURL + "/pricing");
    await page.getByRole("button", { name: "Get Started with Starter" }).click();
    await page.waitForURL(baseURL + "/pricing");
    await toast(page, "Free Plan Selected");
    assert.ok(await page.getByText("You're all set with the free plan!").count());
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`choosing Growth signed out goes to sign-in and back to /pricing (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const email = await newUser(ctx, "Gus");
    const page = await ctx.newPage();
    await page.goto(baseURL + "/pricing");
    await page.getByRole("button", { name: "Get Started with Growth" }).click();
    await page.waitForURL(baseURL + "/login?next=%2Fpricing");
    await signIn(page, email);
    await page.waitForURL(baseURL + "/pricing");
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
  const email = await newUser(ctx, "Gwen");
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await page.goto(baseURL + "/login?next=%2Fpricing");
  await signIn(page, email);
  await page.waitForURL(baseURL + "/pricing");
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
