import { sql, type SQL } from "drizzle-orm";
import type { CampaignRow, CampaignsQuery } from "@croupier/contract/backoffice/bonuses";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { emptyCounts, iso, loadCounts } from "./campaign-sql.ts";

const DEFAULT_PER_PAGE = 25;

/** Escapes LIKE wildcards so a name search matches the text typed, not a pattern. */
const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Campaigns at their current version, newest first, filtered and paged, with customer-bonus counts. */
export async function listBonusCampaigns(
  db: Db,
  query: CampaignsQuery,
): Promise<{ items: CampaignRow[]; pager: Pager }> {
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
  const filters: SQL[] = [sql`true`];
  if (query.status) filters.push(sql`c.status = ${query.status}`);
  if (query.trigger) filters.push(sql`v.bonus_trigger = ${query.trigger}`);
  if (query.type) filters.push(sql`v.bonus_type = ${query.type}`);
  if (query.name) filters.push(sql`v.bonus_name ILIKE ${`%${likeEscaped(query.name)}%`}`);
  const where = sql.join(filters, sql` AND `);

  const [total] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
         WHERE ${where}`,
  );
  const rows = await queryRows<
    Omit<CampaignRow, "counts" | "start_date" | "end_date" | "created_at" | "updated_at"> & {
      start_date: unknown;
      end_date: unknown;
      created_at: unknown;
      updated_at: unknown;
    }
  >(
    db,
    sql`SELECT c.bonus_guid, c.status, c.current_version_guid, v.version, v.bonus_name, v.bonus_trigger, v.bonus_type,
               v.deposit_number, v.product, v.label_guids, v.start_date, v.end_date, c.created_at, c.updated_at,
               COALESCE((SELECT array_agg(cu.code ORDER BY cu.ordering, cu.code)
                           FROM bonus_campaign_currencies bc JOIN currencies cu ON cu.guid = bc.currency_guid
                          WHERE bc.version_guid = v.guid), '{}') AS currencies
          FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
         WHERE ${where}
         ORDER BY c.created_at DESC, c.bonus_guid
         LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  const counts = await loadCounts(
    db,
    rows.map((r) => r.bonus_guid),
  );
  return {
    items: rows.map((row) => ({
      ...row,
      start_date: iso(row.start_date),
      end_date: iso(row.end_date),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
      counts: counts.get(row.bonus_guid) ?? emptyCounts(),
    })),
    pager: { page, per_page: perPage, total: total?.n ?? 0 },
  };
}
