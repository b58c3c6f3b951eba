// npm run size: first-load JavaScript per route, gzip-compressed, from the
// client build (apps/web/build/client). First load = the client entry, every
// route module from the root down to the route, and their static imports.
// Prints figures; `--check` exits 1 when / is over the budget or its first
// load holds a forbidden module (a big library that belongs behind a dynamic
// import; the build lists each chunk's modules in .vite/chunk-modules.json).
// CI runs the check (.ci/run); ADR 045.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import {
  firstLoadByRoute,
  forbiddenModules,
  parseRouterManifest,
  viteManifestFromRouter,
  withoutOptionalSegments,
} from "./lib/first-load.mjs";
import { root } from "./lib/processes.mjs";

const BUDGET_KB = 150; // gzip, first load of /
// Libraries that only dialogs, forms, account pages or a logged-in player need: each once crept into
// (or was kept out of) every page's first load. Matched against module ids relative to apps/web.
const FORBIDDEN = [
  { name: "zod (the contract's schemas: import the zod-free modules instead)", pattern: /\/node_modules\/zod\// },
  {
    name: "socket.io-client (loads at login)",
    pattern: /\/node_modules\/(socket\.io-client|engine\.io-client|socket\.io-parser)\//,
  },
  {
    name: "Radix UI (dialogs and menus load when opened)",
    pattern: /\/node_modules\/(@radix-ui|radix-ui|@floating-ui|react-remove-scroll)\//,
  },
  { name: "sonner (the toaster mounts after hydration)", pattern: /\/node_modules\/sonner\// },
  { name: "recharts", pattern: /\/node_modules\/(recharts|d3-[a-z]+)\// },
  { name: "marked (content pages)", pattern: /\/node_modules\/marked\// },
  { name: "uqr (two-factor set-up)", pattern: /\/node_modules\/uqr\// },
  { name: "TanStack Query devtools", pattern: /\/node_modules\/@tanstack\/(react-)?query-devtools\// },
];
// WEB_BUILD_DIR (as the server reads it): a build kept elsewhere, e.g. the before and after of a change.
const clientDir = path.join(
  process.env.WEB_BUILD_DIR ? path.resolve(process.env.WEB_BUILD_DIR) : path.join(root, "apps/web/build"),
  "client",
);
const viteManifestPath = path.join(clientDir, ".vite/manifest.json");
const chunkModulesPath = path.join(clientDir, ".vite/chunk-modules.json");
const assetsDir = path.join(clientDir, "assets");

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (!fs.existsSync(clientDir)) fail("No client build at apps/web/build/client: run `npm run build` first.");
const routerManifestFile = fs.readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
if (!routerManifestFile) fail("No React Router manifest (assets/manifest-*.js) in the client build.");

const routerManifest = parseRouterManifest(fs.readFileSync(path.join(assetsDir, routerManifestFile), "utf8"));
let viteManifest;
if (fs.existsSync(viteManifestPath)) {
  viteManifest = JSON.parse(fs.readFileSync(viteManifestPath, "utf8"));
} else {
  // React Router deletes .vite/ unless apps/web/vite.config.ts sets build.manifest: true; its own
  // manifest lists each module's static imports already, so the figures are the same.
  console.warn("note: no .vite/manifest.json in the client build; using React Router's manifest.\n");
  viteManifest = viteManifestFromRouter(routerManifest);
}

const sizes = new Map();
const sizeOf = (file) => {
  if (!sizes.has(file)) {
    const bytes = fs.readFileSync(path.join(clientDir, file));
    sizes.set(file, { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(file);
};
const total = (files) =>
  files.reduce(
    (sum, file) => {
      const size = sizeOf(file);
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip };
    },
    { raw: 0, gzip: 0 },
  );
const kb = (bytes) => (bytes / 1024).toFixed(1);

const rows = firstLoadByRoute(viteManifest, routerManifest).map((row) => ({
  ...row,
  js: total(row.files),
  styles: total(row.css),
}));

const header = ["route", "js files", "js KB", "js gzip KB", "css gzip KB"];
const lines = rows.map((row) => [
  row.route,
  String(row.files.length),
  kb(row.js.raw),
  kb(row.js.gzip),
  kb(row.styles.gzip),
]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
const format = (cells) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
console.log("First-load JavaScript per route (gzip -9; KB = 1024 bytes)\n");
console.log(format(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const line of lines) console.log(format(line));

const manifestSize = sizeOf(path.posix.join("assets", routerManifestFile));
console.log(
  `\nRoute manifest ${routerManifestFile}: ${kb(manifestSize.gzip)} KB gzip (loaded up front only with routeDiscovery "initial"; not counted above).`,
);

const home = rows.find((row) => row.route === "/") ?? rows.find((row) => withoutOptionalSegments(row.route) === "/");
if (!home) fail("No route for / in the build.");
const within = home.js.gzip <= BUDGET_KB * 1024;
console.log(
  `/ (${home.route}) first-load JS: ${kb(home.js.gzip)} KB gzip of ${BUDGET_KB} KB budget: ${within ? "within budget" : "OVER BUDGET"}`,
);

let forbidden = [];
if (fs.existsSync(chunkModulesPath)) {
  forbidden = forbiddenModules(home.files, JSON.parse(fs.readFileSync(chunkModulesPath, "utf8")), FORBIDDEN);
  for (const hit of forbidden)
    console.log(`  forbidden in the first load of /: ${hit.module} (${hit.file}): ${hit.name}`);
  if (forbidden.length === 0) console.log(`/ first load: none of the ${FORBIDDEN.length} forbidden libraries.`);
} else {
  console.warn(
    "note: no .vite/chunk-modules.json in the client build (apps/web/first-load-chunks.ts writes it): forbidden modules not checked.",
  );
  if (process.argv.includes("--check"))
    fail("--check needs .vite/chunk-modules.json: rebuild the web app (npm run build:web).");
}
if ((!within || forbidden.length > 0) && process.argv.includes("--check")) process.exit(1);
