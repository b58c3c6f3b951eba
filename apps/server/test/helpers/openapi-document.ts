import { createTestDatabase } from "@croupier/db/testing/create-test-database";
import { houseGamesPlugin } from "@croupier/house-games/plugin";
import { buildApp } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";

export type OpenapiDocument = Record<string, unknown> & { paths: Record<string, Record<string, Record<string, unknown>>> };

/**
 * The document /api/docs/json serves, assembled as server.ts does it: the platform's routes and the
 * house provider mounted at /house. Demo mode is on so its development-only routes are checked too;
 * the document is then a superset of every deployment's.
 */
export async function buildOpenapiDocument(): Promise<OpenapiDocument> {
  const database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false", DEMO_MODE: "true" });
  const app = await buildApp({ env, database, logger: false });
  try {
    await app.register(houseGamesPlugin, {
      prefix: "/house",
      database,
      // Never called: the document needs the routes, not a game.
      platformUrl: "http://platform.invalid",
      secret: env.PROVIDER_HOUSE_SECRET,
      env: {},
      config: { liveTables: false },
      recoveryIntervalMs: 0,
    });
    await app.ready();
    // A deep copy: the validators below dereference in place.
    return structuredClone(app.swagger()) as unknown as OpenapiDocument;
  } finally {
    await app.close();
    await database.close();
  }
}
