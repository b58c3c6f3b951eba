import { sql } from "drizzle-orm";
import type { ChatMessage } from "@croupier/contract/entities/live-chat";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../staff/record-audit.ts";
import { recordAudit } from "../staff/record-audit.ts";
import { announceChatMessage } from "./announce-chat-message.ts";
import { insertMessage, previewOf } from "./chat-sql.ts";
import { findConversation } from "./load-staff-conversation.ts";

/**
 * A staff answer in the chat. Answering an unassigned conversation takes it (audited as an assignment),
 * so two staff members do not both answer; a closed one must be reopened first.
 */
export async function sendStaffMessage(
  db: Db,
  actor: AuditActor & { staffId: string },
  input: { conversationId: string; text: string },
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    const conversation = await findConversation(tx, input.conversationId, { lock: true });
    if (conversation.status === "closed")
      throw new AppError("CONFLICT", "This conversation is closed; reopen it to answer.");
    await tx.execute(sql`
      UPDATE chat_conversations
         SET player_unread = player_unread + 1, staff_unread = 0, last_message_at = now(),
             last_message_preview = ${previewOf(input.text)},
             assigned_staff_guid = COALESCE(assigned_staff_guid, ${actor.staffId}::uuid)
       WHERE guid = ${input.conversationId}::uuid`);
    if (!conversation.assigned_staff_id)
      await recordAudit(tx, actor, {
        action: "chat.assign",
        playerId: conversation.player_id,
        targetType: "chat_conversation",
        targetId: input.conversationId,
        before: { assigned_staff_id: null },
        after: { assigned_staff_id: actor.staffId },
        details: { by: "reply" },
      });
    const message = await insertMessage(tx, {
      conversationId: input.conversationId,
      author: "staff",
      staffId: actor.staffId,
      text: input.text,
    });
    await announceChatMessage(tx, { conversationId: input.conversationId, message, reason: "message" });
    return message;
  });
}
