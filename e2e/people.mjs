// The people of the browser tests and what they do through the real forms:
// sign up (a person or a business), verify the address by the emailed
// link, sign in; the administrator; and the toast they are shown.
import { createHmac } from "node:crypto";
import { baseURL } from "./browser.mjs";
import { linkFrom } from "./mailbox.mjs";

export const password = "copper-kettle-58";

let seq = 0;
// uniqueEmail is a new address for who, never used before.
export const uniqueEmail = (who = "someone") => `${who}.${Date.now()}.${++seq}.${Math.floor(Math.random() * 1e6)}@example.com`;

// uniqueName is a business name never used before: prefix and a random
// word, so that no two tests' listings in one city have names alike
// (numbers from the clock could be a few edits apart, and a listing whose
// name is close to another's in its city is held for review).
export function uniqueName(prefix) {
  let word = "";
  for (let i = 0; i < 8; i++) word += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return `${prefix} ${word[0].toUpperCase()}${word.slice(1)}`;
}

// toast waits for the one notification that says text (the server renders
// it after a redirect, or the page shows it), within the 5 s it is shown;
// { visible: true } waits until it shows, not only until it is there.
export async function toast(page, text, { visible = false } = {}) {
  await page.locator(".toast", { hasText: text }).waitFor({ state: visible ? "visible" : "attached", timeout: 5000 });
}

// verifyEmail opens the link of the verification email sent to email,
// which signs nobody in and lands on the sign-in page.
export async function verifyEmail(page, email) {
  await page.goto(await linkFrom(email, "/verify-email?token="));
  await page.waitForURL(baseURL + "/login");
}

// signUp registers a person (full name, email, password) in ctx and
// verifies the address; it returns the email.
export async function signUp(ctx, name, { email = uniqueEmail(name.split(" ")[0].toLowerCase()) } = {}) {
  const page = await ctx.newPage();
  await page.goto(baseURL + "/signup?as=person");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(baseURL + "/login");
  await verifyEmail(page, email);
  await page.close();
  return email;
}

// signUpBusiness registers a business (which gives its owner a listing
// called name) in ctx and verifies the address; it returns the email.
export async function signUpBusiness(ctx, name, { category = "food", location = "Tacoma, WA", description = "Wood-fired pizza and salads.", owner = "Pat Owner" } = {}) {
  const page = await ctx.newPage();
  const email = uniqueEmail("owner");
  await page.goto(baseURL + "/business/signup");
  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Business category").selectOption(category);
  await page.getByLabel("Location").fill(location);
  await page.getByLabel("Business description").fill(description);
  await page.getByLabel("Owner/manager name").fill(owner);
  await page.getByLabel("Business email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create Business Profile" }).click();
  await page.waitForURL(baseURL + "/login");
  await verifyEmail(page, email);
  await page.close();
  return email;
}

// signIn signs email in from the sign-in page the browser is on (sent
// there from a page that needs an account), or else from /login, and waits
// for the page it leads to: the one asked for (?next=), or the dashboard.
export async function signIn(page, email) {
  if (!page.url().startsWith(baseURL + "/login?") && page.url() !== baseURL + "/login") await page.goto(baseURL + "/login");
  const next = new URL(page.url()).searchParams.get("next") || "/dashboard";
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(baseURL + next);
}

// adminEmail is the administrator's address (ADMIN_EMAILS in run.mjs).
export const adminEmail = "admin@bizprofile.e2e";

// adminPage is a new page of ctx signed in as the administrator, whose
// account is made (and verified) the first time a test file needs it,
// unless an earlier file of the same run made it already.
let adminReady;
export async function adminPage(ctx) {
  adminReady ??= (async () => {
    const c = await ctx.browser().newContext();
    const p = await c.newPage();
    await p.goto(baseURL + "/login");
    await p.getByLabel("Email").fill(adminEmail);
    await p.getByLabel("Password", { exact: true }).fill(password);
    await p.getByRole("button", { name: "Sign In" }).click();
    await p.waitForLoadState();
    const exists = !p.url().startsWith(baseURL + "/login");
    await c.close();
    if (!exists) {
      const s = await ctx.browser().newContext();
      await signUp(s, "Avery Admin", { email: adminEmail });
      await s.close();
    }
  })();
  await adminReady;
  const page = await ctx.newPage();
  await signIn(page, adminEmail);
  return page;
}

// stripeAPIVersion is the API version of the app's Stripe library
// (stripe-go v85's stripe.APIVersion): the app refuses events of another.
const stripeAPIVersion = "2026-03-25.dahlia";

