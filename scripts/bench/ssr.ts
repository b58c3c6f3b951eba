// npm run bench:ssr: latency and throughput of server-rendered pages.
//
// Builds the web app if needed, starts the real server in production mode on a
// fresh PGlite database (or BENCH_DATABASE_URL), warms up, then for each path
// measures N sequential requests and M requests at concurrency C, each timed
// until the whole body has arrived: as a first-time visitor (no cookies), as a
// returning one (its cookies, then If-None-Match with the ETag it was given),
// and signed in (the demo player's refresh cookie). Prints figures, the server's
// CPU per request and issue #20's targets; never asserts on them.
//
//   npm run bench:ssr                       # /, /slots, /live and /about-us
//   npm run bench:ssr -- / /slots /faq      # other paths
//   BENCH_SEQUENTIAL=500 BENCH_CONCURRENT=2000 BENCH_CONCURRENCY=32 npm run bench:ssr
import fs from "node:fs";
import os from "node:os";
import { startBenchServer } from "../lib/bench-server.ts";

const positiveInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};

const WARMUP = positiveInt("BENCH_WARMUP", 50);
const SEQUENTIAL = positiveInt("BENCH_SEQUENTIAL", 200);
const CONCURRENT = positiveInt("BENCH_CONCURRENT", 500);
const CONCURRENCY = positiveInt("BENCH_CONCURRENCY", 16);
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
if (paths.length === 0) paths.push("/", "/slots", "/live", "/about-us");

/** Issue #20, target 4. */
const TARGET_HTML_KB = 60;
const TARGET_ANONYMOUS_RPS = 1_000;
const TARGET_SIGNED_IN_P50_MS = 10;

type Sample = { ms: number; status: number; bytes: number; etag: string | null };
type Row = {
  path: string;
  mode: string;
  requests: number;
  non200: number;
  p50: number;
  p99: number;
  max: number;
  rps: number;
  kb: number;
  /** Server CPU (user + system) per request, from /proc; NaN where /proc is not readable. */
  cpuMs: number;
};

/** A browser's page load: HTML accepted, the visitor's cookies, and a conditional request when it holds a copy. */
type Visitor = { cookie?: string; ifNoneMatch?: string };

async function timedGet(url: string, visitor: Visitor = {}): Promise<Sample> {
  const headers: Record<string, string> = { accept: "text/html", "accept-encoding": "identity" };
  if (visitor.cookie) headers.cookie = visitor.cookie;
  if (visitor.ifNoneMatch) headers["if-none-match"] = visitor.ifNoneMatch;
  const start = performance.now();
  try {
    const response = await fetch(url, { headers, redirect: "manual" });
    const body = await response.arrayBuffer();
    return {
      ms: performance.now() - start,
      status: response.status,
      bytes: body.byteLength,
      etag: response.headers.get("etag"),
    };
  } catch {
    return { ms: performance.now() - start, status: 0, bytes: 0, etag: null };
  }
}

/** The process's user + system CPU time in ms (Linux /proc; NaN elsewhere). */
function cpuTimeMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after "pid (comm) ".
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function summarize(pathName: string, mode: string, run: Run, expected = 200): Row {
  const { samples, wallMs } = run;
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const ok = samples.filter((s) => s.status === expected);
  return {
    path: pathName,
    mode,
    requests: samples.length,
    non200: samples.length - ok.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    rps: samples.length / (wallMs / 1000),
    kb: ok.length ? ok.reduce((sum, s) => sum + s.bytes, 0) / ok.length / 1024 : 0,
    cpuMs: run.cpuMs / samples.length,
  };
}

type Run = { samples: Sample[]; wallMs: number; cpuMs: number };

async function sequential(url: string, count: number, visitor: Visitor, pid: number | undefined): Promise<Run> {
  const samples: Sample[] = [];
  const cpuStart = cpuTimeMs(pid);
  const start = performance.now();
  for (let i = 0; i < count; i++) samples.push(await timedGet(url, visitor));
  return { samples, wallMs: performance.now() - start, cpuMs: cpuTimeMs(pid) - cpuStart };
}

async function concurrent(
  url: string,
  count: number,
  concurrency: number,
  visitor: Visitor,
  pid: number | undefined,
): Promise<Run> {
  const samples: Sample[] = [];
  let issued = 0;
  const cpuStart = cpuTimeMs(pid);
  const start = performance.now();
  const worker = async () => {
    while (issued < count) {
      issued++;
      samples.push(await timedGet(url, visitor));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { samples, wallMs: performance.now() - start, cpuMs: cpuTimeMs(pid) - cpuStart };
}

/** The demo player's refresh cookie, as the browser holds it after logging in. */
async function signedInCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/authorization/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "demo@example.com", password: "demo-password-1" }),
  });
  const refresh = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith("__Host-refresh_token=") && pair.length > "__Host-refresh_token=".length);
  if (!response.ok || !refresh) throw new Error(`demo login answered ${response.status} without a refresh cookie`);
  return `${refresh}; segment_name=default; locale=en`;
}

