// Browser tests of Pro's team seats (issue 21), JavaScript on and off: the
// owner of a Pro account invites someone by email on /dashboard/team; they
// open the emailed link, sign in with that address, accept, and work on
// the account's leads (but not its API keys); the owner removes them and
// their next page no longer shows the account's leads.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { linkFrom } from "./mailbox.mjs";
import { enquire, onPro, signIn, signUp, signUpBusiness, toast, uniqueEmail, uniqueName, widthOnPhone } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`Pro plan: an invited member accepts, sees the account's leads, and loses them when removed (${mode})`, async () => {
    const name = uniqueName("Team Bistro");
    const setup = await browser.newContext();
    const owner = await signUpBusiness(setup, name);
    await setup.close();
    await enquire(browser, name, uniqueEmail("visitor"), "A table for eight on Saturday evening, please.");

    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await signIn(page, owner);

    // On the free plan the owner is the only seat, and the page says why.
    await page.goto(baseURL + "/dashboard/team");
    await page.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    assert.equal(await page.getByTestId("team-seats").textContent(), "1 of 1 seat used");
    await page.getByText("The Pro plan brings seats for up to 5 people.").waitFor();
    assert.equal(await page.getByRole("button", { name: "Send invitation" }).count(), 0);

    await onPro(ctx, owner);
    await page.reload();
    assert.equal(await page.getByTestId("team-seats").textContent(), "1 of 5 seats used");
    const member = uniqueEmail("member");
    await page.getByLabel("Email address").fill(member);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await toast(page, "Invitation sent");
    const invite = page.getByTestId("team-invite").filter({ hasText: member });
    await invite.getByText("Open", { exact: true }).waitFor();
    assert.equal(await page.getByTestId("team-seats").textContent(), "2 of 5 seats used", "an open invitation holds a seat");

    // The invited person signs up with that address, opens the link,
    // signs in from it and comes back to accept.
    const mctx = await browser.newContext({ javaScriptEnabled: js });
    await signUp(mctx, "Mira Member", { email: member });
    const link = await linkFrom(member, "/team/invite?token=");
    const mpage = await mctx.newPage();
    await mpage.goto(link);
    const card = mpage.getByTestId("team-invitation");
    assert.equal(await card.getAttribute("data-state"), "sign-in");
    assert.match(await card.textContent(), new RegExp(`${name}`));
    await card.getByRole("link", { name: "Sign in" }).click();
    await signIn(mpage, member);
    assert.equal(await card.getAttribute("data-state"), "open");
    await card.getByRole("button", { name: "Accept the invitation" }).click();
    await mpage.waitForURL(baseURL + "/dashboard");
    await toast(mpage, "Welcome to the team");

    // The member reads the account's leads; its API keys are the owner's.
    await mpage.goto(baseURL + "/dashboard/leads");
    await mpage.getByRole("heading", { level: 1, name: "Your leads" }).waitFor();
    await mpage.getByTestId("lead-row").filter({ hasText: "Vera Visitor" }).waitFor();
    const api = await mpage.goto(baseURL + "/dashboard/api");
    assert.equal(api.status(), 403);
    // The link worked once.
    await mpage.goto(link);
    assert.equal(await card.getAttribute("data-state"), "used");

    // The owner sees the member, and removes them after a confirmation.
    await page.goto(baseURL + "/dashboard/team");
    const row = page.getByTestId("team-member").filter({ hasText: member });
    await row.getByText("Mira Member").waitFor();
    assert.equal(await page.getByTestId("team-invite").count(), 0, "the accepted invitation is no longer open");
    assert.equal(await widthOnPhone(page), 375, "long addresses wrap on a phone");
    await row.getByRole("link", { name: `Remove ${member}` }).click();
    await page.getByRole("heading", { level: 1, name: `Remove ${member} from the team?` }).waitFor();
    await page.getByRole("button", { name: `Yes, remove ${member}` }).click();
    await page.waitForURL(baseURL + "/dashboard/team");
    await toast(page, "Member removed");
    assert.equal(await page.getByTestId("team-member").count(), 0);
    await page.getByText("No members yet.").waitFor();
    assert.equal(await page.getByTestId("team-seats").textContent(), "1 of 5 seats used");
    assert.deepEqual(errors, []);

    // The removed member's next page load has no lead of the account.
    const gone = await mpage.goto(baseURL + "/dashboard/leads");
    assert.equal(gone.status(), 404);
    assert.equal(await mpage.getByTestId("lead-row").count(), 0);
    await mctx.close();
    await ctx.close();
  });
}
