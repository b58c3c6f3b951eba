import type { DatabaseHandle } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
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
  options: { env: JwtEnv; database?: DatabaseHandle },
): Promise<WssIdentity> {
  const verified = await verifyToken(options.env, token, "wss");
  if (!verified.userId) throw new AppError("UNAUTHORIZED", "Invalid token.");
  if (options.database) {
    const [row] = await options.database.query<{ finished_at: string | null; status: string | null; user_guid: string | null }>(
      `SELECT s.finished_at, s.user_guid, u.status FROM sessions s LEFT JOIN users u ON u.guid = s.user_guid WHERE s.guid = $1`,
      [verified.sessionId],
    );
    if (!row || row.finished_at || row.user_guid !== verified.userId || row.status === "locked")
      throw new AppError("UNAUTHORIZED", "Your session has ended.");
  }
  return { userId: verified.userId, sessionId: verified.sessionId };
}
