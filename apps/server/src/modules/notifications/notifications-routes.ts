import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okEnvelope } from "@croupier/contract/envelope";
import {
  listNotificationsQuery,
  markNotificationsReadBody,
  notificationsPage,
  unreadCount,
} from "@croupier/contract/entities/notifications";
import { ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { countUnreadNotifications } from "./count-unread-notifications.ts";
import { listNotifications } from "./list-notifications.ts";
import { markNotificationsRead } from "./mark-notifications-read.ts";

const tags = ["notifications"];
const security = [{ bearerAuth: [] }];

/**
 * In-app notifications and the unread count (issue #16; registered in routes/api-v1.ts). Written by
 * the modules whose change they announce (notify-player.ts); new ones arrive live as notification_created.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/notifications",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's notifications, newest first (keyset-paged by next_cursor)",
        querystring: listNotificationsQuery,
        response: { 200: okEnvelope(notificationsPage) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const { cursor, limit, unread_only } = request.query;
      return ok(
        request,
        await listNotifications(db, { userGuid: playerId(request), cursor, limit, unreadOnly: unread_only }),
      );
    },
  );

  app.get(
    "/notifications/unread-count",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "How many notifications the player has not read",
        response: { 200: okEnvelope(unreadCount) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(request, { unread: await countUnreadNotifications(db, playerId(request)) });
    },
  );

  app.post(
    "/notifications/read",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Mark one notification ({ id }) or all ({ all: true }) read; answers the unread count",
        body: markNotificationsReadBody,
        response: { 200: okEnvelope(unreadCount) },
      },
    },
    async (request) => ok(request, { unread: await markNotificationsRead(db, playerId(request), request.body) }),
  );
};
