import { sql } from "drizzle-orm";
import type { SegmentRow, SegmentsQuery } from "@croupier/contract/backoffice/segments";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { loadSegmentRows } from "./segment-sql.ts";

const DEFAULT_PER_PAGE = 25;

/** Segments by group and name, filtered by a part of either, paged, with member counts. */
export async function listSegments(db: Db, query: SegmentsQuery): Promise<{ items: SegmentRow[]; pager: Pager }> {
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
  const like = query.name ? `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM segments s
         WHERE ${like}::text IS NULL OR s.name ILIKE ${like} OR s.group_name ILIKE ${like}`,
  );
  const items = await loadSegmentRows(db, { name: query.name, limit: perPage, offset: (page - 1) * perPage });
  return { items, pager: { page, per_page: perPage, total: total?.n ?? 0 } };
}
