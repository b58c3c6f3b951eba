import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { enqueueEvent } from "../realtime/enqueue-event.ts";

/** A staff member has read the player's messages: the conversation's unread count (inbox tabs) goes to zero. */
export async function markStaffChatRead(db: Db, conversationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await queryRows(
      tx,
      sql`UPDATE chat_conversations SET staff_unread = 0 WHERE guid = ${conversationId}::uuid AND staff_unread > 0 RETURNING guid`,
    );
    if (changed.length > 0)
      await enqueueEvent(tx, {
        type: "chat_inbox_changed",
        payload: { conversation_id: conversationId, reason: "read" },
      });
  });
}
