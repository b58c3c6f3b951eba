// The server as one ES module (npm run build:server → apps/server/dist/server.mjs), which production starts
// with plain node (ADR 039): under tsx every start compiled and resolved ~1,000 TypeScript modules one by one
// through a loader thread, over a second of the start-up. Our sources (the server, the workspace packages it
// imports) are bundled, and so are the npm packages that are plain JavaScript (fastify, zod, drizzle, pg, …):
// loading ~700 CommonJS files one by one (resolve, read, lexer, wrapper) was most of what was left of a start.
// The packages in KEPT_EXTERNAL stay imports of node_modules (native code, files found next to their own
// sources, the copy the web build shares, the optional ones loaded on demand); the build fails if a bundled
// package finds files through its own location, so a new dependency cannot break the bundle silently.
// Files of ours that find their neighbours through import.meta (migrations, the web build, the house client,
// SQL functions) keep finding them: import.meta.url and import.meta.dirname are rewritten to the source
// file's own location, relative to the bundle, so the checkout can move but must keep its layout.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { root } from "./processes.mjs";

export const serverBundle = path.join(root, "apps/server/dist/server.mjs");
/**
 * Node's on-disk code cache for the bundle (NODE_COMPILE_CACHE, Node 22.1 and later; Node 20 ignores it):
 * a start reuses the compiled code of the last one instead of parsing and compiling 5.7 MB of JavaScript
 * again (~0.1-0.3 s of each start, ADR 039). Kept per checkout; Node checks it against the file's contents.
 */
export const compileCacheDir = path.join(root, "node_modules/.cache/croupier-compile-cache");
/** The environment npm start gives the bundle: the compile cache unless the operator chose one (or "" for none). */
export function bundleEnv(env = process.env) {
  return env.NODE_COMPILE_CACHE === undefined ? { NODE_COMPILE_CACHE: compileCacheDir } : {};
}
const bundleDir = path.dirname(serverBundle);
const entry = path.join(root, "apps/server/src/server.ts");
const stackTraces = path.join(root, "scripts/lib/bundle-stack-traces.mjs");
/** What the bundle is made of (and how): its freshness is checked against these (plus the lock file). */
const sources = [
  "apps/server/src",
  "apps/house-games/src",
  "packages/db/src",
  "packages/contract/src",
  "scripts/lib/bundle-stack-traces.mjs",
  "scripts/lib/server-build.mjs",
].map((dir) => path.join(root, dir));

const require = createRequire(path.join(root, "package.json"));
const esbuild = require("esbuild");

/**
 * npm packages that stay imports of node_modules (with everything they import). Whoever adds one to the
 * server's dependencies and gets a build error naming it decides: bundle it (reviewed below) or keep it here.
 */
const KEPT_EXTERNAL = new Set([
  // native addons
  "sharp",
  "@node-rs/argon2",
  // find their own files at run time: PGlite its WebAssembly and data; swagger its package.json, swagger-ui
  // its static files; socket.io the browser client it serves; pino (and thread-stream) the worker files of
  // transports; ipx's SVG optimiser (svgo → css-tree, csso) its data through import.meta.url
  "@electric-sql/pglite",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "socket.io",
  "pino",
  "thread-stream",
  "ipx",
  // the web build imports these from node_modules: one copy for both (react-router checks instanceof)
  "react-router",
  "react",
  "react-dom",
  // loaded only when configured (REDIS_URL, S3 documents, SMTP): bundled, they would be parsed at every start
  "redis",
  "@socket.io/redis-adapter",
  "@aws-sdk/client-s3",
  "nodemailer",
]);

/**
 * Bundled files that mention their own location, reviewed: none uses it on a path the server takes.
 * (A match is a word in a comment or code for a mode the server does not use.)
 */
const REVIEWED_LOCATION_USE = new Set([
  "@fastify/cookie/index.js", // a comment ("require(ESM)")
  "fast-json-stringify/lib/standalone.js", // standalone code generation, which the server does not use
]);
const LOCATION_USE =
  /\b(__dirname|__filename)\b|require\.resolve\b|import\.meta\.(url|dirname|filename|resolve)\b|\brequire\(\s*[^'"`\s)]/;

/** "pkg" or "@scope/pkg" of a bare import ("pkg/sub/path" → "pkg"). */
const packageName = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
/** The package a node_modules path belongs to, and the file inside it. */
function packageFile(file) {
  const inside = file.split("node_modules/").at(-1);
  const name = packageName(inside);
  return { name, file: inside };
}

const relative = (from, to) => path.relative(from, to).split(path.sep).join("/") || ".";

const serverBundlePlugin = {
  name: "server-bundle",
  setup(build) {
    // A kept-external import is resolved at run time from the bundle's own directory: that must be the same
    // copy esbuild finds from the importing file (no nested, other version of it).
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("node:") || args.pluginData === "server-bundle") return undefined;
      if (!KEPT_EXTERNAL.has(packageName(args.path))) return undefined;
      const options = { kind: args.kind, resolveDir: args.resolveDir, pluginData: "server-bundle" };
      const [fromImporter, fromBundle] = await Promise.all([
        build.resolve(args.path, options),
        build.resolve(args.path, { ...options, resolveDir: bundleDir }),
      ]);
      if (fromImporter.errors.length === 0 && (fromBundle.errors.length > 0 || fromImporter.path !== fromBundle.path))
        return {
          errors: [
            {
              text: `${args.path} from ${args.importer} is another copy than the bundle would load (${fromImporter.path})`,
            },
          ],
        };
      return { path: args.path, external: true };
    });
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

/** Bundled npm files that find files next to themselves: they would look next to the bundle instead. */
async function locationUses(metafile) {
  const found = [];
  for (const input of Object.keys(metafile.inputs)) {
    if (!input.includes("node_modules/")) continue;
    const { name, file } = packageFile(input);
    if (REVIEWED_LOCATION_USE.has(file)) continue;
    const contents = await fs.promises.readFile(path.resolve(root, input), "utf8");
    if (LOCATION_USE.test(contents)) found.push(`${file} (package ${name})`);
  }
  return found;
}

/** Bundles apps/server/src/server.ts into apps/server/dist/server.mjs (with a source map). */
export async function buildServer({ log = console.log } = {}) {
  const started = Date.now();
  // Kept imports are resolved from here (serverBundlePlugin), so it must exist before the first build.
  fs.mkdirSync(bundleDir, { recursive: true });
  const result = await esbuild.build({
    // Stack traces through the source map, read on first use (bundle-stack-traces.mjs), then the server.
    stdin: {
      contents: [stackTraces, entry].map((file) => `import ${JSON.stringify(file)};`).join("\n"),
      resolveDir: root,
      sourcefile: "server-bundle-entry.mjs",
      loader: "js",
    },
    outfile: serverBundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [serverBundlePlugin],
    absWorkingDir: root,
    metafile: true,
    // Stack traces need names and positions, not the packages' sources: a map without them loads faster.
    sourcesContent: false,
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
  const unreviewed = await locationUses(result.metafile);
  if (unreviewed.length > 0) {
    fs.rmSync(serverBundle, { force: true });
    throw new Error(
      `These bundled files find files through their own location, which would be the bundle's: ${unreviewed.join(", ")}. ` +
        "Keep their package external (KEPT_EXTERNAL) or review the file (REVIEWED_LOCATION_USE) in scripts/lib/server-build.mjs.",
    );
  }
  const bytes = fs.statSync(serverBundle).size;
  log(
    `Server bundle ${relative(root, serverBundle)} (${(bytes / 1e6).toFixed(1)} MB) built in ${Date.now() - started} ms`,
  );
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
