// npm run bench:ssr: latency and throughput of server-rendered pages.
//
// Builds the web app if needed, starts the real server in production mode on a
// fresh PGlite database (or BENCH_DATABASE_URL), warms up, then for each path
// measures N sequential requests and M requests at concurrency C, each timed
// until the whole body has arrived. Prints figures; never asserts on them.
//
//   npm run bench:ssr                       # / and /about-us
//   npm run bench:ssr -- / /slots /faq      # other paths
//   BENCH_SEQUENTIAL=500 BENCH_CONCURRENT=2000 BENCH_CONCURRENCY=32 npm run bench:ssr
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
if (paths.length === 0) paths.push("/", "/about-us");

type Sample = { ms: number; status: number; bytes: number };
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
};

async function timedGet(url: string): Promise<Sample> {
  const start = performance.now();
  try {
    const response = await fetch(url, { headers: { accept: "text/html" }, redirect: "manual" });
    const body = await response.arrayBuffer();
    return { ms: performance.now() - start, status: response.status, bytes: body.byteLength };
  } catch {
    return { ms: performance.now() - start, status: 0, bytes: 0 };
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function summarize(pathName: string, mode: string, samples: Sample[], wallMs: number): Row {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const ok = samples.filter((s) => s.status === 200);
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
  };
}

async function sequential(url: string, count: number): Promise<{ samples: Sample[]; wallMs: number }> {
  const samples: Sample[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) samples.push(await timedGet(url));
  return { samples, wallMs: performance.now() - start };
}

async function concurrent(url: string, count: number, concurrency: number) {
  const samples: Sample[] = [];
  let issued = 0;
  const start = performance.now();
  const worker = async () => {
    while (issued < count) {
      issued++;
      samples.push(await timedGet(url));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { samples, wallMs: performance.now() - start };
}

function printTable(rows: Row[]) {
  const header = ["path", "mode", "requests", "non-200", "p50 ms", "p99 ms", "max ms", "req/s", "html KB"];
  const lines = rows.map((r) => [
    r.path,
    r.mode,
    String(r.requests),
    String(r.non200),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
    r.rps.toFixed(0),
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
  const { origin, databaseUrl, stop } = await startBenchServer({ name: "bench" });
  try {
    console.log(
      `SSR benchmark: ${origin}, ${databaseUrl ? "PostgreSQL" : "PGlite"}, node ${process.version}, ${os.cpus().length} CPUs ` +
        `(${os.cpus()[0]?.model.trim() ?? "unknown"})`,
    );
    console.log(
      `warm-up ${WARMUP}, sequential ${SEQUENTIAL}, concurrent ${CONCURRENT} at concurrency ${CONCURRENCY}; ` +
        `client and server share this machine.\n`,
    );

    const rows: Row[] = [];
    for (const pathName of paths) {
      const url = origin + pathName;
      const warm = await sequential(url, WARMUP);
      const statuses = new Set(warm.samples.map((s) => s.status));
      if (!statuses.has(200)) console.warn(`warning: ${pathName} answered ${[...statuses].join(", ")} during warm-up`);
      const seq = await sequential(url, SEQUENTIAL);
      rows.push(summarize(pathName, "sequential", seq.samples, seq.wallMs));
      const conc = await concurrent(url, CONCURRENT, CONCURRENCY);
      rows.push(summarize(pathName, `concurrent x${CONCURRENCY}`, conc.samples, conc.wallMs));
    }
    printTable(rows);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
