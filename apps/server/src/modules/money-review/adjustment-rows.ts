import { sql, type SQL } from "drizzle-orm";
import type { Adjustment } from "@croupier/contract/backoffice/money-review";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { cursorTime } from "./review-cursor.ts";

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Adjustment requests as the API shows them; `where` and `tail` (order, limit) are the caller's. */
export async function selectAdjustments(
  db: SqlExecutor,
  where: SQL,
  tail: SQL = sql``,
): Promise<(Adjustment & { cursor_time: string })[]> {
  return queryRows<Adjustment & { cursor_time: string }>(
    db,
    sql`SELECT a.guid AS id, a.player_guid, u.email AS player_email, a.wallet_guid, c.code AS currency_code,
               c.decimals AS currency_decimals, a.pocket, a.direction, round(a.amount, c.decimals)::text AS amount,
               round(a.base_amount, 2)::text AS base_amount, a.reason, a.status, a.requires_approval,
               a.requested_by, a.requested_by_email, a.decided_by, a.decided_by_email, a.decision_reason,
               ${iso(sql`a.decided_at`)} AS decided_at, a.transfer_guid, ${iso(sql`a.created_at`)} AS created_at,
               ${cursorTime(sql`a.created_at`)} AS cursor_time
          FROM adjustment_requests a
          JOIN users u ON u.guid = a.player_guid
          JOIN currencies c ON c.guid = a.currency_guid
         WHERE ${where}
         ${tail}`,
  );
}

/** One adjustment by id, without the cursor column. */
export async function findAdjustment(db: SqlExecutor, id: string): Promise<Adjustment | undefined> {
  const [row] = await selectAdjustments(db, sql`a.guid = ${id}::uuid`);
  if (!row) return undefined;
  const { cursor_time: _, ...adjustment } = row;
  return adjustment;
}
