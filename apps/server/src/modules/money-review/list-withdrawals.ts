import { sql } from "drizzle-orm";
import type { WithdrawalReviewPage, WithdrawalsQuery } from "@croupier/contract/backoffice/money-review";
import type { Db } from "@croupier/db/create-database";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { afterCursor, encodeCursor } from "./review-cursor.ts";
import { selectWithdrawalRows } from "./withdrawal-review-rows.ts";

/**
 * The withdrawal review queue (ADR 018): in_review oldest first (first come, first decided), any other
 * review status newest first; keyset pages with risk signals per row. The read is audited: it lists
 * players' emails and money.
 */
export async function listWithdrawals(
  db: Db,
  actor: AuditActor,
  query: WithdrawalsQuery,
): Promise<WithdrawalReviewPage> {
  const order = query.status === "in_review" ? "asc" : "desc";
  const direction = sql.raw(order === "asc" ? "ASC" : "DESC");
  const rows = await selectWithdrawalRows(
    db,
    sql`p.review_status = ${query.status} AND ${afterCursor(query.cursor, order, sql`p.created_at`, sql`p.guid`)}`,
    sql`ORDER BY p.created_at ${direction}, p.guid ${direction} LIMIT ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  await recordAudit(db, actor, {
    action: "withdrawals.list",
    targetType: "payment",
    details: { status: query.status, rows: page.length, cursor: query.cursor ?? null },
  });
  return {
    items: page.map(({ cursor_time: _, ...item }) => item),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.cursor_time, last.id) : null,
  };
}
