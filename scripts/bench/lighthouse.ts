// npm run bench:lighthouse: Lighthouse audit of server-rendered pages.
//
// Builds the web app if needed, starts the real server in production mode on a
// fresh PGlite database (or BENCH_DATABASE_URL) with the demo data, then runs
// Lighthouse's default mobile audit (Moto G Power screen, simulated slow 4G and
// 4x CPU slowdown) in Debian's headless Chromium for each path. Prints every
// category's score (performance, accessibility, best practices, SEO; PWA where
// the Lighthouse version still has it: 12 and later dropped it), the key
// metrics and what Lighthouse flags; never asserts. Not part of `npm test`: a
// score depends on the machine. Paths under /account are audited as a player
// signed up from the browser just before (it keeps the session cookie).
//
//   npm run bench:lighthouse                   # the lobby, a game page and an account page
//   npm run bench:lighthouse -- / /slots       # other paths
//   LIGHTHOUSE_RUNS=3 npm run bench:lighthouse # median of 3 runs per path
//   LIGHTHOUSE_REPORT_DIR=.tmp/lh npm run bench:lighthouse   # also write HTML reports (and the raw JSON)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { defaultConfig } from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { chromium } from "playwright-core";
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
// The lobby, a game page and an account page (signed in): the three kinds of page a player spends time on.
const DEFAULT_PATHS = ["/", "/game/sandstone-studio/pharaoh-gold", "/account/dashboard"];
// Lighthouse 13's categories; "pwa" is listed for older versions that still have it and skipped when absent.
const CATEGORIES = [
  ["performance", "performance"],
  ["accessibility", "accessibility"],
  ["best-practices", "best practices"],
  ["seo", "SEO"],
  ["pwa", "PWA"],
] as const;

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS)
  throw new Error(`LIGHTHOUSE_RUNS must be an integer from 1 to ${MAX_RUNS}`);
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR ? path.resolve(root, process.env.LIGHTHOUSE_REPORT_DIR) : undefined;
const argPaths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const paths = argPaths.length > 0 ? argPaths : DEFAULT_PATHS;
const needsPlayer = (pathName: string) => pathName === "/account" || pathName.startsWith("/account/");

const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "Speed Index"],
] as const;

/**
 * Signs a new player up from a page of the launched Chromium, so the browser stores the server's refresh
 * cookie itself (HttpOnly, Secure, __Host-: a cookie set from outside through CDP is refused on http).
 */
async function signUpInBrowser(port: number, origin: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/robots.txt`);
      const status = await page.evaluate(async (email) => {
        const currencies = (await (await fetch("/api/v1/dictionary/currencies")).json()) as {
          payload: { guid: string; code: string }[];
        };
        const usd = currencies.payload.find((currency) => currency.code === "USD");
        if (!usd) return "the demo data has no USD currency";
        const res = await fetch("/api/v1/signup", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: "lighthouse-bench-pass-1", currency_guid: usd.guid }),
        });
        return res.ok ? "ok" : `${res.status} ${await res.text()}`;
      }, `lighthouse-${Date.now()}@example.com`);
      if (status !== "ok") throw new Error(`sign-up for the account pages failed: ${status}`);
    } finally {
      await page.close();
    }
  } finally {
    // Disconnects; the browser itself stays up for Lighthouse.
    await browser.close();
  }
}

/**
 * Chromium's own install-prompt check for the app (what Lighthouse's removed "installable" audit reported):
 * the manifest as Chromium parsed it and the reasons it would not offer to install, none when installable.
 */
async function checkInstallable(port: number, url: string): Promise<{ manifestUrl: string; errors: string[] }> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    try {
      await page.goto(url, { waitUntil: "load" });
      // The service worker counts once it controls a page; a site without one leaves this unresolved: 10 s cap.
      await page
        // A string, run in the page: scripts/ is typed for Node, without the DOM library.
        .evaluate(
          "Promise.race([navigator.serviceWorker ? navigator.serviceWorker.ready : null, new Promise((resolve) => setTimeout(resolve, 10000))])",
        )
        .catch(() => undefined);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send("Page.getAppManifest")) as { url: string };
      const installability = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
      };
      return {
        manifestUrl: manifest.url,
        errors: installability.installabilityErrors.map(
          (error) =>
            error.errorId +
            (error.errorArguments.length > 0
              ? ` (${error.errorArguments.map((arg) => `${arg.name}=${arg.value}`).join(", ")})`
              : ""),
        ),
      };
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

async function audit(url: string, port: number, signedIn: boolean): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port,
    output: "html",
    logLevel: "error",
    onlyCategories: CATEGORIES.map(([id]) => id).filter((id) => defaultConfig.categories?.[id] !== undefined),
    // Lighthouse clears the origin's storage (cookies included) before loading: a signed-in page keeps it.
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  if (result.lhr.runtimeError)
    throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/[^\w-]+/g, "_") || "_"}-${Date.now()}.html`;
    fs.writeFileSync(path.join(reportDir, name), String(result.report));
    // The raw result too, for a script to read (the LCP breakdown, the request chains, …).
    fs.writeFileSync(path.join(reportDir, name.replace(/\.html$/, ".json")), JSON.stringify(result.lhr));
  }
  return result.lhr;
}

