import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";

export type TestContext = { app: App; database: TestDatabase; close: () => Promise<void> };

/** The real app on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  options: { demo?: boolean } = {},
): Promise<TestContext> {
  const database = await createTestDatabase({ demo: options.demo });
  // Demo mode on, explicitly: many tests use its routes (/dev/outbox, /dev/oidc, test deposits, the
  // sandbox PSP). Production refuses it, so a production override starts without it.
  const demo = envOverrides.NODE_ENV === "production" ? {} : { DEMO_MODE: "true" };
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false", ...demo, ...envOverrides });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
