import { AppError } from "../../lib/app-error.ts";
import type { HotDatabase } from "../../lib/sql-executor.ts";
import { checkLiveSession } from "./sessions/check-live-session.ts";
import { signToken, verifyToken, WSS_TOKEN_TTL_SECONDS, type JwtEnv } from "./tokens/jwt.ts";

export type WssIdentity = { userId: string; sessionId: string };

/** A 60-second JWT (typ "wss", sub and sid) for opening the realtime socket. */
export async function issueWssToken(env: JwtEnv, identity: WssIdentity): Promise<string> {
  return signToken(env, {
    typ: "wss",
    sessionId: identity.sessionId,
    userId: identity.userId,
    expiresAt: Math.floor(Date.now() / 1000) + WSS_TOKEN_TTL_SECONDS,
  });
}

/**
 * For the realtime server: checks a websocket token (signature, HS256 only, iss, aud, exp,
 * typ "wss") and, when given the database, that its session is still live and the player
 * not locked. Throws an UNAUTHORIZED AppError otherwise.
 */
export async function verifyWssToken(
  token: string,
  options: { env: JwtEnv; database?: HotDatabase },
): Promise<WssIdentity> {
  const verified = await verifyToken(options.env, token, "wss");
  if (!verified.userId) throw new AppError("UNAUTHORIZED", "Invalid token.");
  if (options.database) {
    const verdict = await checkLiveSession(options.database, verified.sessionId, verified.userId);
    if (verdict !== "live") throw new AppError("UNAUTHORIZED", "Your session has ended.");
  }
  return { userId: verified.userId, sessionId: verified.sessionId };
}
