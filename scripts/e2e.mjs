// npm run test:e2e: browser tests against the real server.
//
// 1. Find Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Missing: fail
//    under CI=true, otherwise explain how to install it and skip.
// 2. Build the web app if it has never been built.
// 3. Start `tsx apps/server/src/server.ts` on a free port with a fresh database:
//    a new PostgreSQL database when E2E_DATABASE_URL or TEST_DATABASE_URL is
//    set (dropped afterwards), otherwise PGlite in a temporary DATA_DIR.
// 4. Wait for /readyz, run vitest with e2e/vitest.config.ts, stop the server.
// 5. Steps 3-4 again for each further server profile (a fresh database each): "gb" runs the
//    e2e/*.gb.e2e.ts files against JURISDICTION=gb with the sms-auth flag on; "promo-popups" runs
//    e2e/promo-popups.e2e.ts with the pop-ups' delays shortened.
//
// Extra arguments go to vitest: `npm run test:e2e -- foundation`.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureWebBuild, freePort, root, run, startServer, stopProcess, waitForReady } from "./lib/processes.mjs";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const isCi = process.env.CI === "true" || process.env.CI === "1";

if (!fs.existsSync(chromiumPath)) {
  if (isCi) {
    console.error(`e2e: Chromium not found at ${chromiumPath}. CI must provide it (apt-get install -y chromium).`);
    process.exit(1);
  }
  console.warn(
    [
      `e2e: Chromium not found at ${chromiumPath}.`,
      "  Install it with:  sudo apt-get update && sudo apt-get install -y chromium",
      "  or point CHROMIUM_PATH at an existing Chromium or Chrome binary.",
      "e2e skipped",
    ].join("\n"),
  );
  process.exit(0);
}

/** A fresh PostgreSQL database on the admin URL's server; drop() removes it. */
async function createPostgresDatabase(adminUrl) {
  const name = `croupier_e2e_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    describe: `PostgreSQL database ${name}`,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

function createPgliteDirectory() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "croupier-e2e-"));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: "" },
    describe: `PGlite in ${dir}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Server profiles, run in turn; each runs the files its E2E_PROFILE selects in e2e/vitest.config.ts. */
const PROFILES = [
  // The coin feature on (its default is off), for e2e/loyalty-coins.e2e.ts's coin page.
  { name: "default", env: { FEATURE_FLAGS: "history-of-rounds,bonus-hub,caswino-coin" } },
  { name: "gb", env: { JURISDICTION: "gb", FEATURE_FLAGS: "history-of-rounds,bonus-hub,sms-auth" } },
  // The promo pop-ups after 3 s instead of 5 minutes (e2e/promo-popups.e2e.ts): in the default profile a
  // pop-up would cover other tests' pages.
  { name: "promo-popups", env: { PUBLIC_REGISTER_PROMO_TIMEOUT_MS: "3000", PUBLIC_DEPOSIT_PROMO_TIMEOUT_MS: "3000" } },
];

/** The profile a test file runs in: *.gb.e2e.ts in gb, promo-popups.e2e.ts in promo-popups, the rest in default. */
function profileOf(file) {
  if (file.endsWith(".gb.e2e.ts")) return "gb";
  if (file === "promo-popups.e2e.ts") return "promo-popups";
  return "default";
}

/** vitest's file filters (arguments that are not options): a profile none of whose files match is skipped. */
function profileHasFiles(profile, filters) {
  const files = fs.readdirSync(path.join(root, "e2e")).filter((f) => f.endsWith(".e2e.ts"));
  const own = files.filter((f) => profileOf(f) === profile.name);
  if (filters.length === 0) return own.length > 0;
  return own.some((f) => filters.some((filter) => f.includes(filter)));
}

async function main() {
  await ensureWebBuild();
  const args = process.argv.slice(2);
  const filters = args.filter((a) => !a.startsWith("-"));
  let worst = 0;
  for (const profile of PROFILES) {
    if (!profileHasFiles(profile, filters)) continue;
    console.log(`e2e: profile ${profile.name}`);
    const code = await runProfile(profile, args);
    worst = worst || code;
  }
  return worst;
}

async function runProfile(profile, args) {
  const adminUrl = process.env.E2E_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const database = adminUrl ? await createPostgresDatabase(adminUrl) : createPgliteDirectory();
  const cleanups = [database.drop];
  let server;

  const cleanup = async () => {
    if (server) await stopProcess(server);
    for (const step of cleanups.splice(0)) {
      try {
        await step();
      } catch (error) {
        console.error(`e2e: cleanup failed: ${error instanceof Error ? error.message : error}`);
      }
    }
  };
  // Ctrl-C during a run: vitest gets the signal from the terminal; we still stop the server and drop the database.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      void cleanup().then(() => process.exit(130));
    });
  }

  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    console.log(`e2e: starting the server on ${baseUrl} with ${database.describe}`);
    server = startServer(
      {
        ...database.env,
        NODE_ENV: process.env.E2E_NODE_ENV || "test",
        HOST: "127.0.0.1",
        PORT: String(port),
        // No PUBLIC_URL, as a newcomer runs it: the default follows HOST (http://127.0.0.1:port), and a page
        // opened through http://localhost:port gets launch URLs on that origin (e2e/launch-origin.e2e.ts).
        PUBLIC_URL: "",
        // The browser tests use the development-only routes (dev outbox, sandbox PSP, demo players); production refuses them.
        DEMO_MODE: (process.env.E2E_NODE_ENV || "test") === "production" ? "false" : "true",
        LOG_LEVEL: process.env.E2E_LOG_LEVEL || "warn",
        SERVE_WEB: "true",
        SEED_DEMO_DATA: "true",
        REDIS_URL: "",
        // Short live-table rounds (betting, drawing, result seconds) so a shared round fits in a test.
        HOUSE_LIVE_TIMINGS: process.env.HOUSE_LIVE_TIMINGS || "6,2,3",
        // The promotions loop (cashback runs, rakeback accrual, coin mining, segments) is off under NODE_ENV=test;
        // browser tests wait for what it does, so it runs here every 2 s.
        PROMOTION_JOBS_INTERVAL_MS: process.env.PROMOTION_JOBS_INTERVAL_MS || "2000",
        // The server places visitors by country (ADR 028): a test sends X-Forwarded-For from loopback, and the
        // committed GeoIP fixture puts 203.0.113.0/24 in FR (e2e/platform-rules.e2e.ts).
        TRUST_PROXY: "loopback",
        GEOIP_DB_PATH: path.join(root, "e2e/fixtures/geoip-test-country.mmdb"),
        ...profile.env,
      },
      { quiet: false },
    );
    await waitForReady(`${baseUrl}/readyz`, server);

    const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
    const code = await run(
      process.execPath,
      [vitest, "run", "--config", path.join(root, "e2e/vitest.config.ts"), ...args],
      { env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromiumPath, E2E_PROFILE: profile.name } },
    );
    return code;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`e2e: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
