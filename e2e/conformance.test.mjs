// Conformance of every page a person can reach: the public pages, an
// owner's dashboard and its sub-pages, an individual's home and the
// administrator's pages. Each page's HTML, as the server sends it, goes to
// the Nu HTML checker (one Java run for all of them); each page, rendered
// with JavaScript on, goes through axe-core in the light and the dark theme
// (the app's `theme` cookie). Either test lists every problem it finds.
import { test, before, after } from "node:test";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { AxeBuilder } from "@axe-core/playwright";
import { launch, baseURL, publicPages } from "./browser.mjs";
import { adminPage, approvedPartner, enquire, onPro, signIn, signUp, signUpBusiness, uniqueEmail, uniqueName } from "./people.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vnuJar = join(root, "node_modules/vnu-jar/build/dist/vnu.jar");
const sample = "/directory/harbor-street-bakery"; // a seeded listing with reviews

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// The themes a visitor can pin (handlers/theme.go): "system" is one of
// them, decided by the operating system, so the two it can be cover it.
const themes = ["light", "dark"];

// Public pages beyond the ones every visitor opens from the menus
// (publicPages): the directory searched and browsed, a listing and its
// sub-pages, the API reference, and the page for an address that is none.
const morePublic = [
  "/directory?q=bakery",
  "/directory?q=zzzz-nothing-matches",
  "/directory/category/food",
  "/directory/in/or",
  "/directory/in/or/portland",
  // Near a place, nearest first (the near label, distances, the results'
  // map box), and near a ZIP code nobody knows (422, the message by Near).
  "/directory?near=78701&radius=50&sort=distance",
  "/directory?near=00000",
  sample, // a storefront: its map box and OpenStreetMap link
  "/directory/brightpath-it-solutions", // a service area: its area, the neighbourhood's map
  sample + "/reviews",
  sample + "/contact",
  "/api/docs",
  "/no-such-page",
  // The pages of emailed links, opened with a link that is no good.
  ...["/reset-password", "/team/invite", "/listing-email/confirm", "/subscribe/confirm", "/unsubscribe", "/reviews/unsubscribe"].map((p) => p + "?token=not-a-token"),
  ...["/signup", "/business/signup", "/individual/signup", "/contact", "/partners/signup", "/request"].map((refused) => ({ refused })),
];

