import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { sessions } from "@croupier/db/schema/index";
import type { Env } from "../../../env.ts";
import type { AuthContext } from "../../../lib/request-auth.ts";
import { issueTokenPair, type TokenPair } from "../tokens/jwt.ts";
import type { ClientDescription } from "./describe-client.ts";

export type OpenSessionResult = TokenPair & { sessionId: string; country: string | null };

/**
 * Starts a session: anonymous when userId is null, otherwise a login. A login always gets a new
 * session id and ends the caller's live anonymous session in the same transaction: whoever held
 * the pre-login tokens (a shared computer, a planted session) must not be able to refresh into,
 * see or end the player's logged-in session (issue #13, item 6).
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
  const previousAnonymous = input.userId && input.current && !input.current.userId ? input.current.sessionId : null;

  const sessionId = await db.transaction(async (tx) => {
    if (previousAnonymous) {
      // Anonymous sessions have no player room, so no session_closed event is owed.
      await tx
        .update(sessions)
        .set({ finished_at: sql`now()`, finish_reason: "login", refresh_jti: null })
        .where(and(eq(sessions.guid, previousAnonymous), isNull(sessions.user_guid), isNull(sessions.finished_at)));
    }
    const [created] = await tx.insert(sessions).values(values).returning({ guid: sessions.guid });
    return created!.guid;
  });
  const pair = await issueTokenPair(env, { sessionId, userId: input.userId, refreshJti, refreshExpiresAt });
  return { ...pair, sessionId, country: input.client.country };
}
