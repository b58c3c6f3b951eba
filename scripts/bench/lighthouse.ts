// npm run bench:lighthouse: Lighthouse performance audit of server-rendered pages.
//
// Builds the web app if needed, starts the real server in production mode on a
// fresh PGlite database (or BENCH_DATABASE_URL) with the demo data, then runs
// Lighthouse's default mobile audit (Moto G Power screen, simulated slow 4G and
// 4x CPU slowdown) in Debian's headless Chromium for each path. Prints the
// performance score, the key metrics and what Lighthouse flags; never asserts.
// Not part of `npm test`: a score depends on the machine.
//
//   npm run bench:lighthouse                   # /
//   npm run bench:lighthouse -- / /slots       # other paths
//   LIGHTHOUSE_RUNS=3 npm run bench:lighthouse # median of 3 runs per path
//   LIGHTHOUSE_REPORT_DIR=.tmp/lh npm run bench:lighthouse   # also write HTML reports
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { startBenchServer } from "../lib/bench-server.ts";
import { root } from "../lib/processes.mjs";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
// As in e2e/support/browser.ts: Debian's chromium in a container, as root, without a GPU.
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const MAX_RUNS = 9;

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS)
  throw new Error(`LIGHTHOUSE_RUNS must be an integer from 1 to ${MAX_RUNS}`);
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR ? path.resolve(root, process.env.LIGHTHOUSE_REPORT_DIR) : undefined;
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
if (paths.length === 0) paths.push("/");

const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "Speed Index"],
] as const;

async function audit(url: string, port: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, { port, output: "html", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  if (result.lhr.runtimeError)
    throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/[^\w-]+/g, "_") || "_"}-${Date.now()}.html`;
    fs.writeFileSync(path.join(reportDir, name), String(result.report));
  }
  return result.lhr;
}

const scoreOf = (lhr: LighthouseResult) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

function printResult(pathName: string, lhr: LighthouseResult, scores: number[]) {
  console.log(
    `\n${pathName}  performance ${scoreOf(lhr)}${scores.length > 1 ? ` (runs: ${scores.join(", ")}; median shown)` : ""}`,
  );
  for (const [id, label] of METRICS) {
    const item = lhr.audits[id];
    console.log(`  ${label.padEnd(12)} ${(item?.displayValue ?? "n/a").padStart(10)}   score ${item?.score ?? "n/a"}`);
  }
  // What costs points: opportunities and diagnostics that did not pass, biggest estimated savings first.
  const flagged = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.weight === 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((item): item is NonNullable<typeof item> => item !== undefined && item.score !== null && item.score < 0.9)
    .filter((item) => item.scoreDisplayMode !== "informative" && item.scoreDisplayMode !== "notApplicable")
    .sort(
      (a, b) =>
        (b.metricSavings?.LCP ?? 0) +
        (b.metricSavings?.FCP ?? 0) -
        ((a.metricSavings?.LCP ?? 0) + (a.metricSavings?.FCP ?? 0)),
    );
  if (flagged.length === 0) {
    console.log("  nothing flagged");
    return;
  }
  console.log("  flagged:");
  for (const item of flagged) console.log(`    - ${item.title}${item.displayValue ? ` (${item.displayValue})` : ""}`);
}

async function main() {
  if (!fs.existsSync(chromiumPath))
    throw new Error(
      `Chromium not found at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  const { origin, stop } = await startBenchServer({ name: "lighthouse" });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    // A few requests first so the audit sees a warm server, not the first render's start-up costs.
    for (const pathName of paths) for (let i = 0; i < 5; i++) await (await fetch(origin + pathName)).arrayBuffer();
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROMIUM_FLAGS });
    console.log(
      `Lighthouse (mobile, simulated throttling) against ${origin}, ${os.cpus().length} CPUs, ${runs} run(s) per path`,
    );
    for (const pathName of paths) {
      const results: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) results.push(await audit(origin + pathName, chrome.port));
      const sorted = [...results].sort((a, b) => scoreOf(a) - scoreOf(b));
      printResult(pathName, sorted[Math.floor(sorted.length / 2)]!, results.map(scoreOf));
    }
    if (reportDir) console.log(`\nHTML reports in ${path.relative(root, reportDir) || "."}`);
  } finally {
    chrome?.kill();
    await stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
