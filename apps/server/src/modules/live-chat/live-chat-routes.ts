import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sql } from "drizzle-orm";
import { BACKOFFICE_SOCKET_NAMESPACE } from "@croupier/contract/backoffice/live-chat";
import { okEnvelope } from "@croupier/contract/envelope";
import { playerChatView, sendChatMessageBody, sentChatMessage } from "@croupier/contract/entities/live-chat";
import { ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer, requireSession } from "../../lib/request-auth.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { staffChatRoom } from "../realtime/realtime-rooms.ts";
import type { ChatOwner } from "./chat-sql.ts";
import { claimVisitorConversation } from "./claim-visitor-conversation.ts";
import { ownerCondition } from "./chat-sql.ts";
import { loadPlayerChat } from "./load-player-chat.ts";
import { markPlayerChatRead } from "./mark-player-chat-read.ts";
import { sendPlayerMessage } from "./send-player-message.ts";

const tags = ["chat"];
const security = [{ bearerAuth: [] }];
/** One typing signal per session at most this often reaches the console. */
const TYPING_MIN_INTERVAL_MS = 1_500;
const TYPING_TRACKED_MAX = 10_000;

const owner = (auth: { userId: string | null; sessionId: string } | null): ChatOwner => ({
  userId: auth!.userId,
  sessionId: auth!.sessionId,
});

/**
 * The player's live chat under /api/v1/chat (issue #15, capability 5). Any live session: a logged-in
 * player's conversation follows them across devices, a visitor's belongs to their anonymous session.
 * Live delivery is the chat_message event on the player's socket; visitors (no socket) poll GET.
 */
export const liveChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const lastTyping = new Map<string, number>();

  app.get(
    "/chat/conversation",
    {
      preHandler: requireSession,
      schema: {
        tags,
        security,
        summary: "The caller's latest chat conversation, whether staff are online",
        response: { 200: okEnvelope(playerChatView) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(request, await loadPlayerChat(db, owner(request.auth)));
    },
  );

  app.post(
    "/chat/messages",
    {
      preHandler: requireSession,
      schema: {
        tags,
        security,
        summary: "Send a chat message (opens a conversation when none is open)",
        description:
          "When no staff member is online the message is left for an email answer and `email` is required " +
          "(VALIDATION_ERROR on body.email otherwise). At most 10 messages a minute per player or visitor and 30 per address (RATE_LIMITED).",
        body: sendChatMessageBody,
        response: { 200: okEnvelope(sentChatMessage) },
      },
    },
    async (request) =>
      ok(
        request,
        await sendPlayerMessage(db, {
          owner: owner(request.auth),
          text: request.body.text,
          email: request.body.email,
          ip: request.ip,
        }),
      ),
  );

  app.post(
    "/chat/read",
    {
      preHandler: requireSession,
      schema: {
        tags,
        security,
        summary: "Mark the staff's messages read (the widget's badge)",
        response: { 200: okEnvelope(z.object({ unread: z.literal(0) })) },
      },
    },
    async (request) => ok(request, await markPlayerChatRead(db, owner(request.auth))),
  );

  app.post(
    "/chat/claim",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Keep the conversation started as a visitor before logging in",
        description:
          "conversation_id: the conversation this browser started as a visitor. It becomes the player's if it has no player yet " +
          "and its anonymous session ended within the last hour (the login ends it); into their open conversation when they have one.",
        body: z.object({ conversation_id: z.uuid() }),
        response: { 200: okEnvelope(z.object({ claimed: z.boolean() })) },
      },
    },
    async (request) =>
      ok(
        request,
        await claimVisitorConversation(db, { userId: playerId(request), conversationId: request.body.conversation_id }),
      ),
  );

  app.post(
    "/chat/typing",
    {
      preHandler: requireSession,
      schema: {
        tags,
        security,
        summary: "Tell the console the caller is typing (not stored)",
        response: { 200: okEnvelope(z.object({ delivered: z.boolean() })) },
      },
    },
    async (request) => {
      const caller = owner(request.auth);
      const now = Date.now();
      if (now - (lastTyping.get(caller.sessionId) ?? 0) < TYPING_MIN_INTERVAL_MS)
        return ok(request, { delivered: false });
      if (lastTyping.size >= TYPING_TRACKED_MAX) lastTyping.clear();
      lastTyping.set(caller.sessionId, now);
      const [conversation] = await queryRows<{ guid: string }>(
        db,
        sql`SELECT c.guid FROM chat_conversations c WHERE ${ownerCondition(caller)} AND c.status = 'open' LIMIT 1`,
      );
      if (!conversation) return ok(request, { delivered: false });
      app.realtime.io
        .of(BACKOFFICE_SOCKET_NAMESPACE)
        .to(staffChatRoom)
        .emit("chat_typing", { conversation_id: conversation.guid, side: "player" });
      return ok(request, { delivered: true });
    },
  );
};
