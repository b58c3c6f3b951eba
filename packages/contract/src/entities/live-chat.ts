import { z } from "zod";

// Live chat, the player's side (issue #15, capability 5): GET /chat/conversation, POST /chat/messages,
// POST /chat/read, POST /chat/typing. Logged-in players and visitors (an anonymous session) alike.

export const CHAT_MESSAGE_MAX_LENGTH = 2_000;
/** How many of the latest messages a conversation view carries. */
export const CHAT_HISTORY_MAX = 200;

export const chatAuthor = z.enum(["player", "staff", "system"]);
export type ChatAuthor = z.infer<typeof chatAuthor>;

export const chatMessage = z
  .object({
    id: z.uuid(),
    author: chatAuthor,
    text: z.string(),
    /** "email": a staff answer to an offline message, sent by email and kept here too. */
    channel: z.enum(["chat", "email"]),
    /** The answering staff member's display name; null for the player's and system messages. */
    staff_name: z.string().nullable(),
    created_at: z.string(),
  })
  .describe("Chat message");
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatConversationStatus = z.enum(["open", "closed"]);

export const playerChatView = z
  .object({
    /** The caller's latest conversation, or null before their first message. */
    conversation: z
      .object({
        id: z.uuid(),
        status: chatConversationStatus,
        /** Staff messages the player has not read yet (the widget's badge). */
        unread: z.number().int().min(0),
        /** Set when the conversation was left for an email answer. */
        offline_email: z.string().nullable(),
      })
      .nullable(),
    /** Oldest first, at most CHAT_HISTORY_MAX. */
    messages: z.array(chatMessage),
    /** Whether a staff member who can answer is connected right now. */
    staff_online: z.boolean(),
    /** The logged-in player's address (to prefill the offline form); null for visitors. */
    email: z.string().nullable(),
  })
  .describe("Player chat view");
export type PlayerChatView = z.infer<typeof playerChatView>;

export const chatText = z
  .string()
  .trim()
  .min(1, "Write a message.")
  .max(CHAT_MESSAGE_MAX_LENGTH, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters.`);

export const sendChatMessageBody = z.object({
  text: chatText,
  /** Required when no staff member is online: where the answer goes. Ignored otherwise. */
  email: z.email("Enter a valid email address.").max(254).optional(),
});
export type SendChatMessageBody = z.infer<typeof sendChatMessageBody>;

export const sentChatMessage = z.object({
  conversation_id: z.uuid(),
  message: chatMessage,
  staff_online: z.boolean(),
  /** True when the message was left for an email answer (no staff member online). */
  offline: z.boolean(),
});
export type SentChatMessage = z.infer<typeof sentChatMessage>;