// onPlan puts the account of email on plan (Pro unless told) as Stripe
// would: a subscription created and active for a month, in an event
// signed with the e2e server's webhook secret (STRIPE_WEBHOOK_SECRET in
// run.mjs) and posted to /webhooks/stripe. The account's id, which the
// checkout gives Stripe, is read from its data file (/profile/data.json).
// It returns the account's id and the subscription's.
export async function onPlan(ctx, email, { plan = "pro", amountCents = 4900 } = {}) {
  const c = await ctx.browser().newContext();
  const page = await c.newPage();
  await signIn(page, email);
  const data = await c.request.get(baseURL + "/profile/data.json");
  if (!data.ok()) throw new Error(`/profile/data.json: HTTP ${data.status()}`);
  const userID = (await data.json()).account.id;
  await c.close();
  if (!userID) throw new Error(`no account id in the data file of ${email}`);

  const now = Math.floor(Date.now() / 1000);
  const subscription = "sub_e2e_" + rand();
  await postStripeEvent("customer.subscription.created", {
    id: subscription,
    object: "subscription",
    customer: "cus_e2e_" + rand(),
    status: "active",
    cancel_at_period_end: false,
    metadata: { user_id: String(userID), plan },
    items: {
      object: "list",
      data: [{
        id: "si_e2e_" + rand(),
        object: "subscription_item",
        current_period_end: now + 30 * 86400,
        price: { id: "price_e2e_" + plan, object: "price", unit_amount: amountCents, currency: "usd", recurring: { interval: "month" }, metadata: { plan } },
      }],
    },
  });
  return { userID, subscription };
}

// rand is a random suffix for the ids of Stripe's objects.
export const rand = () => Math.random().toString(36).slice(2, 12);

// postStripeEvent posts an event of type about object to /webhooks/stripe
// as Stripe would: signed with the e2e server's webhook secret
// (STRIPE_WEBHOOK_SECRET in run.mjs), in the API version the app reads.
export async function postStripeEvent(type, object) {
  const now = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: "evt_e2e_" + rand(),
    object: "event",
    api_version: stripeAPIVersion,
    created: now,
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
  const signature = createHmac("sha256", "whsec_e2e").update(`${now}.${body}`).digest("hex");
  const r = await fetch(baseURL + "/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${now},v1=${signature}` },
    body,
  });
  if (!r.ok) throw new Error(`Stripe's ${type} event was refused: HTTP ${r.status} ${await r.text()}`);
}

// onPro puts the account of email on the Pro plan (onPlan).
export const onPro = (ctx, email) => onPlan(ctx, email);

// enquire has a visitor (address visitor, named Vera Visitor) send message
// to the listing named name through its contact page, in a context of its
// own in browser.
export async function enquire(browser, name, visitor, message) {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  await page.locator(".business-card", { hasText: name }).getByRole("link", { name: /^Contact/ }).click();
  await page.getByLabel("Your name").fill("Vera Visitor");
  await page.getByLabel("Email").fill(visitor);
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await toast(page, "Message sent!");
  await ctx.close();
}

// widthOnPhone is how wide the page the browser is on lays out on a phone
// 375 px wide (its scroll width): more than 375 means it scrolls sideways.
export async function widthOnPhone(page) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize(before);
  return width;
}

// approvedPartner makes an approved partner account (Partner+ unless
// told) as a partner and an administrator would: the sign-up at
// /partners/signup, the emailed link, the administrator's approval. It
// returns the partner's email and company, and a page of ctx signed in as
// the partner on /partners/dashboard.
export async function approvedPartner(ctx, { plan = "partner-plus", company = `Brightside Agency ${rand()}` } = {}) {
  const email = `pia.${rand()}@brightside-agency.example`;
  const s = await ctx.browser().newContext();
  const p = await s.newPage();
  await p.goto(baseURL + "/partners/signup");
  await p.getByRole("textbox", { name: "Name", exact: true }).fill("Pia Partner");
  await p.getByRole("textbox", { name: "Company" }).fill(company);
  await p.getByRole("textbox", { name: "Website" }).fill("https://brightside-agency.example");
  await p.getByLabel(plan === "partner-plus" ? /^Partner\+/ : /^Partner(?!\+)/).check();
  await p.getByRole("textbox", { name: "Email" }).fill(email);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.getByLabel("Confirm password").fill(password);
  await p.getByLabel("I accept the partner terms").check();
  await p.getByRole("button", { name: "Apply Now" }).click();
  await p.waitForURL((u) => u.pathname === "/login");
  await verifyEmail(p, email);
  const admin = await adminPage(s);
  await admin.goto(baseURL + "/admin/partners");
  await admin.getByRole("link", { name: company }).click();
  await admin.getByLabel("Plan").selectOption(plan);
  await admin.getByRole("button", { name: "Approve" }).click();
  await admin.waitForLoadState();
  await s.close();
  const page = await ctx.newPage();
  await page.goto(baseURL + "/login?next=%2Fpartners%2Fdashboard");
  await signIn(page, email);
  return { email, company, page };
}
