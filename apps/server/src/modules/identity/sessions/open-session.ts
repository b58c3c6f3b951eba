import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { sessions } from "@croupier/db/schema/index";
import type { Env } from "../../../env.ts";
import type { AuthContext } from "../../../plugins/auth.ts";
import { issueTokenPair, type TokenPair } from "../tokens/jwt.ts";
import type { ClientDescription } from "./describe-client.ts";

export type OpenSessionResult = TokenPair & { sessionId: string; country: string | null };

/**
 * Starts a session: anonymous when userId is null, otherwise a login. A login upgrades the
 * caller's live anonymous session in place (same sid, fresh refresh jti and a new 30-day
 * absolute lifetime); a caller who is already somebody gets a new session instead.
 */
export async function openSession(
  db: Db,
  env: Env,
  input: { userId: string | null; client: ClientDescription; current?: AuthContext | null },
): Promise<OpenSessionResult> {
  const refreshJti = randomUUID();
  const refreshExpiresAt = new Date(Date.now() + env.REFRESH_TOKEN_TTL_SECONDS * 1000);
  const loggedInAt = input.userId ? new Date().toISOString() : null;
  const values = {
    ...input.client,
    user_guid: input.userId,
    refresh_jti: refreshJti,
    refresh_expires_at: refreshExpiresAt.toISOString(),
    logged_in_at: loggedInAt,
  };

  let sessionId: string | undefined;
  if (input.userId && input.current && !input.current.userId) {
    const [upgraded] = await db
      .update(sessions)
      .set(values)
      .where(and(eq(sessions.guid, input.current.sessionId), isNull(sessions.user_guid), isNull(sessions.finished_at)))
      .returning({ guid: sessions.guid });
    sessionId = upgraded?.guid;
  }
  if (!sessionId) {
    const [created] = await db.insert(sessions).values(values).returning({ guid: sessions.guid });
    sessionId = created!.guid;
  }
  const pair = await issueTokenPair(env, { sessionId, userId: input.userId, refreshJti, refreshExpiresAt });
  return { ...pair, sessionId, country: input.client.country };
}
