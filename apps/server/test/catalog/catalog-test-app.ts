import { randomUUID } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";

export type CatalogTestContext = {
  app: App;
  database: TestDatabase;
  /** Inserts a player and returns headers that make requests run as that player. */
  createPlayer: () => Promise<{ userId: string; headers: Record<string, string> }>;
  close: () => Promise<void>;
};

// The identity module (bearer tokens) had not landed when these tests were
// written, so the catalogue tests log players in through this test-only hook:
// a real users row, and request.auth set from the x-test-player header exactly
// as the auth plugin would set it from a valid token. It is only ever added
// to the app built here, never to the production app.
const TEST_PLAYER_HEADER = "x-test-player";

/** The real app on a fresh database with the demo catalogue (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function buildCatalogTestApp(options: { demo?: boolean } = {}): Promise<CatalogTestContext> {
  const database = await createTestDatabase({ demo: options.demo ?? true });
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" });
  const app = await buildApp({ env, database, logger: false });
  app.addHook("onRequest", async (request) => {
    const userId = request.headers[TEST_PLAYER_HEADER];
    if (typeof userId === "string") request.auth = { sessionId: randomUUID(), userId };
  });
  await app.ready();
  return {
    app,
    database,
    createPlayer: async () => {
      const [row] = await database.query<{ guid: string }>(
        `INSERT INTO users (email) VALUES ($1) RETURNING guid`,
        [`player-${randomUUID()}@example.test`],
      );
      return { userId: row!.guid, headers: { [TEST_PLAYER_HEADER]: row!.guid } };
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
