import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import { verifyToken } from "../tokens/jwt.ts";

export type PeekedSession = { sessionId: string; userId: string | null };

/**
 * Who a refresh token belongs to, WITHOUT rotating it: the session must be live, the token the
 * current one of its session (a rotated-away copy is worth nothing) and the player not locked.
 * Used for server-rendered pages, which must know the player on a full load but must not spend
 * the browser's single-use token (the tab's own refresh call does that), and for a logout that
 * arrives with the cookie only. Null when the token proves nothing.
 */
export async function peekSession(
  database: DatabaseHandle,
  env: Pick<Env, "JWT_SECRET" | "JWT_ISSUER" | "JWT_AUDIENCE">,
  refreshToken: string,
): Promise<PeekedSession | null> {
  let presented: Awaited<ReturnType<typeof verifyToken>>;
  try {
    presented = await verifyToken(env, refreshToken, "refresh");
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const [row] = await queryRows<{ user_guid: string | null; status: string | null }>(
    database.db,
    sql`SELECT s.user_guid, u.status
       FROM sessions s LEFT JOIN users u ON u.guid = s.user_guid
      WHERE s.guid = ${presented.sessionId} AND s.refresh_jti = ${presented.jti}
        AND s.finished_at IS NULL AND s.refresh_expires_at > now()`,
  );
  if (!row || row.user_guid !== presented.userId || row.status === "locked") return null;
  return { sessionId: presented.sessionId, userId: row.user_guid };
}
