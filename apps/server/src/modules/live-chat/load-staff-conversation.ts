import { sql } from "drizzle-orm";
import type { ChatConversationDetail, ChatConversationSummary } from "@croupier/contract/backoffice/live-chat";
import { AppError } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { conversationMessages } from "./chat-sql.ts";
import { summaryColumns, toSummary } from "./list-chat-inbox.ts";

/** A conversation's summary row, optionally locked for an update in the caller's transaction. */
export async function findConversation(
  executor: SqlExecutor,
  conversationId: string,
  options: { lock?: boolean } = {},
): Promise<ChatConversationSummary & { session_guid: string | null }> {
  const [row] = await queryRows<ChatConversationSummary & { session_guid: string | null }>(
    executor,
    sql`SELECT ${summaryColumns({ withEmail: true })}, c.session_guid FROM chat_conversations c WHERE c.guid = ${conversationId}::uuid
        ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new AppError("NOT_FOUND", "No such conversation.");
  return { ...toSummary(row), session_guid: row.session_guid };
}

/** A conversation and its latest messages, for the console's conversation view. */
export async function loadStaffConversation(
  executor: SqlExecutor,
  conversationId: string,
): Promise<ChatConversationDetail> {
  const { session_guid: _session, ...conversation } = await findConversation(executor, conversationId);
  return { conversation, messages: await conversationMessages(executor, conversationId) };
}
