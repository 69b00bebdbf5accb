// Browser tests for the profile wizard (/business/create-profile): the
// four-step React island with its checks, draft and busy button, the
// server's answer to a failed submission, a sign-in detour, and the long
// form without JavaScript; then the listing is edited and deleted from the
// dashboard.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUp, toast, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// maker signs up a new person, verified, and signs them in on page, which
// ends on the dashboard; it returns their email.
async function maker(page) {
  const email = await signUp(page.context(), "Robin Maker");
  await signIn(page, email);
  return email;
}

const mounted = (page) => page.locator("[data-island=wizard][data-island-state=mounted]").waitFor();
const currentStep = (page) => page.locator(".wizard-steps [aria-current=step]").textContent();
const focusedId = (page) => page.evaluate(() => document.activeElement?.id || "");
const next = (page) => page.getByRole("button", { name: "Next" }).click();

// fillBasics fills step 1 and moves on.
async function fillBasics(page, name) {
  await page.getByLabel("Business name").fill(name);
  await page.getByLabel(/^Tagline/).fill("Bread worth the queue");
  await page.getByLabel("Description").fill("Sourdough, rye and pastries baked every morning.");
  await page.getByLabel("Category", { exact: true }).selectOption("food");
  await page.getByLabel(/^Sub-category/).fill("Bakery & Cafe");
  await page.getByLabel(/^Tags/).fill("bread, pastries");
  await next(page);
  await page.getByRole("heading", { name: "Contact" }).waitFor();
}

