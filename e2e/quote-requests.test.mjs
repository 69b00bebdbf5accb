// Browser tests of quote requests, JavaScript on and off: a visitor goes
// from a directory search to /request (prefilled with the search), is told
// what to fix, sends it and sees the two businesses of that category and
// city it went to; both owners find it in their lead inbox, one replies,
// and the requester sees the status and the reply on the request's page
// (and, signed in as an individual, on their dashboard). An enquiry to a
// sample listing, which nobody manages, says so and offers the same
// enquiry as a quote request, prefilled.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { linkFrom, mailTo } from "./mailbox.mjs";
import { signIn, signUp, signUpBusiness, toast, uniqueEmail, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// uniqueCity is a city name no other test uses, so that only this test's
// listings serve it.
function uniqueCity() {
  let word = "";
  for (let i = 0; i < 9; i++) word += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return "Q" + word;
}

// ownerReplies signs the owner in, finds the request in their inbox, marks
// it contacted and replies.
async function ownerReplies(owner, js, requester, reply) {
  const ctx = await browser.newContext({ javaScriptEnabled: js });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  await signIn(page, owner);
  await page.goto(baseURL + "/dashboard/leads");
  const row = page.getByTestId("lead-row").filter({ hasText: requester });
  await row.getByRole("link", { name: requester }).click();
  await page.getByRole("heading", { level: 1, name: "Enquiry from " + requester }).waitFor();
  await page.getByLabel("Status", { exact: true }).selectOption("contacted");
  await page.getByRole("button", { name: "Update status" }).click();
  await toast(page, "Status updated");
  await page.getByLabel("Your reply").fill(reply);
  await page.getByRole("button", { name: "Send reply" }).click();
  await toast(page, "Reply sent");
  assert.deepEqual(errors, []);
  await ctx.close();
}

// ownerSees signs the owner in and finds the request in their inbox.
async function ownerSees(owner, requester, description) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, owner);
  await page.goto(baseURL + "/dashboard/leads");
  const row = page.getByTestId("lead-row").filter({ hasText: requester });
  await row.waitFor();
  await row.getByRole("link", { name: requester }).click();
  assert.equal(await page.getByTestId("lead-message").textContent(), description);
  await ctx.close();
}

for (const js of [true, false]) {
  test(`a quote request reaches two owners' inboxes, one replies and the requester sees it (JavaScript ${js ? "on" : "off"})`, async () => {
    const city = uniqueCity();
    const names = [uniqueName("Quote Kitchen"), uniqueName("Quote Catering")];
    const owners = [];
    for (const name of names) {
      const setup = await browser.newContext();
      owners.push(await signUpBusiness(setup, name, { category: "food", location: `${city}, TX`, description: "Catering for weddings and office lunches." }));
      await setup.close();
    }

    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    // With JavaScript the requester is signed in as an individual; without,
    // a visitor with no account.
    let requester = "Vic Visitor";
    let email = uniqueEmail("requester");
    if (js) {
      requester = "Ivy Requester";
      email = await signUp(ctx, requester);
      await signIn(page, email);
    }

    // From the directory's search to the form, prefilled with it.
    await page.goto(baseURL + "/directory?category=food&location=" + encodeURIComponent(`${city}, TX`));
    await page.getByTestId("request-quotes").click();
    await page.waitForURL(/\/request\?/);
    assert.equal(await page.getByLabel("Kind of business").inputValue(), "food");
    assert.equal(await page.getByLabel("City").inputValue(), city);
    assert.equal(await page.getByLabel("State").inputValue(), "TX");
    if (js) {
      assert.equal(await page.getByLabel("Your name").inputValue(), requester, "a signed-in person's name is filled in");
      assert.equal(await page.getByLabel("Email").inputValue(), email);
    } else {
      await page.getByLabel("Your name").fill(requester);
      await page.getByLabel("Email").fill(email);
    }

    // Too short a description: told what to fix, the rest kept.
    await page.getByLabel("Describe the job").fill("Food for a party.");
    await page.getByLabel("When do you need it?").selectOption("month");
    await page.getByLabel("Budget").selectOption("500_2000");
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url() === baseURL + "/request" && r.request().method() === "POST"),
      page.getByRole("button", { name: "Send my request" }).click(),
    ]);
    assert.equal(refused.status(), 422);
    await page.getByText("at least 30 characters").waitFor();
    assert.equal(await page.getByLabel("City").inputValue(), city);
    assert.equal(await page.getByLabel("Budget").inputValue(), "500_2000");

    const description = "Lunch for 40 people at our office on a Friday: sandwiches, salads and something vegetarian.";
    await page.getByLabel("Describe the job").fill(description);
    await page.getByRole("button", { name: "Send my request" }).click();
    await page.waitForURL(/\/requests\/[A-Z0-9]+$/);
    const requestURL = page.url();
    if (!js) {
      // A visitor without an account confirms the address first: until
      // then the request goes to no one.
      await toast(page, "Check your email");
      await page.getByTestId("request-waiting").getByText(`we emailed a link to ${email}`).waitFor();
      assert.equal(await page.getByTestId("request-match").count(), 0);
      await page.goto(await linkFrom(email, "?confirm="));
      await page.getByRole("button", { name: "Confirm and send my request" }).click();
      await page.waitForURL(requestURL);
    }
    await toast(page, "Request sent!");
    const matches = page.getByTestId("request-match");
    assert.equal(await matches.count(), 2);
    for (const name of names) {
      const m = matches.filter({ hasText: name });
      assert.equal(await m.getByTestId("match-status").textContent(), "Not answered yet");
      assert.equal(await m.getByRole("link", { name }).count(), 1, "each business is linked");
    }
    // The confirmation email links the same page.
    await mailTo(email, (s) => s.startsWith("Your quote request"));
    assert.equal(await linkFrom(email, "/requests/"), requestURL);

    // Both owners have it in their inbox; the first answers.
    await ownerSees(owners[1], requester, description);
    const reply = "Happy to help: a Friday lunch for 40 is $480, vegetarian options included.";
    await ownerReplies(owners[0], js, requester, reply);

    await page.goto(requestURL);
    const answered = matches.filter({ hasText: names[0] });
    assert.equal(await answered.getByTestId("match-status").textContent(), "Contacted you");
    assert.equal((await answered.getByTestId("match-reply").textContent()).includes(reply), true);
    assert.equal(await matches.filter({ hasText: names[1] }).getByTestId("match-status").textContent(), "Not answered yet");

    if (js) {
      // The individual's dashboard shows the request and the answer too.
      await page.goto(baseURL + "/dashboard");
      const home = page.getByTestId("home-request").filter({ hasText: description.slice(0, 30) });
      const mine = home.getByTestId("request-match").filter({ hasText: names[0] });
      assert.equal(await mine.getByTestId("match-status").textContent(), "Contacted you");
      assert.equal((await mine.getByTestId("match-reply").textContent()).includes(reply), true);
    }
    assert.deepEqual(errors.filter((e) => !e.includes("422")), []);
    await ctx.close();
  });
}

