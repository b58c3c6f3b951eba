import { sql, type SQL } from "drizzle-orm";
import {
  parseBonusTime,
  type BonusCampaignStatus,
  type BonusTrigger,
  type BonusType,
  type HubBonus,
} from "@croupier/contract/entities/bonus";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { clampPerPage, hubBonusColumns } from "./bonus-sql.ts";

/**
 * Which campaigns a list shows:
 * - hub: what is on offer right now (active, now within start/end), the bonus hub and GET /bonus;
 * - workspace: everything a player may hear about (scheduled, active, paused); never drafts, and
 *   ended campaigns are gone.
 */
export type CampaignScope = "hub" | "workspace";

export type CampaignFilters = {
  guid?: string;
  bonus_guid?: string;
  segment_guid?: string;
  label_guid?: string;
  bonus_name?: string;
  bonus_status?: BonusCampaignStatus;
  bonus_trigger?: BonusTrigger;
  bonus_type?: BonusType;
  deposit_number?: number;
  from_ts?: string;
  to_ts?: string;
};

export type CampaignRow = Omit<HubBonus, "eligibility">;

/** The segments a player belongs to: their own, else the default ones (as payments reads them). */
const playerSegments = (playerGuid: string) => sql`(
  SELECT us.segment_guid AS guid FROM user_segments us WHERE us.user_guid = ${playerGuid}::uuid
  UNION ALL
  SELECT s.guid FROM segments s
   WHERE s.is_default AND NOT EXISTS (SELECT 1 FROM user_segments us WHERE us.user_guid = ${playerGuid}::uuid))`;

/** LIKE pattern of a plain substring: the user's % and _ match themselves. */
const likeSubstring = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(scope: CampaignScope, filters: CampaignFilters, playerGuid: string | null): SQL[] {
  const where: SQL[] = [];
  if (scope === "hub") {
    where.push(sql`bc.status = 'active'`);
    where.push(sql`(v.start_date IS NULL OR v.start_date <= now())`);
    where.push(sql`(v.end_date IS NULL OR v.end_date > now())`);
  } else {
    where.push(sql`bc.status IN ('scheduled', 'active', 'paused')`);
  }
  // Targeted offers: a signed-in player sees those of their segments; a visitor only untargeted
  // ones (or those of the segment the client names).
  if (playerGuid) {
    where.push(sql`(cardinality(v.segment_guids) = 0
                    OR EXISTS (SELECT 1 FROM ${playerSegments(playerGuid)} ps WHERE ps.guid = ANY(v.segment_guids)))`);
  } else if (!filters.segment_guid) {
    where.push(sql`cardinality(v.segment_guids) = 0`);
  }
  if (filters.segment_guid)
    where.push(sql`(cardinality(v.segment_guids) = 0 OR ${filters.segment_guid}::uuid = ANY(v.segment_guids))`);
  if (filters.guid) where.push(sql`v.guid = ${filters.guid}::uuid`);
  if (filters.bonus_guid) where.push(sql`bc.bonus_guid = ${filters.bonus_guid}::uuid`);
  if (filters.label_guid) where.push(sql`${filters.label_guid}::uuid = ANY(v.label_guids)`);
  if (filters.bonus_name) where.push(sql`v.bonus_name ILIKE ${likeSubstring(filters.bonus_name)}`);
  if (filters.bonus_status) where.push(sql`bc.status = ${filters.bonus_status}`);
  if (filters.bonus_trigger) where.push(sql`v.bonus_trigger = ${filters.bonus_trigger}`);
  if (filters.bonus_type) where.push(sql`v.bonus_type = ${filters.bonus_type}`);
  if (filters.deposit_number !== undefined) where.push(sql`v.deposit_number = ${filters.deposit_number}`);
  // Runs at some point within [from_ts, to_ts]; an open start or end is unbounded.
  if (filters.from_ts)
    where.push(
      sql`(v.end_date IS NULL OR v.end_date >= ${parseBonusTime(filters.from_ts).toISOString()}::timestamptz)`,
    );
  if (filters.to_ts)
    where.push(
      sql`(v.start_date IS NULL OR v.start_date <= ${parseBonusTime(filters.to_ts).toISOString()}::timestamptz)`,
    );
  return where;
}

/**
 * One page of campaigns at their current version, and the total. Deposit offers come first in
 * deposit order (1st, 2nd, …), then the rest newest first.
 */
export async function queryCampaigns(
  db: Db,
  input: { scope: CampaignScope; filters: CampaignFilters; page: number; perPage: number; playerGuid: string | null },
): Promise<{ rows: CampaignRow[]; pager: Pager }> {
  const perPage = clampPerPage(input.perPage);
  const offset = (input.page - 1) * perPage;
  const where = sql.join(conditions(input.scope, input.filters, input.playerGuid), sql` AND `);
  const from = sql`bonus_campaigns bc JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid`;
  const rows = await queryRows<CampaignRow>(
    db,
    sql`SELECT ${hubBonusColumns} FROM ${from} WHERE ${where}
         ORDER BY v.deposit_number NULLS LAST, bc.created_at DESC, bc.bonus_guid
         LIMIT ${perPage} OFFSET ${offset}`,
  );
  let total = offset + rows.length;
  // A partly filled page already tells the total.
  if (rows.length === perPage || (rows.length === 0 && offset > 0)) {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
    );
    total = row?.total ?? 0;
  }
  return { rows, pager: { page: input.page, per_page: perPage, total } };
}
