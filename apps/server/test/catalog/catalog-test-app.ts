import { randomUUID } from "node:crypto";
import { signToken } from "../../src/modules/identity/tokens/jwt.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";

export type CatalogTestContext = TestContext & {
  /** A real player: a users row, a logged-in session and a signed access token. */
  createPlayer: () => Promise<{ userId: string; headers: Record<string, string> }>;
};

/**
 * The real app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with the demo
 * catalogue unless demo is false (a test then imports its own).
 */
export async function buildCatalogTestApp(options: { demo?: boolean } = {}): Promise<CatalogTestContext> {
  const ctx = await buildTestApp({}, { demo: options.demo ?? true });
  return {
    ...ctx,
    createPlayer: async () => {
      const [user] = await ctx.database.query<{ guid: string }>(
        `INSERT INTO users (email) VALUES ($1) RETURNING guid`,
        [`player-${randomUUID()}@example.test`],
      );
      const [session] = await ctx.database.query<{ guid: string }>(
        `INSERT INTO sessions (user_guid, refresh_expires_at, logged_in_at)
         VALUES ($1, now() + interval '1 day', now()) RETURNING guid`,
        [user!.guid],
      );
      const token = await signToken(ctx.app.env, {
        typ: "access",
        sessionId: session!.guid,
        userId: user!.guid,
        expiresAt: Math.floor(Date.now() / 1000) + 600,
      });
      return { userId: user!.guid, headers: { authorization: `Bearer ${token}` } };
    },
  };
}
