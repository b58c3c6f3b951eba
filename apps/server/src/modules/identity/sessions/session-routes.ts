import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { users } from "@croupier/db/schema/index";
import { baseMetadata, listEnvelope } from "@croupier/contract/envelope";
import { tokens } from "@croupier/contract/entities/auth";
import { sessionListBody, sessionLog, sessionUpdateBody } from "@croupier/contract/entities/session";
import { AppError } from "../../../lib/app-error.ts";
import { list, ok } from "../../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../../plugins/auth.ts";
import type { IdentityServices } from "../identity-services.ts";
import { assertSameOrigin, clearRefreshCookie, readRefreshCookie, sendTokens } from "../tokens/refresh-cookie.ts";
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
        description:
          "Browsers send {} (JSON) and the __Host-refresh_token cookie; API clients send refresh_token in the body. " +
          "The rotated token goes back in the cookie (and, to non-browser clients, in the body).",
        body: sessionUpdateBody,
        response: { 200: z.object({ status: z.literal("ok"), payload: tokens, metadata: baseMetadata }) },
      },
    },
    async (request, reply) => {
      const fromBody = request.body.refresh_token;
      if (!fromBody) assertSameOrigin(request);
      const presented = fromBody ?? readRefreshCookie(request, env);
      if (!presented) throw new AppError("UNAUTHORIZED", "Your session has ended. Please log in again.");
      try {
        return ok(request, sendTokens(request, reply, env, await refreshSession(db, env, presented)));
      } catch (error) {
        // A refused token is dead for good: the browser should stop presenting it.
        if (!fromBody) clearRefreshCookie(request, reply, env);
        throw error;
      }
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
