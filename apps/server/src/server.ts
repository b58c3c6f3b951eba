import fs from "node:fs";
import path from "node:path";
import { createDatabase } from "@croupier/db/create-database";
import { seed } from "@croupier/db/seed/seed";
import { houseGamesPlugin } from "@croupier/house-games/plugin";
import { buildApp } from "./app.ts";
import { loadEnv } from "./env.ts";
import { demoModeWarning } from "./lib/demo-mode-warning.ts";
import { migrateWhenBehind } from "./lib/migrate-when-behind.ts";
import { startBackofficeListener, type BackofficeListener } from "./lib/backoffice-listener.ts";
import { startMetricsListener, type MetricsListener } from "./lib/metrics-listener.ts";
import { backofficeAppPlugin } from "./plugins/backoffice-app.ts";
import { webAppPlugin } from "./plugins/web-app.ts";

// The process entry: env → database → migrations (when behind) → seed (when needed) → app → listen.
async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const database = await createDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    log: (line) => console.warn(line),
  });
  // Start-up on an existing database (ADR 039): one query tells whether either journal is behind.
  const migrated = await migrateWhenBehind(database);
  // The reference seed inserts only what is missing, so it matters on a new database or a new release (both
  // migrate); a production restart on an up-to-date database skips it. Outside production, and whenever
  // demo data is asked for, it runs every time, as before (cheap, and a changed seed shows up at once).
  const seedNeeded = env.NODE_ENV !== "production" || migrated.platform || env.SEED_DEMO_DATA || env.DEMO_MODE;
  if (seedNeeded) await seed(database.db, { demo: env.SEED_DEMO_DATA, demoStaff: env.DEMO_MODE });

  const app = await buildApp({ env, database });

  // The built-in game provider under /house: its own schema, and wallet calls over real HTTP to this
  // process's port exactly like an external provider (HOUSE_PLATFORM_URL points elsewhere when split out).
  await app.register(houseGamesPlugin, {
    prefix: "/house",
    database,
    platformUrl: env.HOUSE_PLATFORM_URL ?? `http://127.0.0.1:${env.PORT}`,
    secret: env.PROVIDER_HOUSE_SECRET,
    migrate: false, // migrateWhenBehind did
  });

  // The staff console at /backoffice (before the web app, whose catch-all would otherwise answer it).
  if (fs.existsSync(path.join(env.BACKOFFICE_BUILD_DIR, "index.html"))) {
    await app.register(backofficeAppPlugin, { buildDir: env.BACKOFFICE_BUILD_DIR });
  } else {
    app.log.warn(`No back-office build at ${env.BACKOFFICE_BUILD_DIR}; /backoffice is not served (run npm run build).`);
  }

  // The web app's server build is imported once the port is open (ADR 039): the API, the providers'
  // wallet calls and /readyz answer ~0.5 s sooner after a restart; the first pages wait for the build.
  let startWebImport: (() => Promise<void>) | undefined;
  if (env.SERVE_WEB) {
    const serverBuild = path.join(env.WEB_BUILD_DIR, "server/index.js");
    if (fs.existsSync(serverBuild)) {
      await app.register(webAppPlugin, { buildDir: env.WEB_BUILD_DIR, deferImport: (start) => (startWebImport = start) });
    } else {
      app.log.warn(`No web build at ${env.WEB_BUILD_DIR}; serving the API only (run npm run build).`);
    }
  }

  let metricsListener: MetricsListener | undefined;
  let backofficeListener: BackofficeListener | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop accepting, let in-flight requests finish, then release the database.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await backofficeListener?.close();
    await app.close();
    await metricsListener?.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: env.HOST, port: env.PORT });
  // A build that cannot load fails the start-up, as it did when it was imported before listening.
  startWebImport?.().catch((error: unknown) => {
    app.log.fatal({ err: error }, "the web app's server build could not be loaded");
    process.exit(1);
  });
  if (env.metricsOn === "own-listener" && env.METRICS_PORT !== undefined) {
    metricsListener = await startMetricsListener({
      host: env.METRICS_HOST,
      port: env.METRICS_PORT,
      token: env.METRICS_TOKEN,
      metrics: app.metrics,
    });
    app.log.info(`Metrics at http://${env.METRICS_HOST}:${metricsListener.port}/metrics`);
  }
  if (env.BACKOFFICE_PORT !== undefined) {
    backofficeListener = await startBackofficeListener(app, { host: env.BACKOFFICE_HOST, port: env.BACKOFFICE_PORT });
    app.log.info(`Back office at http://${env.BACKOFFICE_HOST}:${backofficeListener.port}/backoffice (only there)`);
  } else {
    app.log.info(`Back office at ${env.PUBLIC_URL}/backoffice`);
  }
  if (env.metricsOn === "off") app.log.info("/metrics is off: set METRICS_TOKEN or METRICS_PORT to scrape it");
  app.log.info(`Croupier is running at ${env.PUBLIC_URL}`);
  // buildApp logged it as one structured line; a person watching the terminal gets it as a banner too.
  const demo = demoModeWarning(env);
  if (demo) {
    const rule = "!".repeat(100);
    console.warn(`\n${rule}\n${demo.text.replace(/^/gm, "!! ")}\n${rule}\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
