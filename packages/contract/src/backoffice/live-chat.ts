import { z } from "zod";
import { chatConversationStatus, chatMessage, chatText } from "../entities/live-chat.ts";

// Live chat, the staff's side (issue #15, capability 5): the console's inbox under /api/backoffice/v1/chat.
// Permissions: "chat.read" to look, "chat.reply" to answer, assign, close and edit canned replies.

export const CHAT_INBOX_PAGE_MAX = 100;
export const CANNED_REPLIES_MAX = 200;

export const chatInboxView = z.enum(["unassigned", "mine", "closed"]);
export type ChatInboxView = z.infer<typeof chatInboxView>;

export const chatInboxQuery = z.object({
  view: chatInboxView.default("unassigned"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(CHAT_INBOX_PAGE_MAX).default(50),
});

export const chatConversationSummary = z
  .object({
    id: z.uuid(),
    status: chatConversationStatus,
    /** The player's id (their page is /backoffice/players/:id); null for a visitor. */
    player_id: z.uuid().nullable(),
    /** The player's email, or "Visitor". */
    label: z.string(),
    assigned_staff_id: z.uuid().nullable(),
    assigned_staff_name: z.string().nullable(),
    last_message_at: z.string(),
    last_message_preview: z.string().nullable(),
    /** Player messages no staff member has read yet. */
    unread: z.number().int().min(0),
    /** Left while nobody was online: answer by email. */
    offline: z.boolean(),
    /** The address to answer an offline message at; only in a single conversation's answers, never in the list. */
    offline_email: z.string().nullable(),
    created_at: z.string(),
  })
  .describe("Chat conversation (staff)");
export type ChatConversationSummary = z.infer<typeof chatConversationSummary>;

/** Per tab: how many conversations, and how many of them have unread player messages. */
export const chatInboxCounts = z.object({
  unassigned: z.object({ total: z.number().int(), unread: z.number().int() }),
  mine: z.object({ total: z.number().int(), unread: z.number().int() }),
  closed: z.object({ total: z.number().int(), unread: z.number().int() }),
});
export type ChatInboxCounts = z.infer<typeof chatInboxCounts>;

export const chatInboxPage = z.object({
  items: z.array(chatConversationSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  counts: chatInboxCounts,
});
export type ChatInboxPage = z.infer<typeof chatInboxPage>;

export const chatConversationDetail = z.object({
  conversation: chatConversationSummary,
  /** Oldest first, the latest CHAT_HISTORY_MAX. */
  messages: z.array(chatMessage),
});
export type ChatConversationDetail = z.infer<typeof chatConversationDetail>;

export const chatConversationParams = z.object({ id: z.uuid() });

export const staffChatMessageBody = z.object({ text: chatText });
export type StaffChatMessageBody = z.infer<typeof staffChatMessageBody>;

export const assignChatBody = z.object({
  /** Whom to assign; the caller when omitted. */
  staff_id: z.uuid().optional(),
});

export const cannedReply = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type CannedReply = z.infer<typeof cannedReply>;

export const cannedReplyBody = z.object({
  title: z.string().trim().min(1, "Give the reply a title.").max(80, "At most 80 characters."),
  body: chatText,
});
export type CannedReplyBody = z.infer<typeof cannedReplyBody>;

export const cannedReplyParams = z.object({ id: z.uuid() });

/** Socket.IO namespace of the console (staff token in the handshake's auth.token). */
export const BACKOFFICE_SOCKET_NAMESPACE = "/backoffice";

/**
 * Events of the /backoffice namespace. Server → staff: chat_inbox_changed (refetch the inbox and the
 * conversation), chat_typing (a player is typing). Staff → server: chat_typing { conversation_id }.
 */
export const chatInboxChangedEvent = z.object({
  conversation_id: z.uuid(),
  /** What happened: a message, an assignment, a close or a reopen. */
  reason: z.enum(["message", "assigned", "closed", "reopened", "read"]),
  event_id: z.string().optional(),
});
export type ChatInboxChangedEvent = z.infer<typeof chatInboxChangedEvent>;

export const chatTypingEvent = z.object({
  conversation_id: z.uuid(),
  side: z.enum(["player", "staff"]),
});
export type ChatTypingEvent = z.infer<typeof chatTypingEvent>;
