// Accounts the browser tests make through the real forms: a business
// owner signed up and verified by the emailed link, then signed in.
import { baseURL } from "./browser.mjs";
import { linkFrom } from "./mailbox.mjs";

export const password = "copper-kettle-58";

// signUpBusiness registers a business (which gives its owner a listing
// called name) in ctx and verifies the address; it returns the email.
export async function signUpBusiness(ctx, name, { category = "food", location = "Tacoma, WA", description = "Wood-fired pizza and salads.", owner = "Pat Owner" } = {}) {
  const page = await ctx.newPage();
  const email = `owner.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
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
  await page.goto(await linkFrom(email, "/verify-email?token="));
  await page.close();
  return email;
}

// signIn signs email in from the sign-in page and lands on the dashboard.
export async function signIn(page, email) {
  await page.goto(baseURL + "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(baseURL + "/dashboard");
}
