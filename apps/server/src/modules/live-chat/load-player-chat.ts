import { sql } from "drizzle-orm";
import type { PlayerChatView } from "@croupier/contract/entities/live-chat";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { conversationMessages, ownerCondition, type ChatOwner } from "./chat-sql.ts";
import { isStaffOnline } from "./is-staff-online.ts";

/** The caller's open conversation (else their latest) with its messages, whether anyone can answer now, and their email to prefill. */
export async function loadPlayerChat(executor: SqlExecutor, owner: ChatOwner): Promise<PlayerChatView> {
  const [conversation] = await queryRows<{
    id: string;
    status: "open" | "closed";
    unread: number;
    offline_email: string | null;
  }>(
    executor,
    sql`SELECT c.guid AS id, c.status, c.player_unread AS unread, c.offline_email
          FROM chat_conversations c
         WHERE ${ownerCondition(owner)}
         ORDER BY (c.status = 'open') DESC, c.created_at DESC, c.guid LIMIT 1`,
  );
  const [user] = owner.userId
    ? await queryRows<{ email: string }>(executor, sql`SELECT email FROM users WHERE guid = ${owner.userId}::uuid`)
    : [];
  return {
    conversation: conversation ? { ...conversation, unread: Number(conversation.unread) } : null,
    messages: conversation ? await conversationMessages(executor, conversation.id) : [],
    staff_online: await isStaffOnline(executor),
    email: user?.email ?? null,
  };
}
