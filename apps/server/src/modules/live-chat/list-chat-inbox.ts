import { sql, type SQL } from "drizzle-orm";
import type {
  ChatConversationSummary,
  ChatInboxCounts,
  ChatInboxPage,
  ChatInboxView,
} from "@croupier/contract/backoffice/live-chat";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { isoTime } from "./chat-sql.ts";

/**
 * The columns of a conversation as the console shows it, from chat_conversations c. The label is the
 * player's first name (or "Player"/"Visitor") and a short id, not their email: the inbox is reread on
 * every chat event and would otherwise be a bulk read of addresses (the player page, one click away, has them);
 * for the same reason the list leaves out the offline address, which only a single conversation's answers carry.
 */
export const summaryColumns = (options: { withEmail: boolean }) => sql`c.guid AS id, c.status, c.user_guid AS player_id,
  CASE WHEN c.user_guid IS NULL THEN 'Visitor ' || left(c.guid::text, 8)
       ELSE COALESCE(NULLIF(trim((SELECT u.first_name FROM users u WHERE u.guid = c.user_guid)), ''), 'Player')
            || ' ' || left(c.user_guid::text, 8) END AS label,
  c.assigned_staff_guid AS assigned_staff_id,
  (SELECT su.display_name FROM staff_users su WHERE su.guid = c.assigned_staff_guid) AS assigned_staff_name,
  ${isoTime(sql`c.last_message_at`)} AS last_message_at, c.last_message_preview, c.staff_unread AS unread,
  c.offline_at IS NOT NULL AS offline, ${options.withEmail ? sql`c.offline_email` : sql`NULL::text AS offline_email`},
  ${isoTime(sql`c.created_at`)} AS created_at`;

const viewCondition = (view: ChatInboxView, staffId: string): SQL => {
  if (view === "unassigned") return sql`c.status = 'open' AND c.assigned_staff_guid IS NULL`;
  if (view === "mine") return sql`c.status = 'open' AND c.assigned_staff_guid = ${staffId}::uuid`;
  return sql`c.status = 'closed'`;
};

export const toSummary = (row: ChatConversationSummary): ChatConversationSummary => ({
  ...row,
  unread: Number(row.unread),
});

/** One page of a tab of the inbox (latest activity first) and the counts of all three tabs. */
export async function listChatInbox(
  executor: SqlExecutor,
  input: { view: ChatInboxView; staffId: string; page: number; perPage: number },
): Promise<ChatInboxPage> {
  const items = await queryRows<ChatConversationSummary>(
    executor,
    sql`SELECT ${summaryColumns({ withEmail: false })} FROM chat_conversations c
         WHERE ${viewCondition(input.view, input.staffId)}
         ORDER BY c.last_message_at DESC, c.guid
         LIMIT ${input.perPage} OFFSET ${(input.page - 1) * input.perPage}`,
  );
  const [counts] = await queryRows<Record<string, number>>(
    executor,
    sql`SELECT
          count(*) FILTER (WHERE ${viewCondition("unassigned", input.staffId)})::int AS unassigned_total,
          count(*) FILTER (WHERE ${viewCondition("unassigned", input.staffId)} AND c.staff_unread > 0)::int AS unassigned_unread,
          count(*) FILTER (WHERE ${viewCondition("mine", input.staffId)})::int AS mine_total,
          count(*) FILTER (WHERE ${viewCondition("mine", input.staffId)} AND c.staff_unread > 0)::int AS mine_unread,
          count(*) FILTER (WHERE ${viewCondition("closed", input.staffId)})::int AS closed_total,
          count(*) FILTER (WHERE ${viewCondition("closed", input.staffId)} AND c.staff_unread > 0)::int AS closed_unread
        FROM chat_conversations c`,
  );
  const n = (key: string) => Number(counts?.[key] ?? 0);
  const tabCounts: ChatInboxCounts = {
    unassigned: { total: n("unassigned_total"), unread: n("unassigned_unread") },
    mine: { total: n("mine_total"), unread: n("mine_unread") },
    closed: { total: n("closed_total"), unread: n("closed_unread") },
  };
  return {
    items: items.map(toSummary),
    page: input.page,
    per_page: input.perPage,
    total: tabCounts[input.view].total,
    counts: tabCounts,
  };
}
