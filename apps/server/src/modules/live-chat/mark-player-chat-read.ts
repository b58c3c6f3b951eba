import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { ownerCondition, type ChatOwner } from "./chat-sql.ts";

/** The player has seen every staff message: their unread count (the widget's badge) goes to zero. */
export async function markPlayerChatRead(executor: SqlExecutor, owner: ChatOwner): Promise<{ unread: 0 }> {
  await queryRows(
    executor,
    sql`UPDATE chat_conversations c SET player_unread = 0 WHERE ${ownerCondition(owner)} AND c.player_unread > 0 RETURNING c.guid`,
  );
  return { unread: 0 };
}
