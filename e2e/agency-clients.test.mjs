// Browser test of an agency's client listings (issue 37), JavaScript on and
// off: an approved partner creates a listing for a client (the wizard's
// rules: a missing field is named), invites the client by email; the
// client signs up with that address, opens the link, accepts, and the
// listing is theirs and public; the agency's list says so; the client
// removes the agency, whose page of the listing is then gone.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { linkFrom, mailTo } from "./mailbox.mjs";
import { approvedPartner, signIn, signUp, toast, uniqueEmail, rand } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`an agency hands a client listing over to its owner, who can remove the agency (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const { email: agencyEmail, company, page } = await approvedPartner(ctx, { plan: "partner" });
    const errors = js ? watchErrors(page) : [];

    await page.getByRole("navigation", { name: "Partner area" }).getByRole("link", { name: "Clients" }).click();
    await page.getByRole("heading", { level: 1, name: "Client listings" }).waitFor();
    await page.getByTestId("clients-empty").waitFor();
    await page.getByRole("link", { name: "Add a client listing" }).click();

    // The wizard's rules: a description of spaces alone passes the browser's
    // check, and the server says it is missing by the field.
    const name = `Lone Star Plumbing ${rand()}`;
    const owner = uniqueEmail("client");
    await page.getByLabel("Business name").fill(name);
    await page.getByLabel("Category", { exact: true }).selectOption("construction");
    await page.getByLabel("Email", { exact: true }).fill(owner);
    await page.getByLabel("City", { exact: true }).fill("Austin");
    await page.getByLabel("State", { exact: true }).selectOption("TX");
    await page.getByLabel("Description", { exact: true }).fill("   ");
    await page.getByRole("button", { name: "Create the listing" }).click();
    const description = page.getByLabel("Description", { exact: true });
    await page.locator(".field.has-error", { has: description }).waitFor();
    assert.equal(await page.getByLabel("Business name").inputValue(), name, "the values sent are kept");
    await description.fill("Plumbing repairs and installs across Austin, same day.");
    await page.getByRole("button", { name: "Create the listing" }).click();
    await page.waitForURL(/\/partners\/clients\/\d+$/);
    await toast(page, "Client listing created");
    const handover = page.getByTestId("client-handover");
    assert.equal(await handover.getAttribute("data-status"), "new");
    assert.equal(await page.getByLabel("The owner's email").inputValue(), owner, "the listing's email is proposed");
    await page.getByRole("button", { name: "Send the invitation" }).click();
    await toast(page, "Invitation sent");
    assert.equal(await handover.getAttribute("data-status"), "invited");
    const clientPage = page.url();

    // The client signs up with the invited address and accepts.
    const cctx = await browser.newContext({ javaScriptEnabled: js });
    await signUp(cctx, "Cleo Client", { email: owner });
    const link = await linkFrom(owner, "/clients/invite?token=");
    const cpage = await cctx.newPage();
    await cpage.goto(link);
    const card = cpage.getByTestId("client-invitation");
    assert.equal(await card.getAttribute("data-state"), "sign-in");
    await card.getByRole("link", { name: "Sign in" }).click();
    await signIn(cpage, owner);
    assert.equal(await card.getAttribute("data-state"), "open");
    assert.match(await card.textContent(), new RegExp(company));
    await cpage.getByRole("button", { name: "Accept the listing" }).click();
    await cpage.waitForURL(/\/dashboard\/businesses\/\d+$/);
    await toast(cpage, "The listing is yours");
    await mailTo(agencyEmail, (s) => s.includes("accepted"));

    // It is public, and the agency's list says it was accepted.
    const visitor = await browser.newPage();
    await visitor.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
    await visitor.getByRole("link", { name }).first().waitFor();
    await visitor.close();
    await page.goto(baseURL + "/partners/clients");
    const row = page.getByTestId("client-row").filter({ hasText: name });
    assert.equal(await row.getAttribute("data-status"), "accepted");

    // The client removes the agency from the listing's page.
    const agencySection = cpage.getByTestId("listing-agency");
    await agencySection.getByRole("link", { name: `Remove ${company}…` }).click();
    await cpage.getByRole("button", { name: `Remove ${company}` }).click();
    await toast(cpage, "Agency removed");
    assert.equal(await cpage.getByTestId("listing-agency").count(), 0);
    const gone = await page.goto(clientPage);
    assert.equal(gone.status(), 404, "the agency's page of the listing is gone");

    // The only failed responses are the refused form and the gone page.
    const expected = /HTTP 422: .*\/partners\/clients$|HTTP 404: .*\/partners\/clients\/\d+$|status of (422|404)/;
    assert.deepEqual(errors.filter((e) => !expected.test(e)), []);
    await cctx.close();
    await ctx.close();
  });
}
