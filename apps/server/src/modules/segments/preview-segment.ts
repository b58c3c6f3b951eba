import { sql } from "drizzle-orm";
import type { SegmentPreview, SegmentRule } from "@croupier/contract/backoffice/segments";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { hasLoyaltyTable, segmentMatchSql } from "./segment-rule-sql.ts";

/** How many players (staff accounts excluded) these rules match right now: the editor's preview. */
export async function previewSegment(db: Db, rules: SegmentRule[]): Promise<SegmentPreview> {
  const loyalty = rules.some((r) => r.kind === "loyalty_level") && (await hasLoyaltyTable(db));
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM users u WHERE NOT u.is_admin AND ${segmentMatchSql(rules, loyalty)}`,
  );
  return { players: row?.n ?? 0 };
}
