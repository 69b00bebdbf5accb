// Runs the islands' unit tests: bundles every islands/**/*.test.ts(x) with
// esbuild (Node 20 runs no TypeScript) into a temporary folder, then runs
// them with Node's test runner. Usage: node islands/test.mjs [name-pattern]
import * as esbuild from "esbuild";
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const tests = (await readdir(here, { recursive: true }))
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => join(here, f))
  .sort();
if (tests.length === 0) throw new Error(`no *.test.ts files under ${relative(process.cwd(), here) || "."}`);

const outdir = await mkdtemp(join(tmpdir(), "bizprofile-islands-test-"));
let code = 1;
try {
  await esbuild.build({
    entryPoints: tests,
    outbase: here,
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: ["node20"],
    jsx: "automatic",
    sourcemap: "inline",
    logLevel: "warning",
  });
  const bundled = tests.map((f) => join(outdir, relative(here, f).replace(/\.tsx?$/, ".mjs")));
  const args = ["--enable-source-maps", "--test"];
  if (process.argv[2]) args.push("--test-name-pattern", process.argv[2]);
  code = await new Promise((resolve) => {
    spawn(process.execPath, [...args, ...bundled], { stdio: "inherit" }).on("exit", (c) => resolve(c ?? 1));
  });
} finally {
  await rm(outdir, { recursive: true, force: true });
}
process.exit(code);
