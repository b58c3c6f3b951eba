// The server as one ES module (npm run build:server → apps/server/dist/server.mjs), which production starts
// with plain node (ADR 039): under tsx every start compiled and resolved ~1,000 TypeScript modules one by one
// through a loader thread, over a second of the start-up. Our sources (the server, the workspace packages it
// imports) are bundled; every npm package stays an import of node_modules, as before. Files that find their
// neighbours through import.meta (migrations, the web build, the house client, SQL functions) keep finding
// them: import.meta.url and import.meta.dirname are rewritten to the source file's own location, relative to
// the bundle, so the checkout can move but must keep its layout.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { root } from "./processes.mjs";

export const serverBundle = path.join(root, "apps/server/dist/server.mjs");
const bundleDir = path.dirname(serverBundle);
const entry = path.join(root, "apps/server/src/server.ts");
/** What the bundle is made of: its freshness is checked against these (plus the lock file). */
const sources = ["apps/server/src", "apps/house-games/src", "packages/db/src", "packages/contract/src"].map((dir) =>
  path.join(root, dir),
);

// esbuild comes with tsx (its compiler); resolved through tsx so no second copy is needed.
const require = createRequire(path.join(root, "package.json"));
const esbuild = createRequire(require.resolve("tsx/package.json"))("esbuild");

const relative = (from, to) => path.relative(from, to).split(path.sep).join("/") || ".";

const importMetaOfSource = {
  name: "import-meta-of-source",
  setup(build) {
    // npm packages stay imports; only relative files and the workspace's own packages are bundled.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@croupier/") ? undefined : { external: true },
    );
    build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, "utf8");
      if (contents.includes("import.meta.")) {
        const file = JSON.stringify(relative(bundleDir, args.path));
        const dir = JSON.stringify(`${relative(bundleDir, path.dirname(args.path))}/`);
        contents = contents
          .replaceAll("import.meta.url", `new URL(${file}, import.meta.url).href`)
          .replaceAll("import.meta.dirname", `__bundleSourceDir(${dir})`);
      }
      return { contents, loader: "ts" };
    });
  },
};

/** Bundles apps/server/src/server.ts into apps/server/dist/server.mjs (with a source map). */
export async function buildServer({ log = console.log } = {}) {
  const started = Date.now();
  await esbuild.build({
    entryPoints: [entry],
    outfile: serverBundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [importMetaOfSource],
    banner: {
      js: [
        "// Built by npm run build:server (scripts/lib/server-build.mjs); do not edit.",
        "import { createRequire as __bundleCreateRequire } from 'node:module';",
        "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
        "const require = __bundleCreateRequire(import.meta.url);",
        "const __bundleSourceDir = (relative) => __bundleFileURLToPath(new URL(relative, import.meta.url)).replace(/[\\\\/]$/, '');",
      ].join("\n"),
    },
  });
  log(`Server bundle ${relative(root, serverBundle)} built in ${Date.now() - started} ms`);
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (stat.isFile()) return stat.mtimeMs;
  let newest = 0;
  for (const item of fs.readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (item.isFile()) newest = Math.max(newest, fs.statSync(path.join(item.parentPath, item.name)).mtimeMs);
  }
  return newest;
}

/** Builds the bundle when it is missing or older than its sources: a stale bundle would run yesterday's code. */
export async function ensureServerBuild({ log = console.log } = {}) {
  const built = fs.existsSync(serverBundle) ? fs.statSync(serverBundle).mtimeMs : 0;
  const newest = Math.max(...sources.map(newestMtime), newestMtime(path.join(root, "package-lock.json")));
  if (built > newest) return;
  log(built === 0 ? "No server bundle: building it" : "The server's sources changed: rebuilding its bundle");
  await buildServer({ log });
}
