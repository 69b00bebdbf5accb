// Stripe's API simulator (stripe-mock) for the browser tests, so choosing a
// paid plan reaches a real Checkout session call. `go tool task e2e`
// installs it (go install github.com/stripe/stripe-mock@v0.203.0).
import { spawn, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { connect } from "node:net";
import { freePort } from "./server.mjs";

function binary() {
  if (process.env.STRIPE_MOCK) return process.env.STRIPE_MOCK;
  for (const dir of (process.env.PATH || "").split(":")) {
    if (dir && existsSync(join(dir, "stripe-mock"))) return join(dir, "stripe-mock");
  }
  const gopath = execFileSync("go", ["env", "GOPATH"], { encoding: "utf8" }).trim().split(":")[0];
  const p = join(gopath, "bin", "stripe-mock");
  if (existsSync(p)) return p;
  throw new Error("stripe-mock not found: go install github.com/stripe/stripe-mock@v0.203.0");
}

const listening = (port) =>
  new Promise((resolve) => {
    const s = connect(port, "127.0.0.1", () => (s.end(), resolve(true)));
    s.on("error", () => resolve(false));
  });

export async function startStripeMock() {
  const port = await freePort();
  const httpsPort = await freePort();
  const out = [];
  const proc = spawn(binary(), ["-http-addr", `127.0.0.1:${port}`, "-https-addr", `127.0.0.1:${httpsPort}`], { stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout.on("data", (b) => out.push(b.toString()));
  proc.stderr.on("data", (b) => out.push(b.toString()));
  const deadline = Date.now() + 30_000;
  while (!(await listening(port))) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`stripe-mock did not start:\n${out.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (proc.exitCode !== null ? resolve() : (proc.on("exit", resolve), proc.kill()))),
  };
}
