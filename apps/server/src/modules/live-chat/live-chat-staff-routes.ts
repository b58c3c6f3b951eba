import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  assignChatBody,
  cannedReply,
  cannedReplyBody,
  cannedReplyParams,
  chatConversationDetail,
  chatConversationParams,
  chatConversationSummary,
  chatInboxPage,
  chatInboxQuery,
  staffChatMessageBody,
} from "@croupier/contract/backoffice/live-chat";
import { okEnvelope } from "@croupier/contract/envelope";
import { chatMessage } from "@croupier/contract/entities/live-chat";
import { ok } from "../../lib/envelope.ts";
import { currentStaff } from "../../lib/staff-auth.ts";
import { createMailer } from "../mail/mailer.ts";
import { auditActor } from "../staff/record-audit.ts";
import { assignConversation } from "./assign-conversation.ts";
import { deleteCannedReply, listCannedReplies, saveCannedReply } from "./canned-replies.ts";
import { listChatInbox } from "./list-chat-inbox.ts";
import { loadStaffConversation } from "./load-staff-conversation.ts";
import { markStaffChatRead } from "./mark-staff-chat-read.ts";
import { sendEmailReply } from "./send-email-reply.ts";
import { sendStaffMessage } from "./send-staff-message.ts";
import { setConversationStatus } from "./set-conversation-status.ts";

const tags = ["backoffice: live chat"];
const okNull = okEnvelope(z.null());

// Back-office routes of this module, mounted under /api/backoffice/v1 by routes/backoffice-v1.ts.
// Every route declares config.permission (packages/contract/src/staff-permissions.ts).
export const liveChatStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const mailer = createMailer(app.env, db, app.log);
  const actorOf = (request: Parameters<typeof auditActor>[0]) => ({
    ...auditActor(request),
    staffId: currentStaff(request).staffId,
  });

  app.get(
    "/chat/conversations",
    {
      config: { permission: "chat.read" },
      schema: {
        tags,
        summary: "The inbox: one tab (unassigned, mine, closed) and every tab's counts",
        querystring: chatInboxQuery,
        response: { 200: okEnvelope(chatInboxPage) },
      },
    },
    async (request) =>
      ok(
        request,
        await listChatInbox(db, {
          view: request.query.view,
          staffId: currentStaff(request).staffId,
          page: request.query.page,
          perPage: request.query.per_page,
        }),
      ),
  );

  app.get(
    "/chat/conversations/:id",
    {
      config: { permission: "chat.read" },
      schema: {
        tags,
        summary: "A conversation and its latest messages",
        params: chatConversationParams,
        response: { 200: okEnvelope(chatConversationDetail) },
      },
    },
    async (request) => ok(request, await loadStaffConversation(db, request.params.id)),
  );

  app.post(
    "/chat/conversations/:id/read",
    {
      config: { permission: "chat.read" },
      schema: {
        tags,
        summary: "Mark the player's messages read",
        params: chatConversationParams,
        response: { 200: okNull },
      },
    },
    async (request) => {
      await markStaffChatRead(db, request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    "/chat/conversations/:id/messages",
    {
      config: { permission: "chat.reply" },
      schema: {
        tags,
        summary: "Answer in the chat (takes an unassigned conversation)",
        params: chatConversationParams,
        body: staffChatMessageBody,
        response: { 200: okEnvelope(chatMessage) },
      },
    },
    async (request) =>
      ok(
        request,
        await sendStaffMessage(db, actorOf(request), { conversationId: request.params.id, text: request.body.text }),
      ),
  );

  app.post(
    "/chat/conversations/:id/email-reply",
    {
      config: { permission: "chat.reply" },
      schema: {
        tags,
        summary: "Answer by email (offline messages); kept in the conversation and audited",
        params: chatConversationParams,
        body: staffChatMessageBody,
        response: { 200: okEnvelope(chatMessage) },
      },
    },
    async (request) =>
      ok(
        request,
        await sendEmailReply(db, mailer, actorOf(request), {
          conversationId: request.params.id,
          text: request.body.text,
        }),
      ),
  );

  app.post(
    "/chat/conversations/:id/assign",
    {
      config: { permission: "chat.reply" },
      schema: {
        tags,
        summary: "Assign a conversation (to the caller when staff_id is omitted); audited",
        params: chatConversationParams,
        body: assignChatBody,
        response: { 200: okEnvelope(chatConversationSummary) },
      },
    },
    async (request) =>
      ok(
        request,
        await assignConversation(db, auditActor(request), {
          conversationId: request.params.id,
          staffId: request.body.staff_id ?? currentStaff(request).staffId,
        }),
      ),
  );

  for (const [path, status] of [
    ["close", "closed"],
    ["reopen", "open"],
  ] as const)
    app.post(
      `/chat/conversations/:id/${path}`,
      {
        config: { permission: "chat.reply" },
        schema: {
          tags,
          summary: `${path === "close" ? "Close" : "Reopen"} a conversation; audited`,
          params: chatConversationParams,
          response: { 200: okEnvelope(chatConversationSummary) },
        },
      },
      async (request) =>
        ok(
          request,
          await setConversationStatus(db, auditActor(request), { conversationId: request.params.id, status }),
        ),
    );

  app.get(
    "/chat/canned-replies",
    {
      config: { permission: "chat.read" },
      schema: { tags, summary: "Canned replies", response: { 200: okEnvelope(z.array(cannedReply)) } },
    },
    async (request) => ok(request, await listCannedReplies(db)),
  );

  app.post(
    "/chat/canned-replies",
    {
      config: { permission: "chat.reply" },
      schema: {
        tags,
        summary: "Create a canned reply; audited",
        body: cannedReplyBody,
        response: { 200: okEnvelope(cannedReply) },
      },
    },
    async (request) => ok(request, await saveCannedReply(db, actorOf(request), request.body)),
  );

  app.put(
    "/chat/canned-replies/:id",
    {
      config: { permission: "chat.reply" },
      schema: {
        tags,
        summary: "Update a canned reply; audited",
        params: cannedReplyParams,
        body: cannedReplyBody,
        response: { 200: okEnvelope(cannedReply) },
      },
    },
    async (request) =>
      ok(request, await saveCannedReply(db, actorOf(request), { ...request.body, id: request.params.id })),
  );

  app.delete(
    "/chat/canned-replies/:id",
    {
      config: { permission: "chat.reply" },
      schema: { tags, summary: "Delete a canned reply; audited", params: cannedReplyParams, response: { 200: okNull } },
    },
    async (request) => {
      await deleteCannedReply(db, actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
