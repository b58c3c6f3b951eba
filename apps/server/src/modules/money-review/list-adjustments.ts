import { sql } from "drizzle-orm";
import type { AdjustmentPage, AdjustmentsQuery } from "@croupier/contract/backoffice/money-review";
import type { Db } from "@croupier/db/create-database";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { selectAdjustments } from "./adjustment-rows.ts";
import { afterCursor, encodeCursor } from "./review-cursor.ts";

/**
 * Adjustments, optionally of one status and one player: pending oldest first (the approval queue), the rest
 * newest first; keyset pages. Audited as a bulk read (players' emails and money).
 */
export async function listAdjustments(db: Db, actor: AuditActor, query: AdjustmentsQuery): Promise<AdjustmentPage> {
  const order = query.status === "pending" ? "asc" : "desc";
  const direction = sql.raw(order === "asc" ? "ASC" : "DESC");
  const rows = await selectAdjustments(
    db,
    sql`${query.status ? sql`a.status = ${query.status}` : sql`true`}
        AND ${query.player_guid ? sql`a.player_guid = ${query.player_guid}::uuid` : sql`true`}
        AND ${afterCursor(query.cursor, order, sql`a.created_at`, sql`a.guid`)}`,
    sql`ORDER BY a.created_at ${direction}, a.guid ${direction} LIMIT ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  await recordAudit(db, actor, {
    action: "adjustments.list",
    playerId: query.player_guid ?? null,
    targetType: "adjustment",
    details: { status: query.status ?? null, rows: page.length, cursor: query.cursor ?? null },
  });
  return {
    items: page.map(({ cursor_time: _, ...item }) => item),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.cursor_time, last.id) : null,
  };
}
