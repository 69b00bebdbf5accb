// Browser tests of the owner's lead inbox, JavaScript on and off: a
// visitor sends an enquiry to a listing; its owner finds it from the
// dashboard in /dashboard/leads, filters the list, opens the lead, changes
// its status, adds a private note, replies (the visitor receives the reply
// from the app, answering to the owner) and deletes it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { mailTo } from "./mailbox.mjs";
import { signIn, signUpBusiness, toast, uniqueEmail, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// enquire has a visitor send message to the listing named name through
// its contact page.
async function enquire(name, visitor, message) {
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

for (const js of [true, false]) {
  test(`the owner reads, files, answers and deletes an enquiry in the lead inbox (JavaScript ${js ? "on" : "off"})`, async () => {
    const name = uniqueName("Inbox Bakery");
    const setup = await browser.newContext();
    const owner = await signUpBusiness(setup, name);
    await setup.close();
    const visitor = uniqueEmail("visitor");
    const message = "Do you bake a rye loaf on Sundays? We would pick up two.";
    await enquire(name, visitor, message);

    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await signIn(page, owner);
    // The dashboard's card leads to the inbox.
    const card = page.locator(".stat-card", { has: page.getByText("Leads Generated", { exact: true }) });
    assert.match(await card.textContent(), /All time · 1 this month/);
    await card.getByRole("link", { name: "See all leads" }).click();
    await page.waitForURL(baseURL + "/dashboard/leads");
    await page.getByRole("heading", { level: 1, name: "Your leads" }).waitFor();
    const row = page.getByTestId("lead-row").filter({ hasText: "Vera Visitor" });
    assert.equal(await row.getByTestId("lead-status").textContent(), "New");

    // Filters: a search that matches nothing, then one that matches.
    const filters = page.getByRole("search", { name: "Filter leads" });
    await filters.getByLabel("Search").fill("zeppelin");
    await filters.getByRole("button", { name: "Filter" }).click();
    await page.getByTestId("leads-empty").getByText("No lead matches these filters.").waitFor();
    await filters.getByLabel("Status").selectOption("new");
    await filters.getByLabel("Search").fill("RYE LOAF");
    await filters.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/q=RYE\+LOAF/);
    assert.equal(await page.getByTestId("lead-row").count(), 1);

    // The lead's page: the whole message and the contact details.
    await row.getByRole("link", { name: "Vera Visitor" }).click();
    await page.getByRole("heading", { level: 1, name: "Enquiry from Vera Visitor" }).waitFor();
    const leadURL = page.url();
    assert.equal(await page.getByTestId("lead-message").textContent(), message);
    assert.equal(await page.getByRole("link", { name: visitor }).getAttribute("href"), "mailto:" + visitor);

    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Update status" }).click();
    await toast(page, "Status updated");
    assert.equal(await page.getByTestId("lead-status").textContent(), "Contacted");

    await page.getByLabel("Private note").fill("Two rye loaves, Sunday 9 am.");
    await page.getByRole("button", { name: "Add note" }).click();
    await toast(page, "Note added");

    await page.getByLabel("Your reply").fill("Yes! Two rye loaves will be waiting for you on Sunday from 8 am.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await toast(page, "Reply sent");
    const history = page.getByTestId("lead-history");
    await history.getByText("Reply emailed by you").waitFor();
    assert.match(await history.textContent(), /Status changed from New to Contacted by you/);
    assert.match(await history.textContent(), /Two rye loaves, Sunday 9 am\./);

    const mail = await mailTo(visitor, `Reply from ${name} to your enquiry`);
    assert.match(mail.text, /Two rye loaves will be waiting for you/);
    const replyTo = mail.headers?.["reply-to"] ?? "";
    assert.ok(replyTo.includes(owner), `Reply-To is the owner's address: ${JSON.stringify(replyTo)}`);
    assert.ok(!mail.from.some((f) => f.address === owner), "the email comes from the app, not the owner");

    // Delete, through the confirmation page.
    await page.getByRole("link", { name: "Delete lead" }).click();
    await page.getByRole("heading", { level: 1, name: "Delete the enquiry from Vera Visitor?" }).waitFor();
    await page.getByRole("button", { name: "Yes, delete this lead" }).click();
    await page.waitForURL(baseURL + "/dashboard/leads");
    await toast(page, "Lead deleted");
    await page.getByTestId("leads-empty").getByText("No leads yet.").waitFor();
    assert.deepEqual(errors, []);
    const gone = await page.goto(leadURL);
    assert.equal(gone.status(), 404, "the deleted lead's page is gone");
    await ctx.close();
  });
}