for (const [js, listing, slug, category, city, state] of [
  [true, "Harbor Street Bakery", "harbor-street-bakery", "food", "Portland", "OR"],
  [false, "BrightPath IT Solutions", "brightpath-it-solutions", "technology", "Austin", "TX"],
]) {
  test(`an enquiry to a sample listing nobody manages offers a quote request (JavaScript ${js ? "on" : "off"})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const email = uniqueEmail("enquirer");
    const message = "Could you quote for a small job next month? About two hours of work, weekdays preferred.";
    await page.goto(baseURL + "/directory/" + slug);
    await page.getByRole("link", { name: "Contact" }).first().click();
    let form = page;
    if (js) {
      form = page.getByRole("dialog", { name: `Contact ${listing}` });
      await form.waitFor();
    } else {
      await page.waitForURL(baseURL + "/directory/" + slug + "/contact");
    }
    await form.getByTestId("unmanaged-listing").getByText("does not manage this listing yet").waitFor();
    await form.getByLabel("Your name").fill("Eli Enquirer");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send Message" }).click();
    await toast(page, "Message saved");
    await form.getByTestId("unmanaged-sent").getByText("may never see your message").waitFor();
    await form.getByTestId("quote-offer").getByRole("link", { name: "Send it as a quote request" }).click();
    await page.waitForURL(baseURL + "/request?from=enquiry");

    await page.getByTestId("from-enquiry").getByText(listing).waitFor();
    assert.equal(await page.getByLabel("Kind of business").inputValue(), category);
    assert.equal(await page.getByLabel("City").inputValue(), city);
    assert.equal(await page.getByLabel("State").inputValue(), state);
    assert.equal(await page.getByLabel("Describe the job").inputValue(), message);
    assert.equal(await page.getByLabel("Your name").inputValue(), "Eli Enquirer");
    assert.equal(await page.getByLabel("Email").inputValue(), email);

    await page.getByLabel("When do you need it?").selectOption("flexible");
    await page.getByRole("button", { name: "Send my request" }).click();
    await page.waitForURL(/\/requests\/[A-Z0-9]+$/);
    await page.getByRole("heading", { level: 1, name: "Your quote request" }).waitFor();
    await toast(page, "Check your email");
    assert.equal(await page.getByTestId("request-summary").getByText(message).count(), 1);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
