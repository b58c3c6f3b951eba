import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { enqueueEvent } from "../realtime/enqueue-event.ts";

/** A visitor's conversation can be taken over this long after their anonymous session ended (by the login). */
export const CLAIM_WINDOW_MINUTES = 60;

/**
 * A visitor who logs in keeps their conversation: the browser presents the id of the conversation it
 * started as a visitor (an unguessable id only that browser and staff know), and it becomes the player's,
 * provided it has no player yet and its anonymous session has ended within the last hour (a login ends
 * it). When the player already has an open conversation, the visitor's messages move into it.
 */
export async function claimVisitorConversation(
  db: Db,
  input: { userId: string; conversationId: string },
): Promise<{ claimed: boolean }> {
  return db.transaction(async (tx) => {
    const [visitor] = await queryRows<{ guid: string; status: "open" | "closed" }>(
      tx,
      sql`SELECT c.guid, c.status FROM chat_conversations c JOIN sessions s ON s.guid = c.session_guid
           WHERE c.guid = ${input.conversationId}::uuid AND c.user_guid IS NULL
             AND s.finished_at IS NOT NULL AND s.finished_at > now() - make_interval(mins => ${CLAIM_WINDOW_MINUTES})
           FOR UPDATE OF c`,
    );
    if (!visitor) return { claimed: false };
    const [open] = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT guid FROM chat_conversations WHERE user_guid = ${input.userId}::uuid AND status = 'open' FOR UPDATE`,
    );
    if (open && visitor.status === "open") {
      await tx.execute(
        sql`UPDATE chat_messages SET conversation_guid = ${open.guid}::uuid WHERE conversation_guid = ${visitor.guid}::uuid`,
      );
      await tx.execute(sql`
        UPDATE chat_conversations p
           SET staff_unread = p.staff_unread + v.staff_unread, player_unread = p.player_unread + v.player_unread,
               last_message_at = greatest(p.last_message_at, v.last_message_at),
               offline_email = COALESCE(p.offline_email, v.offline_email)
          FROM chat_conversations v
         WHERE p.guid = ${open.guid}::uuid AND v.guid = ${visitor.guid}::uuid`);
      await tx.execute(sql`
        UPDATE chat_conversations SET user_guid = ${input.userId}::uuid, status = 'closed', closed_at = now(),
               staff_unread = 0, player_unread = 0
         WHERE guid = ${visitor.guid}::uuid`);
      await enqueueEvent(tx, {
        type: "chat_inbox_changed",
        payload: { conversation_id: open.guid, reason: "message" },
      });
    } else {
      await tx.execute(
        sql`UPDATE chat_conversations SET user_guid = ${input.userId}::uuid WHERE guid = ${visitor.guid}::uuid`,
      );
    }
    await enqueueEvent(tx, {
      type: "chat_inbox_changed",
      payload: { conversation_id: visitor.guid, reason: "message" },
    });
    return { claimed: true };
  });
}