const scoreOf = (lhr: LighthouseResult, category = "performance") =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

function printResult(pathName: string, lhr: LighthouseResult, scores: number[], signedIn: boolean) {
  const categories = CATEGORIES.filter(([id]) => lhr.categories[id] !== undefined)
    .map(([id, label]) => `${label} ${scoreOf(lhr, id)}`)
    .join("  ");
  console.log(
    `\n${pathName}${signedIn ? " (signed in)" : ""}  ${categories}${scores.length > 1 ? `  (performance runs: ${scores.join(", ")}; median shown)` : ""}`,
  );
  // A redirect (a signed-out visitor sent to the login dialog, say) means another page was measured.
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname + new URL(lhr.finalDisplayedUrl).search;
  if (finalPath !== pathName) console.log(`  ended on ${finalPath}`);
  for (const [id, label] of METRICS) {
    const item = lhr.audits[id];
    console.log(`  ${label.padEnd(12)} ${(item?.displayValue ?? "n/a").padStart(10)}   score ${item?.score ?? "n/a"}`);
  }
  // What costs performance points: opportunities and diagnostics that did not pass, biggest estimated savings first.
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
  console.log(flagged.length === 0 ? "  performance: nothing flagged" : "  performance flagged:");
  for (const item of flagged) console.log(`    - ${item.title}${item.displayValue ? ` (${item.displayValue})` : ""}`);
  // The other categories are pass/fail audits: list the ones that failed.
  for (const [id, label] of CATEGORIES) {
    if (id === "performance" || !lhr.categories[id]) continue;
    const failed = lhr.categories[id].auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((item): item is NonNullable<typeof item> => item !== undefined && item.score !== null && item.score < 1)
      .filter((item) => item.scoreDisplayMode === "binary" || item.scoreDisplayMode === "numeric");
    if (failed.length === 0) continue;
    console.log(`  ${label} failed:`);
    for (const item of failed) console.log(`    - ${item.id}: ${item.title}`);
  }
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
      const signedIn = needsPlayer(pathName);
      const results: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) {
        if (signedIn) await signUpInBrowser(chrome.port, origin);
        results.push(await audit(origin + pathName, chrome.port, signedIn));
      }
      const sorted = [...results].sort((a, b) => scoreOf(a) - scoreOf(b));
      printResult(
        pathName,
        sorted[Math.floor(sorted.length / 2)]!,
        results.map((lhr) => scoreOf(lhr)),
        signedIn,
      );
    }
    const installable = await checkInstallable(chrome.port, `${origin}/`);
    console.log(
      `\ninstallable (Chromium's install criteria on /): ${installable.errors.length === 0 ? "yes" : "no"}` +
        `  manifest ${installable.manifestUrl || "none"}`,
    );
    for (const error of installable.errors) console.log(`  - ${error}`);
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
