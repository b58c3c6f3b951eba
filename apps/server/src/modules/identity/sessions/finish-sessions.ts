import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { sessions } from "@croupier/db/schema/index";
import { enqueueEvent } from "../../realtime/enqueue-event.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type FinishReason =
  | "logout"
  | "terminated"
  | "password_changed"
  | "password_reset"
  | "refresh_reuse"
  | "locked"
  | "staff"
  | "excluded"
  | "session_limit";

/**
 * Finishes the user's live sessions (all, or all but `keepSessionId`) and announces each with
 * a session_closed event in the same transaction. Their access tokens stop at the next request
 * (the auth plugin checks finished_at) and their refresh tokens stop at once.
 */
export async function finishUserSessions(
  tx: Tx | Db,
  input: { userId: string; reason: FinishReason; keepSessionId?: string },
): Promise<string[]> {
  const conditions = [eq(sessions.user_guid, input.userId), isNull(sessions.finished_at)];
  if (input.keepSessionId) conditions.push(ne(sessions.guid, input.keepSessionId));
  const closed = await tx
    .update(sessions)
    .set({ finished_at: sql`now()`, finish_reason: input.reason, refresh_jti: null })
    .where(and(...conditions))
    .returning({ guid: sessions.guid });
  for (const { guid } of closed) {
    await enqueueEvent(tx, {
      type: "session_closed",
      payload: { session_id: guid, reason: input.reason },
      userGuid: input.userId,
      sessionGuid: guid,
    });
  }
  return closed.map((c) => c.guid);
}

/** Finishes one session (logout, refresh-token reuse) and announces it. */
export async function finishSession(db: Db, input: { sessionId: string; reason: FinishReason }): Promise<void> {
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(sessions)
      .set({ finished_at: sql`now()`, finish_reason: input.reason, refresh_jti: null })
      .where(and(eq(sessions.guid, input.sessionId), isNull(sessions.finished_at)))
      .returning({ guid: sessions.guid, user_guid: sessions.user_guid });
    if (!closed) return;
    await enqueueEvent(tx, {
      type: "session_closed",
      payload: { session_id: closed.guid, reason: input.reason },
      userGuid: closed.user_guid,
      sessionGuid: closed.guid,
    });
  });
}
