import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { users } from "@croupier/db/schema/index";
import { baseMetadata, listEnvelope } from "@croupier/contract/envelope";
import { tokens } from "@croupier/contract/entities/auth";
import { sessionListBody, sessionLog, sessionUpdateBody } from "@croupier/contract/entities/session";
import { AppError } from "../../../lib/app-error.ts";
import { list, ok } from "../../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../../lib/request-auth.ts";
import type { IdentityServices } from "../identity-services.ts";
import { assertSameOrigin, readRefreshCookie, sendTokens } from "../tokens/refresh-cookie.ts";
import { finishUserSessions } from "./finish-sessions.ts";
import { listSessionLogs } from "./list-session-logs.ts";
import { refreshSession } from "./refresh-session.ts";
import { startSession } from "./start-login.ts";

const tags = ["sessions"];
const security = [{ bearerAuth: [] }];
const okNull = z.object({ status: z.literal("ok"), payload: z.null(), metadata: baseMetadata });

export const sessionRoutes = (services: IdentityServices): FastifyPluginAsyncZod => async (app) => {
  const { db, env } = services;

  app.post(
    "/session/create",
    {
      schema: {
        tags,
        summary: "Start an anonymous session",
        security: [{ bearerAuth: [] }, {}],
        description: "metadata.country_code: from the trusted proxy's country header when configured, else the project's default country.",
        response: {
          200: z.object({ status: z.literal("ok"), payload: tokens, metadata: baseMetadata.extend({ country_code: z.string().nullable() }) }),
        },
      },
    },
    async (request, reply) => {
      request.auth = null;
      const session = await startSession(services, request, null);
      return {
        status: "ok" as const,
        payload: sendTokens(request, reply, env, session),
        metadata: { request_id: request.id, country_code: session.country },
      };
    },
  );

  app.post(
    "/session/update",
    {
      schema: {
        tags,
        summary: "Rotate the refresh token (single use; a reused one ends the session)",
        security: [],
        description:
          "API clients send refresh_token in the body (401 when it is refused). Browsers send {} (JSON) and the " +
          "__Host-refresh_token cookie: the rotated token goes back in the cookie, and when the cookie is missing or " +
          "refused the answer is at once the contract's next step, a new anonymous session (ADR 012).",
        body: sessionUpdateBody,
        response: { 200: z.object({ status: z.literal("ok"), payload: tokens, metadata: baseMetadata }) },
      },
    },
    async (request, reply) => {
      const fromBody = request.body.refresh_token;
      if (fromBody) return ok(request, sendTokens(request, reply, env, await refreshSession(db, env, fromBody)));

      assertSameOrigin(request);
      const fromCookie = readRefreshCookie(request, env);
      if (fromCookie) {
        try {
          const pair = await refreshSession(db, env, fromCookie, { graceForLostAnswer: true });
          return ok(request, sendTokens(request, reply, env, pair));
        } catch (error) {
          // Refused (ended, replayed, expired, locked): fall through to a new session below.
          if (!(error instanceof AppError) || ![401, 403].includes(error.statusCode)) throw error;
        }
      }
      // The spec's client opens a new session whenever a refresh fails. A browser's tab cannot see
      // its cookie, so every first visit would start with a refused call (which the browser logs as
      // a failed resource): the server takes that step in the same call instead.
      request.auth = null;
      const session = await startSession(services, request, null);
      return ok(request, sendTokens(request, reply, env, session));
    },
  );

  app.post(
    "/session/terminate",
    { preHandler: requirePlayer, schema: { tags, security, summary: "End every other session of the caller", response: { 200: okNull } } },
    async (request) => {
      await db.transaction((tx) =>
        finishUserSessions(tx, { userId: playerId(request), reason: "terminated", keepSessionId: request.auth!.sessionId }),
      );
      return ok(request, null);
    },
  );

  app.post(
    "/sessions",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Session logs: the caller's own (staff may filter by user_email, user_guid, ip)",
        body: sessionListBody,
        response: { 200: listEnvelope(sessionLog) },
      },
    },
    async (request) => {
      const userId = playerId(request);
      const [me] = await db.select({ is_admin: users.is_admin }).from(users).where(eq(users.guid, userId));
      const { items, pager } = await listSessionLogs(db, { userId, isAdmin: me?.is_admin ?? false }, request.body);
      return list(request, items, pager);
    },
  );
};
