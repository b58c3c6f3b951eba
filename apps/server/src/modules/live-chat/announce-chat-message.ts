import type { ChatMessage } from "@croupier/contract/entities/live-chat";
import type { SqlExecutor } from "../../lib/sql-executor.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { sql } from "drizzle-orm";
import { enqueueEvent } from "../realtime/enqueue-event.ts";

/**
 * Writes a staff or system message's events in the caller's transaction: chat_message to the player's
 * tabs (their room, or the visitor session's) with their unread count, chat_inbox_changed to the console.
 */
export async function announceChatMessage(
  tx: SqlExecutor,
  input: { conversationId: string; message: ChatMessage; reason: "message" | "closed" | "reopened" },
): Promise<void> {
  const [owner] = await queryRows<{ user_guid: string | null; session_guid: string | null; player_unread: number }>(
    tx,
    sql`SELECT user_guid, session_guid, player_unread FROM chat_conversations WHERE guid = ${input.conversationId}::uuid`,
  );
  if (!owner) return;
  await enqueueEvent(tx, {
    type: "chat_message",
    payload: { conversation_id: input.conversationId, message: input.message, unread: Number(owner.player_unread) },
    userGuid: owner.user_guid,
    sessionGuid: owner.user_guid ? null : owner.session_guid,
  });
  await enqueueEvent(tx, {
    type: "chat_inbox_changed",
    payload: { conversation_id: input.conversationId, reason: input.reason },
  });
}
