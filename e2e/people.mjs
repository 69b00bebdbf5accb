// The people of the browser tests and what they do through the real forms:
// sign up (a person or a business), verify the address by the emailed
// link, sign in; the administrator; and the toast they are shown.
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
  await page.goto(baseURL + "/signup");
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
