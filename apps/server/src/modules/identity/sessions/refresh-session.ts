import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { sessions, users } from "@croupier/db/schema/index";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";
import { issueTokenPair, verifyToken, type TokenPair } from "../tokens/jwt.ts";
import { lockedError } from "../shared/locked-error.ts";
import { finishSession } from "./finish-sessions.ts";

/**
 * Rotates a refresh token. One guarded UPDATE swaps the jti, so two concurrent uses of the
 * same token cannot both win; the loser (or any later replay) revokes the whole session,
 * because a reused refresh token means it was copied (PLAYER_PROTECTION 25).
 */
export async function refreshSession(db: Db, env: Env, refreshToken: string): Promise<TokenPair> {
  const presented = await verifyToken(env, refreshToken, "refresh");
  const nextJti = randomUUID();
  const [rotated] = await db
    .update(sessions)
    .set({ refresh_jti: nextJti })
    .where(
      and(
        eq(sessions.guid, presented.sessionId),
        eq(sessions.refresh_jti, presented.jti),
        isNull(sessions.finished_at),
        sql`${sessions.refresh_expires_at} > now()`,
      ),
    )
    .returning({ user_guid: sessions.user_guid, refresh_expires_at: sessions.refresh_expires_at });

  if (!rotated) {
    await finishSession(db, { sessionId: presented.sessionId, reason: "refresh_reuse" });
    throw new AppError("UNAUTHORIZED", "Your session has ended. Please log in again.");
  }
  if (rotated.user_guid) {
    const [user] = await db
      .select({ status: users.status, reason: users.status_reason })
      .from(users)
      .where(eq(users.guid, rotated.user_guid));
    if (user?.status === "locked") {
      await finishSession(db, { sessionId: presented.sessionId, reason: "locked" });
      throw lockedError(user.reason);
    }
  }
  return issueTokenPair(env, {
    sessionId: presented.sessionId,
    userId: rotated.user_guid,
    refreshJti: nextJti,
    refreshExpiresAt: new Date(rotated.refresh_expires_at),
  });
}
