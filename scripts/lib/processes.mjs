// Process plumbing shared by start, dev, e2e and the benchmarks: build the web
// app when its output is missing, start the real server, wait for /readyz,
// stop children cleanly. Plain ESM so `node scripts/*.mjs` needs no loader.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const root = path.resolve(import.meta.dirname, "../..");
export const webDir = path.join(root, "apps/web");
export const webServerBuild = path.join(webDir, "build/server/index.js");
export const serverEntry = path.join(root, "apps/server/src/server.ts");

const require = createRequire(path.join(root, "package.json"));
export const tsxCli = require.resolve("tsx/cli");
/** For `node --import`: an absolute URL works from any working directory. */
export const tsxLoader = pathToFileURL(require.resolve("tsx")).href;

/** Resolved from apps/web, where @react-router/dev is declared. */
export function reactRouterCli() {
  const webRequire = createRequire(path.join(webDir, "package.json"));
  return path.join(path.dirname(webRequire.resolve("@react-router/dev/package.json")), "bin.js");
}

/** Spawns with inherited stdio and resolves to the exit code (128 + n when killed by signal n). */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

export function exitCodeOf(code, signal) {
  if (code !== null) return code;
  const number = signal ? os.constants.signals[signal] : undefined;
  return number ? 128 + number : 1;
}

/** The house provider's game client, served under /house. */
export const houseClientBuild = path.join(root, "apps/house-games/client/dist/index.html");

/** The staff console (apps/backoffice), served under /backoffice. */
export const backofficeDir = path.join(root, "apps/backoffice");
export const backofficeBuild = path.join(backofficeDir, "build/index.html");

/** The newest modification time (ms) of the files under `dir` (0 when it does not exist). */
function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds the console (npm run build:backoffice) when its build is missing or older than its sources or the
 * contract it imports: it takes seconds, and a stale console would test yesterday's pages.
 */
export async function ensureBackofficeBuild({ log = console.log } = {}) {
  const built = fs.existsSync(backofficeBuild) ? fs.statSync(backofficeBuild).mtimeMs : 0;
  const sources = [path.join(backofficeDir, "app"), path.join(backofficeDir, "index.html"), path.join(root, "packages/contract/src")];
  const newest = Math.max(...sources.map((source) => (fs.existsSync(source) && fs.statSync(source).isFile() ? fs.statSync(source).mtimeMs : newestMtime(source))));
  if (built > newest) return;
  log(built === 0 ? "No console build: running npm run build:backoffice" : "The console's sources changed: running npm run build:backoffice");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const code = await run(npm, ["run", "build:backoffice"]);
  if (code !== 0) throw new Error(`The console build failed (exit code ${code})`);
  if (!fs.existsSync(backofficeBuild)) throw new Error(`The console build finished but ${backofficeBuild} does not exist`);
}

/** The newest modification time among the given files and folders (0 when none exists). */
function newestOf(sources) {
  return Math.max(
    0,
    ...sources
      .filter((source) => fs.existsSync(source))
      .map((source) => (fs.statSync(source).isFile() ? fs.statSync(source).mtimeMs : newestMtime(source))),
  );
}

/** Runs one build step when its output is missing or older than its sources. */
async function ensureBuilt({ name, output, sources, script, log }) {
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  if (built > newestOf(sources)) return;
  log(built === 0 ? `No ${name} build: running npm run ${script}` : `The ${name}'s sources changed: running npm run ${script}`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const code = await run(npm, ["run", script]);
  if (code !== 0) throw new Error(`The ${name} build failed (exit code ${code})`);
  if (!fs.existsSync(output)) throw new Error(`The ${name} build finished but ${output} does not exist`);
}

/**
 * Builds the web app, the house game client and the console, each when its output is missing or older
 * than its sources (a stale build served to the browser tests hydrates against different code).
 */
export async function ensureWebBuild({ log = console.log } = {}) {
  const contract = path.join(root, "packages/contract/src");
  await ensureBuilt({
    name: "web app",
    output: webServerBuild,
    sources: [path.join(webDir, "app"), path.join(webDir, "content"), path.join(webDir, "public"), path.join(webDir, "vite.config.ts"), contract],
    script: "build:web",
    log,
  });
  await ensureBuilt({
    name: "house game client",
    output: houseClientBuild,
    sources: [path.join(root, "apps/house-games/client/src"), path.join(root, "apps/house-games/client/index.html"), path.join(root, "apps/house-games/client/vite.config.ts")],
    script: "build:house",
    log,
  });
  return ensureBackofficeBuild({ log });
}

/** A TCP port that was free a moment ago (the OS picks it). */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts `tsx apps/server/src/server.ts` with the given environment; stdio is piped to ours. */
export function startServer(env, { quiet = false } = {}) {
  // SERVER_NODE_FLAGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it under a benchmark.
  const extraFlags = (process.env.SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  return spawn(process.execPath, [...extraFlags, "--import", tsxLoader, serverEntry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
  });
}

/** Polls url until it answers 200; fails early if the child exits, or after timeoutMs. */
export async function waitForReady(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  const onExit = (code, signal) => {
    exited = exitCodeOf(code, signal);
  };
  child.once("exit", onExit);
  try {
    while (Date.now() < deadline) {
      if (exited !== null) throw new Error(`The server exited with code ${exited} before it was ready`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
  } finally {
    child.off("exit", onExit);
  }
}

/** SIGTERM, then SIGKILL after graceMs; resolves once the child is gone. */
export function stopProcess(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
