// Browser test of white label (issue 37, Partner+), JavaScript on and off:
// a Partner+ agency sets its brand (a link that is not https is refused by
// its field, the values kept; then name, link, colour and logo are saved,
// and the preview says "Managed by" it); it creates a client listing and
// invites the client, who accepts; the listing's public page says "Managed
// by" the agency; the agency opens the client's monthly report, which
// shows the agency's brand and nothing of BizProfile's, with a Print button
// (JavaScript on) or the word to use the browser's Print (off).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { linkFrom } from "./mailbox.mjs";
import { approvedPartner, signIn, signUp, toast, uniqueEmail, rand } from "./people.mjs";

const logo = join(dirname(fileURLToPath(import.meta.url)), "..", "images", "testdata", "transparent.png");

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const words = (s) => (s || "").replace(/\s+/g, " ").trim();

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`a Partner+ agency's brand is on its client's listing and monthly report, BizProfile's is not (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const { page } = await approvedPartner(ctx);
    const errors = js ? watchErrors(page) : [];
    const brand = `Brightside Digital ${rand()}`;

    // The brand: an http link is refused by its field, the values kept.
    await page.getByRole("navigation", { name: "Partner area" }).getByRole("link", { name: "Brand" }).click();
    await page.getByRole("heading", { level: 1, name: "Your brand" }).waitFor();
    await page.getByLabel("Brand name").fill(brand);
    await page.getByLabel("Website").fill("http://brightside.example");
    await page.getByLabel("Accent colour").fill("#1d4ed8");
    await page.getByRole("button", { name: "Save the brand" }).click();
    const site = page.getByLabel("Website");
    await page.locator(".field.has-error", { has: site }).waitFor();
    assert.equal(await page.getByLabel("Brand name").inputValue(), brand, "the values sent are kept");
    await site.fill("brightside.example");
    await page.getByLabel("Logo (optional)").setInputFiles(logo);
    await page.getByRole("button", { name: "Save the brand" }).click();
    await toast(page, "Brand saved");
    const preview = page.getByTestId("brand-preview");
    assert.equal(words(await preview.textContent()), `Managed by ${brand}`);
    await preview.getByRole("img", { name: `${brand} logo` }).waitFor();
    assert.equal(await preview.getByRole("link", { name: brand }).getAttribute("href"), "https://brightside.example");

    // A client listing, invited and accepted by its client.
    await page.getByRole("navigation", { name: "Partner area" }).getByRole("link", { name: "Clients" }).click();
    await page.getByRole("link", { name: "Add a client listing" }).click();
    const name = `Lone Star Plumbing ${rand()}`;
    const owner = uniqueEmail("client");
    await page.getByLabel("Business name").fill(name);
    await page.getByLabel("Category", { exact: true }).selectOption("construction");
    await page.getByLabel("Email", { exact: true }).fill(owner);
    await page.getByLabel("City", { exact: true }).fill("Austin");
    await page.getByLabel("State", { exact: true }).selectOption("TX");
    await page.getByLabel("Description", { exact: true }).fill("Plumbing repairs and installs across Austin, same day.");
    await page.getByRole("button", { name: "Create the listing" }).click();
    await page.waitForURL(/\/partners\/clients\/\d+$/);
    const clientPage = page.url();
    await page.getByRole("button", { name: "Send the invitation" }).click();
    await toast(page, "Invitation sent");
    const cctx = await browser.newContext({ javaScriptEnabled: js });
    await signUp(cctx, "Cleo Client", { email: owner });
    const cpage = await cctx.newPage();
    await cpage.goto(await linkFrom(owner, "/clients/invite?token="));
    await cpage.getByTestId("client-invitation").getByRole("link", { name: "Sign in" }).click();
    await signIn(cpage, owner);
    await cpage.getByRole("button", { name: "Accept the listing" }).click();
    await toast(cpage, "The listing is yours");
    await cctx.close();

    // Its white-label settings: "Managed by" is on; the report goes to
    // the client too.
    await page.goto(clientPage + "/white-label");
    await page.getByRole("heading", { level: 1, name: `White label: ${name}` }).waitFor();
    assert.ok(await page.getByLabel(`Show "Managed by ${brand}" on the listing's page`).isChecked());
    await page.getByLabel("Email the monthly report to the client too").check();
    await page.getByRole("button", { name: "Save the settings" }).click();
    await toast(page, "Settings saved");
    assert.ok(await page.getByLabel("Email the monthly report to the client too").isChecked());

    // The listing's public page says who manages it.
    await page.getByRole("link", { name: "See the listing's public page" }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const managed = page.getByTestId("managed-by");
    assert.equal(words(await managed.textContent()), `Managed by ${brand}`);
    assert.match(await managed.getByRole("link", { name: brand }).getAttribute("rel"), /noopener/);
    await managed.getByRole("img", { name: `${brand} logo` }).waitFor();

    // The monthly report: the agency's brand, nothing of BizProfile's.
    await page.goto(clientPage + "/white-label");
    await page.getByRole("link", { name: "Open the monthly report" }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const head = page.getByTestId("report-brand");
    assert.equal(words(await head.textContent()), brand);
    await head.getByRole("img", { name: `${brand} logo` }).waitFor();
    assert.match(await page.title(), new RegExp(brand));
    assert.doesNotMatch(await page.content(), /bizprofile/i, "the report names BizProfile");
    await page.getByTestId("report-no-data").waitFor(); // a new listing: no figures last month
    assert.equal(await page.getByTestId("report-trend").locator("tbody tr").count(), 6);
    const print = page.getByRole("button", { name: "Print" });
    if (js) {
      await print.waitFor();
    } else {
      assert.equal(await print.count(), 0, "no Print button works without JavaScript");
      assert.match(await page.locator("[data-print-hint]").textContent(), /use your browser's Print/);
    }
    // An earlier month's report is a link away.
    await page.getByRole("link", { name: "Previous month" }).click();
    await page.waitForURL(/\/report\?month=\d{4}-\d{2}$/);
    await page.getByTestId("report-brand").waitFor();

    // The only failed response is the refused form.
    const expected = /HTTP 422: .*\/partners\/brand$|status of 422/;
    assert.deepEqual(errors.filter((e) => !expected.test(e)), []);
    await ctx.close();
  });
}