test("profile wizard: steps, checks, draft after a reload, busy button, then edit and delete the listing (JavaScript on)", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const email = await maker(page);
  const name = uniqueName("Crumb Theory");

  await page.goto(baseURL + "/business/create-profile");
  await mounted(page);
  // Step 1: Previous is disabled, Create Profile is not there yet.
  assert.match(await currentStep(page), /Basic Info/);
  assert.ok(await page.getByRole("button", { name: "Previous" }).isDisabled());
  assert.equal(await page.getByRole("button", { name: "Create Profile" }).count(), 0);
  assert.equal(await page.getByLabel(/^Email/).inputValue(), email, "the email starts as the user's");
  assert.ok(!(await page.getByLabel(/^Email/).isVisible()), "later steps are hidden");

  // Next with the name empty: a message beside the field, still step 1.
  await next(page);
  const nameError = page.locator("#f-name-error");
  await nameError.waitFor();
  assert.match(await nameError.textContent(), /Enter the business name\./);
  assert.equal(await page.locator("#f-name").getAttribute("aria-invalid"), "true");
  assert.match(await page.locator("#f-name").getAttribute("aria-describedby"), /f-name-error/);
  assert.match(await currentStep(page), /Basic Info/);
  assert.equal(await focusedId(page), "f-name", "the focus goes to the field to correct");

  // The message goes as the field is corrected; step 2 takes the focus.
  await fillBasics(page, name);
  assert.equal(await nameError.count(), 0);
  assert.match(await currentStep(page), /Contact/);
  assert.equal(await focusedId(page), "wizard-step-1", "the new step's heading has the focus");
  assert.ok(!(await page.getByRole("button", { name: "Previous" }).isDisabled()));

  // Contact: the browser's autofill offers one line of street, then the
  // city, the state and the ZIP code. Formats are checked.
  const autofill = { "Street address": "address-line1", City: "address-level2", State: "address-level1", "ZIP code": "postal-code" };
  for (const [label, token] of Object.entries(autofill)) {
    assert.equal(await page.getByLabel(new RegExp("^" + label)).getAttribute("autocomplete"), token, label);
  }
  await page.getByLabel(/^Phone/).fill("(253) 555-0199");
  await page.getByLabel(/^Website/).fill("crumb-theory");
  await page.getByLabel(/^Street address/).fill("12 Oven Lane");
  await page.getByLabel("City").fill("Tacoma 98402");
  await next(page);
  await page.getByText("Enter a full web address starting with https://").waitFor();
  await page.getByText("Use letters, spaces and . ' - only, like St. Paul or Winston-Salem.").waitFor();
  await page.getByText("Choose the state.").waitFor();
  assert.match(await currentStep(page), /Contact/);
  await page.getByLabel(/^Website/).fill("https://crumb.example.com");
  await page.getByLabel("City").fill("Tacoma");
  await page.getByLabel("State").selectOption("WA");
  await page.getByLabel(/^ZIP code/).fill("98402");

  // A reload keeps what was typed (the draft), on the same step.
  await page.reload();
  await mounted(page);
  await page.getByText("We restored the draft").waitFor();
  assert.match(await currentStep(page), /Contact/);
  assert.equal(await page.getByLabel("City").inputValue(), "Tacoma");
  assert.equal(await page.getByLabel("State").inputValue(), "WA");
  assert.equal(await page.getByLabel(/^ZIP code/).inputValue(), "98402");
  await page.getByRole("button", { name: "Previous" }).click();
  assert.equal(await page.getByLabel("Business name").inputValue(), name);
  assert.equal(await page.getByLabel("Category", { exact: true }).inputValue(), "food");
  assert.equal(await focusedId(page), "wizard-step-0");
  await next(page);
  await next(page);

  // Hours: defaults from the server, closing after opening.
  await page.getByRole("heading", { name: "Hours" }).waitFor();
  assert.equal(await page.getByLabel("Monday opens").inputValue(), "09:00");
  assert.equal(await page.getByLabel("Saturday closes").inputValue(), "16:00");
  assert.ok(await page.getByLabel("Closed on Sunday").isChecked());
  await page.getByLabel("Monday opens").fill("18:00");
  await next(page);
  await page.getByText("On Monday, closing must come after opening.").waitFor();
  assert.equal(await page.getByLabel("Monday opens").getAttribute("aria-invalid"), "true");
  await page.getByLabel("Monday opens").fill("07:30");
  assert.equal(await page.getByText("On Monday, closing must come after opening.").count(), 0);
  assert.equal(await page.getByRole("button", { name: "Create Profile" }).count(), 0);
  await next(page);

  // Review: a summary of everything, services and visibility.
  await page.getByRole("heading", { name: "Review" }).waitFor();
  assert.match(await currentStep(page), /Review/);
  const review = page.locator(".wizard-review");
  for (const text of [name, "Food & Beverage", "Storefront", "https://crumb.example.com", "Tacoma", "Washington", "07:30–17:00", "Closed"]) {
    assert.ok((await review.textContent()).includes(text), `the review shows ${text}`);
  }
  assert.ok(await page.getByRole("button", { name: "Create Profile" }).isVisible());
  assert.equal(await page.getByRole("button", { name: "Next" }).count(), 0);
  for (const what of ["Email address", "Phone number", "Street address and ZIP code", "Opening hours"]) {
    assert.ok(await page.getByLabel("Show " + what).isChecked(), `${what} is public by default`);
  }
  await page.getByLabel(/^Services/).fill("Sourdough loaves\nCelebration cakes");
  await page.getByLabel("Show Phone number").uncheck();

  // Hold the wizard's session check before it posts the form, to look at
  // the busy button.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route("**/business/create-profile", async (route) => {
    if (route.request().resourceType() === "fetch") await held;
    return route.continue();
  });
  await page.getByRole("button", { name: "Create Profile" }).click();
  const busy = page.locator("button[aria-busy=true]");
  await busy.waitFor();
  assert.equal(await busy.textContent(), "Loading...");
  assert.ok(await busy.isDisabled());
  release();
  await page.waitForURL(/\/directory\/[a-z0-9-]+$/);
  await page.unroute("**/business/create-profile");
  await toast(page, "Profile created!");
  const listing = page.url();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  const body = await page.locator("main").textContent();
  assert.ok(body.includes("Sourdough loaves"), "services are shown");
  assert.ok(!body.includes("555-0199"), "the phone is hidden as asked");
  assert.ok(body.includes("Tacoma, WA 98402"), "the address reads 'Tacoma, WA 98402'");
  assert.match(await page.locator(".hours-table tr", { hasText: "Monday" }).textContent(), /7:30/);

  // The draft went with the successful submission.
  await page.goto(baseURL + "/business/create-profile");
  await mounted(page);
  assert.equal(await page.getByLabel("Business name").inputValue(), "");
  assert.equal(await page.getByText("We restored the draft").count(), 0);

  // Listed in the directory.
  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  await page.locator(".business-card", { hasText: name }).waitFor();

  // Edit it from the dashboard.
  await page.goto(baseURL + "/dashboard");
  await page.getByRole("link", { name: `Manage ${name}` }).click();
  await page.getByRole("heading", { name: `Manage ${name}` }).waitFor();
  const manage = page.url();
  await page.getByLabel("Description", { exact: true }).fill("Now also baking gluten-free loaves on Fridays.");
  assert.equal(await page.getByLabel("State").inputValue(), "WA", "the edit page has the state chosen");
  // The server checks the city (the edit page is a plain form).
  await page.getByLabel("City").fill("Tacoma 2");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.locator("#f-city-error", { hasText: "Use letters, spaces and . ' - only" }).waitFor();
  assert.equal(await page.getByLabel("Description", { exact: true }).inputValue(), "Now also baking gluten-free loaves on Fridays.", "what was typed stays");
  assert.equal(await page.getByLabel("State").inputValue(), "WA");
  for (const e of errors.splice(0)) assert.match(e, /422/, "nothing went wrong but the 422 asked for");
  await page.getByLabel("City").fill("Tacoma");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.waitForURL(manage);
  await toast(page, "Changes saved");
  await page.goto(listing);
  await page.getByText("Now also baking gluten-free loaves on Fridays.").waitFor();

  // Delete it (confirmation page): its page is gone.
  await page.goto(manage);
  await page.getByRole("link", { name: "Delete listing…" }).click();
  await page.getByRole("heading", { name: `Delete ${name}?` }).waitFor();
  await page.getByRole("button", { name: `Yes, delete ${name}` }).click();
  await page.waitForURL(baseURL + "/dashboard");
  await toast(page, "Listing deleted");
  const gone = await page.goto(listing);
  assert.equal(gone.status(), 404);

  assert.deepEqual(errors.filter((e) => !e.includes("404")), []);
  await ctx.close();
});

