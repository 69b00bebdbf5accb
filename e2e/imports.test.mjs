// Browser test of the CSV import (issue 37), JavaScript on and off: an
// approved agency uploads a file with mistakes, reads the report by row and
// column, fixes the file, uploads it again and imports it; the page shows
// its progress until it is done, the result file says what was created,
// and the listings are in the export, which imports back unchanged.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { approvedPartner, rand } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const header = "name,category,description,address,city,state,zip,phone,email,website,hours,tags,external_id";

// file is a CSV of two client listings; bad puts two mistakes in it.
function file(tag, { bad = false } = {}) {
  return [
    header,
    `Lone Star Plumbing ${tag},construction,Repairs and installs across town.,1 Main St,Austin,TX,78701,${bad ? "call us" : "(512) 555-0100"},hello@lonestar.example,https://lonestar.example,Mon-Fri 08:00-17:00,"plumbing, repairs",LS-${tag}`,
    `Hill Country Dental ${tag},${bad ? "Dentists" : "Healthcare"},Family dentistry.,,Dripping Springs,texas,,,hello@hcd.example,,,,HCD-${tag}`,
  ].join("\r\n");
}

// upload sends a file from the import page and waits for its report.
async function upload(page, name, body) {
  await page.goto(baseURL + "/dashboard/import");
  await page.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(body) });
  await page.getByRole("button", { name: "Check the file" }).click();
  await page.waitForURL(/\/dashboard\/import\/\d+$/);
  // The page refreshes itself until the check is done.
  await page.getByRole("heading", { name: "What the import would do" }).waitFor({ timeout: 15000 });
}

// count is a figure of the import's counts.
async function count(page, term) {
  return (await page.getByTestId("import-counts").locator(".stat-card", { hasText: term }).locator("dd").textContent()).trim();
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`an agency imports a CSV of client listings after fixing its mistakes (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js, acceptDownloads: true });
    const { page } = await approvedPartner(ctx, { plan: "partner" });
    const errors = js ? watchErrors(page) : [];
    const tag = rand();

    await page.getByRole("navigation", { name: "Partner area" }).getByRole("link", { name: "Import" }).click();
    await page.getByRole("heading", { level: 1, name: "Import listings from CSV" }).waitFor();
    await page.getByTestId("import-columns").getByRole("term").filter({ hasText: "external_id" }).waitFor();

    // The mistakes, by row and column; nothing to import.
    await upload(page, "clients.csv", file(tag, { bad: true }));
    const problems = page.getByTestId("import-problems");
    assert.match(await problems.locator('tr[data-row="2"][data-column="phone"]').textContent(), /phone number/);
    assert.match(await problems.locator('tr[data-row="3"][data-column="category"]').textContent(), /"Dentists" is not a category/);
    assert.equal(await count(page, "Refused"), "2");
    assert.equal(await page.getByRole("button", { name: /^Import/ }).count(), 0, "no row to import");

    // Fixed, checked and imported, its progress shown until it is done.
    await upload(page, "clients-fixed.csv", file(tag));
    assert.equal(await problems.count(), 0, "no problems left");
    assert.equal(await count(page, "Created"), "2");
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await page.getByTestId("import-done").waitFor({ timeout: 15000 });
    assert.equal(await page.getByTestId("import-state").textContent(), "Imported");
    assert.equal(await count(page, "Created"), "2");

    // The result file says what was created.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the result (CSV)" }).click()]);
    const result = readFileSync(await download.path(), "utf8");
    assert.match(result, new RegExp(`^2,LS-${tag},Lone Star Plumbing ${tag},created,http`, "m"));
    assert.match(result, new RegExp(`^3,HCD-${tag},Hill Country Dental ${tag},created,http`, "m"));

    // They are the agency's client listings, and in its export.
    await page.getByRole("link", { name: "See your listings" }).click();
    await page.getByTestId("client-row").filter({ hasText: `Lone Star Plumbing ${tag}` }).waitFor();
    const exported = await (await page.request.get(baseURL + "/dashboard/export.csv")).text();
    assert.match(exported, new RegExp(`^LS-${tag},Lone Star Plumbing ${tag},construction,`, "m"));

    // The export imports back: nothing changes.
    await upload(page, "export.csv", exported);
    assert.equal(await count(page, "Unchanged"), "2");
    assert.equal(await count(page, "Created"), "0");
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