// people signs up the people whose pages are checked (once per run): a
// business owner on Pro with a lead, a review, an API key, a webhook
// endpoint and an invitation out; an individual who wrote that review; the
// administrator, with a newsletter drafted. It returns each one's browser
// context and the pages to check in it.
let peopleReady;
function people() {
  return (peopleReady ??= (async () => {
    const visitor = await browser.newContext();
    const groups = [{ who: "visitor", ctx: visitor, paths: [...Object.keys(publicPages), ...morePublic] }];

    // The owner: a listing, on Pro (API keys, webhooks, a team).
    const name = uniqueName("Conformance Cafe");
    const owner = await browser.newContext();
    const ownerEmail = await signUpBusiness(owner, name);
    await onPro(owner, ownerEmail);
    await enquire(browser, name, uniqueEmail("visitor"), "Could you cater a lunch for twelve people on Friday?");

    // The individual, who reviews the owner's listing.
    const individual = await browser.newContext();
    const individualEmail = await signUp(individual, "Ivy Individual");
    const ip = await individual.newPage();
    await signIn(ip, individualEmail);
    await ip.goto(baseURL + "/directory?q=" + encodeURIComponent(name));
    await ip.locator(".business-card", { hasText: name }).getByRole("link", { name: /View Profile/ }).click();
    const listing = new URL(ip.url()).pathname;
    await ip.getByRole("link", { name: "Write a review" }).first().click();
    await ip.getByLabel("4 stars").check();
    await ip.getByLabel("Title").fill("Lunch for the whole office");
    await ip.getByLabel("Your review", { exact: true }).fill("They brought lunch for twelve on time and the salads were still crisp.");
    await ip.getByRole("button", { name: "Publish review" }).click();
    await ip.waitForURL(/#review-\d+$/);
    await ip.goto(baseURL + sample + "/reviews");
    const report = await ip.locator('a[href^="/reviews/"][href$="/report"]').first().getAttribute("href");
    await ip.close();

    // The owner's pages, found as the owner finds them.
    const op = await owner.newPage();
    await signIn(op, ownerEmail);
    const manage = await op.getByRole("link", { name: "Manage " + name }).getAttribute("href");
    await op.goto(baseURL + "/dashboard/leads");
    const lead = await op.locator('a[href^="/dashboard/leads/"]').first().getAttribute("href");
    await op.goto(baseURL + "/dashboard/api");
    await op.getByLabel("Name", { exact: true }).fill("CRM sync");
    await op.locator('input[name="scopes"]').first().check();
    await op.getByRole("button", { name: "Create key" }).click();
    await op.getByText("Copy it now").waitFor();
    await op.goto(baseURL + "/dashboard/api");
    await op.getByLabel("Endpoint URL").fill("https://hooks.example.com/bizprofile");
    await op.getByLabel("Description").fill("Our CRM");
    await op.locator('input[name="events"]').first().check();
    await op.getByRole("button", { name: "Add endpoint" }).click();
    await op.waitForURL((u) => u.pathname !== "/dashboard/api");
    await op.goto(baseURL + "/dashboard/api");
    const hrefs = await op.locator("a[href]").evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    const endpoint = hrefs.find((h) => /^\/dashboard\/api\/webhooks\/\d+$/.test(h));
    const revoke = hrefs.find((h) => /^\/dashboard\/api\/keys\/\d+\/revoke$/.test(h));
    if (!endpoint || !revoke) throw new Error("the API page lists no endpoint or no key");
    await op.goto(baseURL + "/dashboard/team");
    await op.getByLabel("Email address").fill(uniqueEmail("member"));
    await op.getByRole("button", { name: "Send invitation" }).click();
    await op.waitForLoadState();
    await op.close();
    groups.push({
      who: "owner",
      ctx: owner,
      paths: [
        "/dashboard", "/dashboard/leads", lead, lead + "/delete", manage, manage + "/reviews", manage + "/delete",
        "/dashboard/analytics", "/dashboard/team", "/dashboard/api", revoke, endpoint, endpoint + "/delete", endpoint + "/rotate",
        "/business/create-profile", "/profile", "/profile/close", "/ai-insights", listing,
        { refused: "/business/create-profile" }, { refused: manage }, { refused: "/dashboard/api/keys" }, { refused: "/dashboard/team/invites" },
      ],
    });
    groups.push({
      who: "individual",
      ctx: individual,
      paths: [
        "/dashboard", "/dashboard/saved", sample + "/review", listing + "/review", listing + "/review/delete", sample + "/claim", report, "/request",
        { refused: sample + "/review" }, { refused: report }, { refused: "/profile/password" },
      ],
    });

    // The administrator, who also sees the owner's listing, with a
    // newsletter drafted.
    const admin = await browser.newContext();
    const ap = await adminPage(admin);
    await ap.goto(baseURL + "/admin/newsletter/new");
    await ap.getByLabel("Subject").fill("What is new this month");
    await ap.getByLabel("Body").fill("# Hello\n\nThree new **categories** and a [status page](https://example.com/status).");
    await ap.getByRole("button", { name: "Save draft" }).click();
    await ap.waitForURL(/\/admin\/newsletter\/\d+/);
    const newsletter = new URL(ap.url()).pathname;
    await ap.close();
    const id = manage.split("/").pop();

    // An agency (Partner+) with a client listing.
    const agency = await browser.newContext();
    const { page: gp } = await approvedPartner(agency);
    await gp.goto(baseURL + "/partners/clients/new");
    await gp.getByLabel("Business name").fill(uniqueName("Conformance Client"));
    await gp.getByLabel("Category", { exact: true }).selectOption("construction");
    await gp.getByLabel("Description", { exact: true }).fill("Roof repairs and gutters across town.");
    await gp.getByLabel("Email", { exact: true }).fill(uniqueEmail("client"));
    await gp.getByLabel("City", { exact: true }).fill("Portland");
    await gp.getByLabel("State", { exact: true }).selectOption("OR");
    await gp.getByRole("button", { name: "Create the listing" }).click();
    await gp.waitForURL(/\/partners\/clients\/\d+$/);
    const client = new URL(gp.url()).pathname;
    // A CSV import whose report lists a problem.
    await gp.goto(baseURL + "/dashboard/import");
    const csv = "name,category,description,city,state,email\nConformance Roofing,roofs,Roof repairs.,Portland,OR,roof@example.com\n";
    await gp.getByLabel("CSV file").setInputFiles({ name: "clients.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await gp.getByRole("button", { name: "Check the file" }).click();
    await gp.getByTestId("import-problems").waitFor({ timeout: 15000 });
    const upload = new URL(gp.url()).pathname;
    await gp.close();
    groups.push({
      who: "agency",
      ctx: agency,
      paths: ["/partners/dashboard", "/partners/clients", "/partners/clients/new", client, client + "/edit", client + "/white-label", client + "/report", "/partners/zones", "/partners/brand", "/dashboard/import", upload,
        { refused: "/partners/clients" }, { refused: "/dashboard/import" }, { refused: "/partners/zones" }],
    });
    groups[0].paths.push("/clients/invite?token=not-a-token");

    groups.push({
      who: "admin",
      ctx: admin,
      paths: [
        "/admin", "/admin/businesses", "/admin/businesses/" + id, "/admin/claims", "/admin/verifications", "/admin/held",
        "/admin/reviews", "/admin/status", "/admin/newsletter", "/admin/newsletter/new", newsletter, newsletter + "?preview=1", newsletter + "/send",
        "/admin/jobs", "/admin/messages", "/admin/suggestions", "/admin/partners", "/admin/zones", "/admin/subscribers",
        { refused: "/admin/status/incidents" }, { refused: "/admin/newsletter" },
      ],
    });
    return groups;
  })());
}

// A page is a path to open, or { refused: path }: the page the server
// sends back for an empty form posted to path (errors by the fields).
const label = (who, entry) => (entry.refused ? `POST ${entry.refused} (${who}, refused)` : `${entry} (${who})`);

// fetchPage is the page's response as the server sends it, in ctx (with
// its cookies); a redirect is an error, as the page asked for is not there.
async function fetchPage(ctx, who, entry) {
  const r = entry.refused
    ? await ctx.request.post(baseURL + entry.refused, { form: {}, maxRedirects: 0 })
    : await ctx.request.get(baseURL + entry, { maxRedirects: 0 });
  if (r.status() >= 300 && r.status() < 400) throw new Error(`${label(who, entry)} redirects to ${r.headers().location}`);
  if (entry.refused && r.status() !== 422) throw new Error(`${label(who, entry)}: HTTP ${r.status()}, want 422`);
  return { status: r.status(), headers: r.headers(), body: await r.body() };
}

// open shows the page in the browser; a refused form's page is the saved
// answer served at its address, so its scripts and styles load as they
// would after the post.
async function open(page, who, entry) {
  if (!entry.refused) return page.goto(baseURL + entry);
  const url = baseURL + entry.refused;
  const answer = await fetchPage(page.context(), who, entry);
  await page.route(url, (route) => route.fulfill(answer));
  await page.goto(url);
  await page.unroute(url);
}

// vnu runs the Nu HTML checker once over files and returns its messages.
function vnu(files) {
  return new Promise((resolve, reject) => {
    execFile("java", ["-jar", vnuJar, "--format", "json", "--stdout", ...files], { maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      // It exits 1 when it finds an error; its report is on stdout.
      try {
        resolve(JSON.parse(stdout).messages);
      } catch {
        reject(new Error(`vnu.jar did not report: ${err?.message ?? ""}\n${stderr}`));
      }
    });
  });
}

test("conformance: every page is valid HTML (Nu HTML checker)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bizprofile-vnu-"));
  try {
    const saved = new Map(); // file → page
    for (const { who, ctx, paths } of await people()) {
      for (const entry of paths) {
        const file = join(dir, `${saved.size}.html`);
        writeFileSync(file, (await fetchPage(ctx, who, entry)).body);
        saved.set(file, label(who, entry));
      }
    }
    const errors = (await vnu([...saved.keys()])).filter((m) => m.type === "error" || m.subType === "fatal");
    const list = errors.map((m) => `${saved.get(fileURLToPath(m.url)) ?? m.url}:${m.lastLine ?? "?"}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, " ").trim().slice(0, 160)}` : ""}`);
    if (list.length) throw new Error(`${list.length} HTML errors in ${saved.size} pages:\n${list.join("\n")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("conformance: every page passes axe-core in the light and dark themes", async () => {
  const problems = [];
  let views = 0;
  for (const { who, ctx, paths } of await people()) {
    const page = await ctx.newPage();
    for (const theme of themes) {
      await ctx.addCookies([{ name: "theme", value: theme, url: baseURL }]);
      for (const entry of paths) {
        await open(page, who, entry);
        // Legacy mode runs axe in the page itself: no frames to gather
        // from, and no blank page opened for each run.
        const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] }).analyze();
        views++;
        for (const v of violations) {
          const targets = v.nodes.map((n) => n.target.join(" ")).slice(0, 5);
          const more = v.nodes.length > targets.length ? ` and ${v.nodes.length - targets.length} more` : "";
          problems.push(`${label(who, entry)} [${theme}] ${v.id}: ${v.help}\n    ${targets.join("\n    ")}${more}`);
        }
      }
    }
    await page.close();
  }
  if (problems.length) throw new Error(`${problems.length} axe violations in ${views} page views:\n${problems.join("\n")}`);
});
