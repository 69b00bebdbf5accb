// A real SMTP server with an HTTP API (maildev) for the browser tests: the
// app sends to it, the tests read the messages and follow their links.
import { spawn } from "node:child_process";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export async function startMaildev() {
  const smtp = await freePort();
  const web = await freePort();
  const proc = spawn(join(root, "node_modules/.bin/maildev"), ["--smtp", String(smtp), "--web", String(web), "--ip", "127.0.0.1", "--web-ip", "127.0.0.1", "--silent"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out = [];
  proc.stdout.on("data", (b) => out.push(b.toString()));
  proc.stderr.on("data", (b) => out.push(b.toString()));
  const api = `http://127.0.0.1:${web}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const r = await fetch(`${api}/email`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`maildev did not start:\n${out.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    smtpURL: `smtp://127.0.0.1:${smtp}`,
    api,
    stop: () => new Promise((resolve) => (proc.exitCode !== null ? resolve() : (proc.on("exit", resolve), proc.kill()))),
  };
}
