import { sql } from "drizzle-orm";
import type { ChatConversationSummary } from "@croupier/contract/backoffice/live-chat";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { announceChatMessage } from "./announce-chat-message.ts";
import { insertMessage } from "./chat-sql.ts";
import { findConversation } from "./load-staff-conversation.ts";

const SYSTEM_TEXT = {
  closed: "This conversation was closed. Write again any time to start a new one.",
  open: "This conversation was reopened.",
} as const;

/**
 * Closes or reopens a conversation (audited), with a system message the player sees live. Reopening
 * fails when the player has meanwhile started another open conversation (one open at a time).
 */
export async function setConversationStatus(
  db: Db,
  actor: AuditActor,
  input: { conversationId: string; status: "open" | "closed" },
): Promise<ChatConversationSummary> {
  try {
    return await db.transaction(async (tx) => {
      const before = await findConversation(tx, input.conversationId, { lock: true });
      if (before.status === input.status) return stripSession(before);
      await tx.execute(sql`
        UPDATE chat_conversations
           SET status = ${input.status},
               closed_at = ${input.status === "closed" ? sql`now()` : sql`NULL`},
               staff_unread = ${input.status === "closed" ? sql`0` : sql`staff_unread`},
               player_unread = player_unread + 1
         WHERE guid = ${input.conversationId}::uuid`);
      await recordAudit(tx, actor, {
        action: input.status === "closed" ? "chat.close" : "chat.reopen",
        playerId: before.player_id,
        targetType: "chat_conversation",
        targetId: input.conversationId,
        before: { status: before.status },
        after: { status: input.status },
      });
      const message = await insertMessage(tx, {
        conversationId: input.conversationId,
        author: "system",
        text: SYSTEM_TEXT[input.status],
      });
      await announceChatMessage(tx, {
        conversationId: input.conversationId,
        message,
        reason: input.status === "closed" ? "closed" : "reopened",
      });
      return stripSession(await findConversation(tx, input.conversationId));
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", "The player has started a new conversation since; answer them there.");
    throw error;
  }
}

const stripSession = ({
  session_guid: _session,
  ...conversation
}: ChatConversationSummary & { session_guid: string | null }) => conversation;
