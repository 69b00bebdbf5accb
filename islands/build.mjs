// Bundles islands/ into assets/static/dist with code splitting: main.js is
// the small loader every page gets; React and each island are chunks that
// load only when an island needs them. `node islands/build.mjs --watch`
// rebuilds on change.
import * as esbuild from "esbuild";
import { copyFile, mkdir, rm } from "node:fs/promises";

const outdir = "assets/static/dist";
const watch = process.argv.includes("--watch");

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
await copyFile("node_modules/htmx.org/dist/htmx.min.js", `${outdir}/htmx.min.js`);

// Unit tests (*.test.ts, run by islands/test.mjs) are never part of the
// app: importing one from the app's code fails the build.
const noTests = {
  name: "no-tests",
  setup(build) {
    build.onLoad({ filter: /\.test\.tsx?$/ }, (args) => ({
      errors: [{ text: `${args.path} is a test: the app must not import it` }],
    }));
  },
};

const options = {
  // CSS of the map island: its box, which pages link, and Leaflet's
  // styles, which the island adds when it shows a map (islands/map).
  entryPoints: { main: "islands/main.ts", "map-box": "islands/map/box.css", map: "islands/map/map.css" },
  // Leaflet's stylesheet names images of controls and default markers the
  // maps never use (their markers are drawn by CSS).
  external: ["*.png"],
  plugins: [noTests],
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  target: ["es2020"],
  minify: true,
  sourcemap: false,
  jsx: "automatic",
  chunkNames: "chunks/[name]-[hash]",
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "info",
};

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  await esbuild.build(options);
}
