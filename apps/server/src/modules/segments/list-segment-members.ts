import { sql } from "drizzle-orm";
import type { MembersQuery, SegmentMember } from "@croupier/contract/backoffice/segments";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { iso } from "./segment-sql.ts";

const DEFAULT_PER_PAGE = 25;

/** A segment's members, newest membership first, paged (user_segments_segment_idx). */
export async function listSegmentMembers(
  db: Db,
  segmentGuid: string,
  query: MembersQuery,
): Promise<{ items: SegmentMember[]; pager: Pager }> {
  const [segment] = await queryRows<{ guid: string }>(
    db,
    sql`SELECT guid FROM segments WHERE guid = ${segmentGuid}::uuid`,
  );
  if (!segment) throw notFound("No segment with this id.");
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
  const source = query.source ? sql`AND us.source = ${query.source}` : sql``;
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM user_segments us WHERE us.segment_guid = ${segmentGuid}::uuid ${source}`,
  );
  const rows = await queryRows<SegmentMember & { created_at: unknown }>(
    db,
    sql`SELECT us.user_guid AS player_guid, u.email, u.first_name, u.last_name, us.source, us.created_at
          FROM user_segments us JOIN users u ON u.guid = us.user_guid
         WHERE us.segment_guid = ${segmentGuid}::uuid ${source}
         ORDER BY us.created_at DESC, us.user_guid
         LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  return {
    items: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })),
    pager: { page, per_page: perPage, total: total?.n ?? 0 },
  };
}
