// Runs the browser tests: starts the built server on a free port with a
// fresh database, then runs every e2e/*.test.mjs with Node's test runner.
// Usage: node e2e/run.mjs [test-name-pattern]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import { startMaildev } from "./maildev.mjs";
import { startStripeMock } from "./stripemock.mjs";
import { startTiles } from "./tiles.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "bizprofile-e2e-"));
// The sample listings, as `go tool task run` loads them.
const seeded = spawnSync(join(here, "..", "bin/bizprofile"), ["seed"], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, encoding: "utf8" });
if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}${seeded.stderr}`);
const maildev = await startMaildev();
const stripeMock = await startStripeMock();
// Map tiles come from a local stub: no test reaches the network, and a
// test can count the tiles fetched (tileRequests in tiles.mjs).
const tiles = await startTiles();
// Generous limits: the tests sign up and in many times from one address.
// Payments go to stripe-mock.
const server = await startServer({
  dataDir,
  env: {
    SMTP_URL: maildev.smtpURL,
    RATE_LIMIT_MULTIPLIER: "50",
    ADMIN_EMAILS: "admin@bizprofile.e2e", // adminPage in people.mjs signs up this administrator
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e",
    STRIPE_API_BASE: stripeMock.url,
    // The tests stand for people in different places with the
    // X-Forwarded-For header a proxy on this machine would add (the
    // partner test's partner and the business they refer).
    TRUSTED_PROXIES: "127.0.0.1",
    // Counted visits reach the database quickly, for analytics.test.mjs.
    ANALYTICS_FLUSH_INTERVAL: "200ms",
    MAP_TILES_URL: tiles.template,
  },
});

const files = readdirSync(here)
  .filter((f) => f.endsWith(".test.mjs"))
  .map((f) => join(here, f));
const args = ["--test", "--test-concurrency=1", "--test-reporter=spec"];
if (process.argv[2]) args.push("--test-name-pattern", process.argv[2]);
const code = await new Promise((resolve) => {
  const p = spawn(process.execPath, [...args, ...files], {
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URL: server.url, E2E_MAILDEV: maildev.api, E2E_TILES: tiles.url },
  });
  p.on("exit", (c) => resolve(c ?? 1));
});

await server.stop();
await maildev.stop();
await stripeMock.stop();
await tiles.stop();
rmSync(dataDir, { recursive: true, force: true });
if (code !== 0) {
  console.error(`\nbrowser tests failed; server log: see above (last lines)\n${server.tail()}`);
}
process.exit(code);
