import { sql } from "drizzle-orm";
import type { SentChatMessage } from "@croupier/contract/entities/live-chat";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { enqueueEvent } from "../realtime/enqueue-event.ts";
import { insertMessage, ownerCondition, previewOf, type ChatOwner } from "./chat-sql.ts";
import { isStaffOnline } from "./is-staff-online.ts";

/** One player or visitor: enough for a conversation, too few to flood the inbox. */
export const PLAYER_MESSAGES_PER_MINUTE = 10;
/** One address, whatever the sessions behind it (a script opening anonymous sessions in a loop). */
export const ADDRESS_MESSAGES_PER_MINUTE = 30;

export type SendPlayerMessageInput = { owner: ChatOwner; text: string; email?: string; ip: string | null };

/**
 * Appends a player's (or visitor's) message to their open conversation, opening one if needed, and
 * announces it to their own tabs and to the console (outbox, same transaction). With no staff member
 * online the message is left for an email answer, so an address is then required.
 */
export async function sendPlayerMessage(db: Db, input: SendPlayerMessageInput): Promise<SentChatMessage> {
  const staffOnline = await isStaffOnline(db);
  const offlineEmail = staffOnline ? null : (input.email ?? null);
  if (!staffOnline && !offlineEmail)
    throw new AppError("VALIDATION_ERROR", "No one is online: leave an email address and we will answer there.", {
      fields: [{ field: "body.email", message: "Leave an email address so we can answer you." }],
    });

  const { owner } = input;
  return db.transaction(async (tx) => {
    // The open conversation, created or touched in one statement: its row lock also makes two sends of
    // the same player wait for each other, so the per-player limit below counts the first one.
    const target = owner.userId
      ? sql`(user_guid) WHERE status = 'open' AND user_guid IS NOT NULL`
      : sql`(session_guid) WHERE status = 'open' AND user_guid IS NULL`;
    const [conversation] = await queryRows<{ guid: string }>(
      tx,
      sql`INSERT INTO chat_conversations AS c (user_guid, session_guid, last_message_preview, staff_unread, offline_email, offline_at)
          VALUES (${owner.userId}::uuid, ${owner.userId ? null : owner.sessionId}::uuid, ${previewOf(input.text)}, 1,
                  ${offlineEmail}, ${offlineEmail ? sql`now()` : sql`NULL`})
          ON CONFLICT ${target} DO UPDATE
            SET last_message_at = now(), last_message_preview = EXCLUDED.last_message_preview,
                staff_unread = c.staff_unread + 1,
                offline_email = COALESCE(EXCLUDED.offline_email, c.offline_email),
                offline_at = COALESCE(EXCLUDED.offline_at, c.offline_at)
          RETURNING c.guid`,
    );
    const conversationId = conversation!.guid;

    const [counts] = await queryRows<{ mine: number; address: number }>(
      tx,
      sql`SELECT
            (SELECT count(*)::int FROM chat_messages m JOIN chat_conversations c ON c.guid = m.conversation_guid
              WHERE ${ownerCondition(owner)} AND m.author = 'player' AND m.created_at > now() - interval '1 minute') AS mine,
            (SELECT count(*)::int FROM chat_messages m
              WHERE m.sender_ip = ${input.ip ?? ""} AND m.created_at > now() - interval '1 minute') AS address`,
    );
    if (
      (counts?.mine ?? 0) >= PLAYER_MESSAGES_PER_MINUTE ||
      (input.ip && (counts?.address ?? 0) >= ADDRESS_MESSAGES_PER_MINUTE)
    )
      throw new AppError("RATE_LIMITED", "You are sending messages too fast. Please wait a moment.");

    const message = await insertMessage(tx, { conversationId, author: "player", text: input.text, senderIp: input.ip });
    const [unread] = await queryRows<{ player_unread: number }>(
      tx,
      sql`SELECT player_unread FROM chat_conversations WHERE guid = ${conversationId}::uuid`,
    );
    await enqueueEvent(tx, {
      type: "chat_message",
      payload: { conversation_id: conversationId, message, unread: Number(unread?.player_unread ?? 0) },
      userGuid: owner.userId,
      sessionGuid: owner.userId ? null : owner.sessionId,
    });
    await enqueueEvent(tx, {
      type: "chat_inbox_changed",
      payload: { conversation_id: conversationId, reason: "message" },
    });
    return { conversation_id: conversationId, message, staff_online: staffOnline, offline: !staffOnline };
  });
}