/** The cookies a browser holds after its first page (so the page sets none). */
const RETURNING_COOKIE = "segment_name=default; locale=en";

function printTable(rows: Row[]) {
  const header = ["path", "mode", "requests", "not ok", "p50 ms", "p99 ms", "max ms", "req/s", "cpu ms/req", "html KB"];
  const lines = rows.map((r) => [
    r.path,
    r.mode,
    String(r.requests),
    String(r.non200),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
    r.rps.toFixed(0),
    r.cpuMs.toFixed(2),
    r.kb.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
}

async function main() {
  const { origin, databaseUrl, stop, pid } = await startBenchServer({ name: "bench" });
  try {
    console.log(
      `SSR benchmark: ${origin}, ${databaseUrl ? "PostgreSQL" : "PGlite"}, node ${process.version}, ${os.cpus().length} CPUs ` +
        `(${os.cpus()[0]?.model.trim() ?? "unknown"}), load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
    );
    console.log(
      `warm-up ${WARMUP}, sequential ${SEQUENTIAL}, concurrent ${CONCURRENT} at concurrency ${CONCURRENCY}; ` +
        `client and server share this machine; bodies uncompressed (accept-encoding: identity).\n`,
    );

    const rows: Row[] = [];
    const signedIn = { cookie: await signedInCookie(origin) };
    for (const pathName of paths) {
      const url = origin + pathName;
      const warm = await sequential(url, WARMUP, {}, pid);
      const statuses = new Set(warm.samples.map((s) => s.status));
      if (!statuses.has(200)) console.warn(`warning: ${pathName} answered ${[...statuses].join(", ")} during warm-up`);
      rows.push(summarize(pathName, "new visitor", await sequential(url, SEQUENTIAL, {}, pid)));
      rows.push(
        summarize(pathName, `new visitor x${CONCURRENCY}`, await concurrent(url, CONCURRENT, CONCURRENCY, {}, pid)),
      );
      const returning = { cookie: RETURNING_COOKIE };
      rows.push(
        summarize(
          pathName,
          `returning x${CONCURRENCY}`,
          await concurrent(url, CONCURRENT, CONCURRENCY, returning, pid),
        ),
      );
      const etag = warm.samples.at(-1)?.etag;
      if (etag) {
        const revalidating = { ...returning, ifNoneMatch: etag };
        rows.push(
          summarize(
            pathName,
            `304 x${CONCURRENCY}`,
            await concurrent(url, CONCURRENT, CONCURRENCY, revalidating, pid),
            304,
          ),
        );
      }
      await sequential(url, WARMUP, signedIn, pid);
      rows.push(summarize(pathName, "signed in", await sequential(url, SEQUENTIAL, signedIn, pid)));
      rows.push(
        summarize(pathName, `signed in x${CONCURRENCY}`, await concurrent(url, CONCURRENT, CONCURRENCY, signedIn, pid)),
      );
    }
    printTable(rows);
    printTargets(rows);
  } finally {
    await stop();
  }
}

/** Issue #20's SSR target, line by line: the figure, the target, met or not. */
function printTargets(rows: Row[]) {
  const home = rows.find((r) => r.path === "/" && r.mode === "new visitor");
  const anonymous = rows.filter((r) => r.mode === `new visitor x${CONCURRENCY}` && r.path !== "/about-us");
  const signedIn = rows.find((r) => r.path === "/" && r.mode === "signed in");
  const line = (label: string, figure: string, met: boolean) =>
    console.log(`${met ? "met    " : "NOT MET"}  ${label}: ${figure}`);
  console.log("\nissue #20 target 4:");
  if (home) line(`HTML of / <= ${TARGET_HTML_KB} KB`, `${home.kb.toFixed(1)} KB`, home.kb <= TARGET_HTML_KB);
  for (const row of anonymous)
    line(
      `anonymous ${row.path} >= ${TARGET_ANONYMOUS_RPS} req/s at x${CONCURRENCY}`,
      `${row.rps.toFixed(0)} req/s`,
      row.rps >= TARGET_ANONYMOUS_RPS,
    );
  if (signedIn)
    line(
      `signed-in / p50 <= ${TARGET_SIGNED_IN_P50_MS} ms`,
      `${signedIn.p50.toFixed(1)} ms`,
      signedIn.p50 <= TARGET_SIGNED_IN_P50_MS,
    );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
