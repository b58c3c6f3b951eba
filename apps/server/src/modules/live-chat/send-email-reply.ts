import { sql } from "drizzle-orm";
import type { ChatMessage } from "@croupier/contract/entities/live-chat";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import type { Mailer } from "../mail/mailer.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { announceChatMessage } from "./announce-chat-message.ts";
import { insertMessage, previewOf } from "./chat-sql.ts";
import { findConversation } from "./load-staff-conversation.ts";

/**
 * Answers a conversation by email: to the address left with an offline message, else the player's own.
 * The mail goes first: a mail that failed must not show as sent. The answer is then kept in the
 * conversation (channel "email", audited) so the history and the player's widget have it too.
 */
export async function sendEmailReply(
  db: Db,
  mailer: Mailer,
  actor: AuditActor & { staffId: string },
  input: { conversationId: string; text: string },
): Promise<ChatMessage> {
  const conversation = await findConversation(db, input.conversationId);
  const [player] = conversation.player_id
    ? await queryRows<{ email: string }>(db, sql`SELECT email FROM users WHERE guid = ${conversation.player_id}::uuid`)
    : [];
  const to = conversation.offline_email ?? player?.email;
  if (!to) throw new AppError("CONFLICT", "This visitor left no email address; answer in the chat.");

  await mailer.send({
    to,
    subject: "Your message to our support team",
    text: `${input.text}\n\nYou can also read and answer this in the chat on our site.`,
  });

  return db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE chat_conversations
         SET player_unread = player_unread + 1, staff_unread = 0, last_message_at = now(),
             last_message_preview = ${previewOf(input.text)},
             assigned_staff_guid = COALESCE(assigned_staff_guid, ${actor.staffId}::uuid)
       WHERE guid = ${input.conversationId}::uuid`);
    const message = await insertMessage(tx, {
      conversationId: input.conversationId,
      author: "staff",
      staffId: actor.staffId,
      text: input.text,
      channel: "email",
    });
    // The address is personal data the conversation already holds; the entry says only that mail went out.
    await recordAudit(tx, actor, {
      action: "chat.email_reply",
      playerId: conversation.player_id,
      targetType: "chat_conversation",
      targetId: input.conversationId,
      details: { message_id: message.id, to: conversation.offline_email ? "offline_email" : "account_email" },
    });
    await announceChatMessage(tx, { conversationId: input.conversationId, message, reason: "message" });
    return message;
  });
}
