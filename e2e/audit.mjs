// Lighthouse (mobile) on the key public pages of a freshly started server.
// Prints the four category scores and the JavaScript each page transferred,
// and fails when a score is under its target.
// Usage: node e2e/audit.mjs [/path ...]
import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { mkdtempSync, readFileSync, rmSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "./server.mjs";
const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/pricing", "/features", "/about", "/directory", "/directory/harbor-street-bakery", "/status", "/api/docs"];
const targets = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

const dataDir = mkdtempSync(join(tmpdir(), "bizprofile-audit-"));
const outDir = mkdtempSync(join(tmpdir(), "bizprofile-lh-"));
// Lighthouse insists on a https-or-localhost origin for some audits.
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const seeded = spawnSync(join(root, "bin/bizprofile"), ["seed"], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, encoding: "utf8" });
if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stderr}`);
const server = await startServer({ dataDir });
const origin = server.url.replace("127.0.0.1", "localhost");

const rows = [];
let failed = false;
for (const path of pages) {
  const out = join(outDir, "report.json");
  // Lighthouse itself sometimes fails to record a load (NO_NAVSTART): a
  // run that fails so (not on a score) is tried once more.
  const run = () => spawnSync(
    "npx",
    [
      "lighthouse",
      origin + path,
      "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-dev-shm-usage",
      "--output=json",
      `--output-path=${out}`,
      "--quiet",
      "--form-factor=mobile",
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: "utf8" },
  );
  let r = run();
  if (r.status !== 0) {
    console.error(`lighthouse failed on ${path}, trying again:\n${r.stderr}`);
    r = run();
  }
  if (r.status !== 0) {
    console.error(`lighthouse failed on ${path}:\n${r.stderr}`);
    failed = true;
    continue;
  }
  const lh = JSON.parse(readFileSync(out, "utf8"));
  const score = (k) => Math.round((lh.categories[k]?.score ?? 0) * 100);
  const items = lh.audits["network-requests"]?.details?.items ?? [];
  const js = items.filter((i) => i.resourceType === "Script").reduce((a, i) => a + (i.transferSize || 0), 0);
  const row = { page: path, performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo"), js };
  for (const [k, min] of Object.entries(targets)) {
    if (row[k] < min) {
      failed = true;
      const bad = Object.values(lh.audits)
        .filter((a) => a.score !== null && a.score < 1 && lh.categories[k].auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
        .map((a) => `    - ${a.id}: ${a.title}`);
      console.error(`${path}: ${k} ${row[k]} < ${min}\n${bad.join("\n")}`);
    }
  }
  rows.push(row);
}

await server.stop();
rmSync(dataDir, { recursive: true, force: true });
rmSync(outDir, { recursive: true, force: true });
for (const d of readdirSync(tmpdir())) {
  if (d.startsWith("lighthouse.") || d.startsWith("org.chromium.Chromium.")) rmSync(join(tmpdir(), d), { recursive: true, force: true });
}

const fmt = (r) =>
  `| ${r.page.padEnd(32)} | ${String(r.performance).padStart(4)} | ${String(r.accessibility).padStart(4)} | ${String(r["best-practices"]).padStart(4)} | ${String(r.seo).padStart(4)} | ${String(r.js).padStart(9)} |`;
console.log("\n| page                             | perf | a11y | b.p. |  seo | JS bytes  |");
console.log("|----------------------------------|------|------|------|------|-----------|");
for (const r of rows) console.log(fmt(r));
process.exit(failed ? 1 : 0);
