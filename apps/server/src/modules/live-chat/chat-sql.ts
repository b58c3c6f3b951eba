import { sql, type SQL } from "drizzle-orm";
import { CHAT_HISTORY_MAX, type ChatMessage } from "@croupier/contract/entities/live-chat";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

// Pieces every live-chat service shares: who owns a conversation, how times and messages are read.

/** A logged-in player's conversations are theirs on every device; a visitor's belong to their anonymous session. */
export type ChatOwner = { userId: string | null; sessionId: string };

export const ownerCondition = (owner: ChatOwner, alias = sql`c`): SQL =>
  owner.userId
    ? sql`${alias}.user_guid = ${owner.userId}::uuid`
    : sql`${alias}.session_guid = ${owner.sessionId}::uuid AND ${alias}.user_guid IS NULL`;

/** ISO 8601 in UTC, the same on PostgreSQL and PGlite whatever the session's time zone. */
export const isoTime = (column: SQL): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Preview of a message in the inbox list: its start, on one line. */
export const previewOf = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 140);

/** The columns of a chat message as the contract's ChatMessage, from chat_messages m. */
export const messageColumns = sql`m.guid AS id, m.author, m.body AS text, m.channel,
  (SELECT su.display_name FROM staff_users su WHERE su.guid = m.staff_guid) AS staff_name,
  ${isoTime(sql`m.created_at`)} AS created_at`;

/** The latest messages of a conversation, oldest first. */
export async function conversationMessages(executor: SqlExecutor, conversationId: string): Promise<ChatMessage[]> {
  return queryRows<ChatMessage>(
    executor,
    sql`SELECT * FROM (
          SELECT ${messageColumns}, m.id AS seq FROM chat_messages m
           WHERE m.conversation_guid = ${conversationId}::uuid
           ORDER BY m.id DESC LIMIT ${CHAT_HISTORY_MAX}) latest
        ORDER BY seq`,
  ).then((rows) =>
    rows.map(({ id, author, text, channel, staff_name, created_at }) => ({
      id,
      author,
      text,
      channel,
      staff_name,
      created_at,
    })),
  );
}

/** Inserts one message and returns it as the contract's ChatMessage. */
export async function insertMessage(
  executor: SqlExecutor,
  input: {
    conversationId: string;
    author: ChatMessage["author"];
    staffId?: string | null;
    text: string;
    channel?: ChatMessage["channel"];
    senderIp?: string | null;
  },
): Promise<ChatMessage> {
  const [row] = await queryRows<ChatMessage>(
    executor,
    sql`WITH m AS (
          INSERT INTO chat_messages (conversation_guid, author, staff_guid, body, channel, sender_ip)
          VALUES (${input.conversationId}::uuid, ${input.author}, ${input.staffId ?? null}::uuid, ${input.text},
                  ${input.channel ?? "chat"}, ${input.senderIp?.slice(0, 64) ?? null})
          RETURNING *)
        SELECT ${messageColumns} FROM m`,
  );
  return row!;
}
