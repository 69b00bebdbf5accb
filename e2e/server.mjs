// Starts bin/bizprofile for browser tests and audits.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export async function startServer({ dataDir, env = {} }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = [];
  const proc = spawn(join(root, "bin/bizprofile"), [], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BASE_URL: url, DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (b) => {
    log.push(...b.toString().split("\n").filter(Boolean));
    if (log.length > 400) log.splice(0, log.length - 400);
  };
  proc.stdout.on("data", keep);
  proc.stderr.on("data", keep);
  let exited = false;
  proc.on("exit", () => (exited = true));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`server exited:\n${log.join("\n")}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server not ready:\n${log.join("\n")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    log,
    tail: (n = 15) => log.slice(-n).join("\n"),
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        proc.on("exit", resolve);
        proc.kill("SIGTERM");
      }),
  };
}
