import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";
import { verifyToken } from "../modules/identity/tokens/jwt.ts";

/** Who is calling. Filled from the bearer access token by the identity module. */
export type AuthContext = { sessionId: string; userId: string | null };

declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Why a presented bearer token was refused; requirePlayer/requireSession answer 401 with it. */
    authError?: AppError;
  }
}

type SessionState = { user_guid: string | null; finished_at: string | null; status: string | null };

/**
 * Reads `Authorization: Bearer <access JWT>` on every request of the scope it is registered in.
 * A valid token whose session is live sets request.auth; a bad, expired or revoked one leaves
 * it null and records why, so public calls keep working and protected ones answer 401.
 * One primary-key lookup per authenticated request makes logout, terminate, password change
 * and account locks take effect at once rather than when the access token expires.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer ([A-Za-z0-9._~+/=-]{10,4096})$/.exec(header);
    if (!match) {
      request.authError = new AppError("UNAUTHORIZED", "Invalid token.");
      return;
    }
    try {
      const token = await verifyToken(app.env, match[1]!, "access");
      const [state] = await app.database.query<SessionState>(
        `SELECT s.user_guid, s.finished_at, u.status
           FROM sessions s LEFT JOIN users u ON u.guid = s.user_guid
          WHERE s.guid = $1`,
        [token.sessionId],
      );
      if (!state || state.finished_at) throw new AppError("UNAUTHORIZED", "Your session has ended. Please log in again.");
      // A token minted for a user must match the session's user (a session never changes hands).
      if (token.userId && state.user_guid !== token.userId) throw new AppError("UNAUTHORIZED", "Invalid token.");
      if (token.userId && state.status === "locked")
        throw new AppError("UNAUTHORIZED", "Your account is locked. Please contact support.");
      request.auth = { sessionId: token.sessionId, userId: token.userId };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      request.authError = error;
    }
  });
  // Whatever a logged-in player's call answers is theirs: no shared or browser cache keeps it
  // (issue #13, item 8). Routes that chose a policy themselves (public reference data) keep it.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.auth?.userId && !reply.hasHeader("cache-control")) reply.header("cache-control", "private, no-store");
    return payload;
  });
});

const unauthorized = (request: FastifyRequest) =>
  request.authError ?? new AppError("UNAUTHORIZED", "Please log in to continue.");

/** preHandler for calls that need a logged-in player: 401 envelope otherwise. */
export async function requirePlayer(request: FastifyRequest): Promise<void> {
  if (!request.auth?.userId) throw unauthorized(request);
}

/** preHandler for calls that need any live session, anonymous included. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthorized(request);
}

/** The caller's user id; only valid after requirePlayer ran. */
export function playerId(request: FastifyRequest): string {
  const id = request.auth?.userId;
  if (!id) throw unauthorized(request);
  return id;
}
