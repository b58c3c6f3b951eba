import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";
import "../lib/request-auth.ts";
import { checkLiveSession } from "../modules/identity/sessions/check-live-session.ts";
import { verifyToken } from "../modules/identity/tokens/jwt.ts";

/**
 * Reads `Authorization: Bearer <access JWT>` on every request of the scope it is registered in.
 * A valid token whose session is live sets request.auth; a bad, expired or revoked one leaves
 * it null and records why, so public calls keep working and protected ones answer 401.
 * One primary-key lookup per authenticated request makes logout, terminate, password change
 * and account locks take effect at once rather than when the access token expires. The calls of
 * a signed-in page render skip it: the host proved the session when the render began and grants
 * its token for the render's length only (lib/render-grants.ts).
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
    // A token the host minted for a page render in flight: its session was proved when the render began.
    const granted = app.renderGrants.find(match[1]!);
    if (granted) {
      request.auth = granted;
      return;
    }
    try {
      const token = await verifyToken(app.env, match[1]!, "access");
      const verdict = await checkLiveSession(app.database, token.sessionId, token.userId);
      if (verdict === "ended") throw new AppError("UNAUTHORIZED", "Your session has ended. Please log in again.");
      if (verdict === "other_user") throw new AppError("UNAUTHORIZED", "Invalid token.");
      if (verdict === "locked") throw new AppError("UNAUTHORIZED", "Your account is locked. Please contact support.");
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
}, { name: "croupier-auth" });
