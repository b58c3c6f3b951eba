import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { sessions, users } from "@croupier/db/schema/index";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";
import { issueTokenPair, verifyToken, type TokenPair } from "../tokens/jwt.ts";
import { rotatedFrom, successorJti } from "../tokens/rotation-jti.ts";
import { assertLoginAllowed } from "./assert-login-allowed.ts";
import { finishSession } from "./finish-sessions.ts";

/**
 * A browser can lose a rotation's answer: the player clicks a link while the page's refresh call is
 * in flight, the page is torn down, the server has already rotated and the Set-Cookie never lands.
 * The next page then presents the spent cookie. Within this window, a cookie token whose direct
 * successor is the session's current one gets that current token again instead of ending the
 * session. Only for the cookie transport: API clients keep strict single use.
 */
export const ROTATION_GRACE_MS = 10_000;

/**
 * Rotates a refresh token. One guarded UPDATE swaps the jti, so two concurrent uses of the
 * same token cannot both win. With `graceForLostAnswer` (the browser's cookie) the loser gets the
 * winner's token if the rotation is under ROTATION_GRACE_MS old; any other replay revokes the
 * whole session, because a reused refresh token means it was copied (PLAYER_PROTECTION 25).
 */
export async function refreshSession(
  db: Db,
  env: Env,
  refreshToken: string,
  options: { graceForLostAnswer?: boolean } = {},
): Promise<TokenPair> {
  const presented = await verifyToken(env, refreshToken, "refresh");
  const nextJti = successorJti(env.JWT_SECRET, presented.jti, Date.now());
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
    const again = options.graceForLostAnswer ? await currentTokenWithinGrace(db, env, presented) : null;
    if (again) return again;
    await finishSession(db, { sessionId: presented.sessionId, reason: "refresh_reuse" });
    throw new AppError("UNAUTHORIZED", "Your session has ended. Please log in again.");
  }
  if (rotated.user_guid) {
    try {
      await assertLoginAllowed({ db, env }, rotated.user_guid, "refresh");
    } catch (error) {
      // A locked or excluded player's session ends here too, so no later refresh can try again.
      await finishSession(db, { sessionId: presented.sessionId, reason: "locked" });
      throw error;
    }
  }
  return issueTokenPair(env, {
    sessionId: presented.sessionId,
    userId: rotated.user_guid,
    refreshJti: nextJti,
    refreshExpiresAt: new Date(rotated.refresh_expires_at),
  });
}

/** The session's current token pair again, when it was rotated from `presented` less than the grace ago. */
async function currentTokenWithinGrace(
  db: Db,
  env: Env,
  presented: { sessionId: string; userId: string | null; jti: string },
): Promise<TokenPair | null> {
  const [row] = await db
    .select({ jti: sessions.refresh_jti, user_guid: sessions.user_guid, refresh_expires_at: sessions.refresh_expires_at })
    .from(sessions)
    .where(
      and(eq(sessions.guid, presented.sessionId), isNull(sessions.finished_at), sql`${sessions.refresh_expires_at} > now()`),
    );
  if (!row?.jti || row.user_guid !== presented.userId) return null;
  const rotatedAt = rotatedFrom(env.JWT_SECRET, presented.jti, row.jti);
  const age = rotatedAt === null ? Infinity : Date.now() - rotatedAt;
  if (age < 0 || age > ROTATION_GRACE_MS) return null;
  if (row.user_guid) {
    const [user] = await db.select({ status: users.status }).from(users).where(eq(users.guid, row.user_guid));
    if (user?.status === "locked") return null;
  }
  return issueTokenPair(env, {
    sessionId: presented.sessionId,
    userId: row.user_guid,
    refreshJti: row.jti,
    refreshExpiresAt: new Date(row.refresh_expires_at),
  });
}