test("profile wizard: a failed submission starts on the step with the server's message; a sign-in detour keeps the draft (JavaScript on)", async () => {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const email = await maker(page);
  const name = uniqueName("Detour Deli");

  await page.goto(baseURL + "/business/create-profile");
  await mounted(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok((await overflow()) <= 0, "no sideways scrolling at 360 px");
  await fillBasics(page, name);
  await page.getByLabel("City").fill("Olympia");
  await page.getByLabel("State").selectOption("WA");
  await next(page);
  await page.getByRole("heading", { name: "Hours" }).waitFor();
  assert.ok((await overflow()) <= 0, "no sideways scrolling at 360 px (hours)");
  await next(page);
  await page.getByRole("heading", { name: "Review" }).waitFor();
  assert.ok((await overflow()) <= 0, "no sideways scrolling at 360 px (review)");

  // The server finds a problem the browser did not (here: the city is
  // lost on the way): the wizard opens on Contact with the message.
  await page.route("**/business/create-profile", (route) => {
    const req = route.request();
    if (req.method() !== "POST") return route.continue();
    return route.continue({ postData: req.postData().replace(/(^|&)city=[^&]*/, "$1city=") });
  });
  await page.getByRole("button", { name: "Create Profile" }).click();
  await page.locator("#f-city-error").waitFor();
  await page.unroute("**/business/create-profile");
  assert.match(await page.locator("#f-city-error").textContent(), /Enter the city\./);
  assert.match(await currentStep(page), /Contact/);
  assert.equal(await page.getByLabel("State").inputValue(), "WA", "the values come back");
  assert.equal(await page.getByLabel("City").getAttribute("aria-invalid"), "true");
  assert.equal(await page.getByText("We restored the draft").count(), 0);
  errors.splice(0); // that 422 was asked for

  // The session ends before the next try: sign in again, and the wizard
  // comes back with everything typed.
  await page.getByLabel("City").fill("Lacey");
  await next(page);
  await next(page);
  await ctx.clearCookies();
  await page.getByRole("button", { name: "Create Profile" }).click();
  await page.getByText("You have been signed out, so your profile was not sent.").waitFor();
  assert.ok(!(await page.getByRole("button", { name: "Create Profile" }).isDisabled()));
  await page.getByRole("link", { name: "sign in again" }).click();
  await page.waitForURL(/\/login\?next=%2Fbusiness%2Fcreate-profile$/);
  await signIn(page, email);
  await mounted(page);
  await page.getByText("We restored the draft").waitFor();
  assert.match(await currentStep(page), /Review/);
  assert.ok((await page.locator(".wizard-review").textContent()).includes("Lacey"));

  // Start over clears it.
  await page.getByRole("button", { name: "Start over" }).click();
  assert.match(await currentStep(page), /Basic Info/);
  assert.equal(await page.getByLabel("Business name").inputValue(), "");
  assert.equal(await page.getByText("We restored the draft").count(), 0);
  await page.reload();
  await mounted(page);
  assert.equal(await page.getByLabel("Business name").inputValue(), "");
  assert.equal(await page.getByText("We restored the draft").count(), 0);

  // Keyboard only: Enter in a field acts as Next.
  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Description").fill("Sandwiches and soups.");
  await page.getByLabel("Category", { exact: true }).selectOption("food");
  await page.getByLabel("Business name").press("Enter");
  await page.getByRole("heading", { name: "Contact" }).waitFor();
  assert.equal(await focusedId(page), "wizard-step-1");

  assert.deepEqual(errors, []);
  await ctx.close();
});

test("profile wizard without JavaScript: one long form and one 'Create Profile' button", async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await maker(page);
  const name = uniqueName("Plain Pantry");

  await page.goto(baseURL + "/business/create-profile");
  for (const legend of ["Basic Info", "Contact", "Hours", "Review"]) {
    assert.ok(await page.locator("legend", { hasText: legend }).isVisible(), `${legend} is shown`);
  }
  assert.equal(await page.getByRole("button", { name: "Create Profile" }).count(), 1);
  assert.equal(await page.getByRole("button", { name: "Next" }).count(), 0);

  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Description").fill("Dry goods, spices and teas by weight.");
  await page.getByLabel("Category", { exact: true }).selectOption("retail");
  await page.getByLabel("City").fill("Bellingham");
  await page.getByLabel("State").selectOption("WA");
  await page.getByRole("button", { name: "Create Profile" }).click();
  await page.waitForURL(/\/directory\/[a-z0-9-]+$/);
  await toast(page, "Profile created!");
  await page.getByRole("heading", { level: 1, name }).waitFor();

  await page.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
  await page.locator(".business-card", { hasText: name }).waitFor();
  await ctx.close();
});
