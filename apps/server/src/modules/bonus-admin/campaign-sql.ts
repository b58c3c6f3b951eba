import { sql } from "drizzle-orm";
import type {
  CampaignCounts,
  CampaignDetail,
  CampaignInput,
  CampaignMoney,
  CampaignVersion,
} from "@croupier/contract/backoffice/bonuses";
import { BONUS_VERSIONS_SHOWN_MAX } from "@croupier/contract/backoffice/bonuses";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import type { ResolvedCurrencyTerms } from "./validate-campaign-input.ts";

// Shared SQL of the bonus-admin services: writing a version, reading versions, counts and money.
// sql.param: a bare array in a template would become a parenthesised list, not one array value.

/** Timestamps as ISO 8601 strings in UTC, whichever driver answered (Date or text). */
export const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/**
 * Writes the next version of a campaign (1 for a new one) with its per-currency terms; the version
 * number comes from SQL, and the (bonus_guid, version) unique index refuses a concurrent twin.
 */
export async function insertCampaignVersion(
  tx: SqlExecutor,
  input: { bonusGuid: string; terms: CampaignInput; currencies: ResolvedCurrencyTerms[]; staffId: string | null },
): Promise<{ guid: string; version: number }> {
  const t = input.terms;
  const [row] = await queryRows<{ guid: string; version: number }>(
    tx,
    sql`INSERT INTO bonus_campaign_versions (
          bonus_guid, version, bonus_name, bonus_trigger, bonus_type, deposit_number, bonus_percent, bonus_wager,
          wagering_expiration_time, activation_expiration_time, winnings_distribution_percent, auto_activation,
          auto_activation_time, project_tag_guid, is_cumulative, deposit_defer, product, game_guids, icon,
          background_image, description, terms, segment_guids, label_guids, start_date, end_date, cashback_period,
          rakeback_slots_percent, rakeback_live_percent, rakeback_payout, coin_price, created_by)
        SELECT ${input.bonusGuid}::uuid,
               COALESCE((SELECT max(version) FROM bonus_campaign_versions WHERE bonus_guid = ${input.bonusGuid}::uuid), 0) + 1,
               ${t.bonus_name}, ${t.bonus_trigger}, ${t.bonus_type}, ${t.deposit_number}::int, ${t.bonus_percent}::numeric,
               ${t.bonus_wager}::numeric, ${t.wagering_expiration_time}::int, ${t.activation_expiration_time}::int,
               ${t.winnings_distribution_percent}::numeric, ${t.auto_activation}, ${t.auto_activation_time}::int,
               ${t.project_tag_guid}::uuid, ${t.is_cumulative}, ${t.deposit_defer}, ${t.product},
               ${sql.param(t.game_guids)}::uuid[], ${t.icon}, ${t.background_image}, ${t.description}, ${t.terms},
               ${sql.param(t.segment_guids)}::uuid[], ${sql.param(t.label_guids)}::uuid[],
               ${t.start_date}::timestamptz, ${t.end_date}::timestamptz, ${t.cashback_period},
               ${t.rakeback_slots_percent}::numeric, ${t.rakeback_live_percent}::numeric, ${t.rakeback_payout},
               ${t.coin_price}::numeric, ${input.staffId}::uuid
        RETURNING guid, version`,
  );
  for (const c of input.currencies)
    await tx.execute(
      sql`INSERT INTO bonus_campaign_currencies (version_guid, currency_guid, min_deposit_sum, max_bonus_sum, max_cashout,
                                                 bonus_threshold, free_spins_count, free_spin_bet, cashback_percent)
          VALUES (${row!.guid}::uuid, ${c.currencyGuid}::uuid, ${c.min_deposit_sum}::numeric, ${c.max_bonus_sum}::numeric,
                  ${c.max_cashout}::numeric, ${c.bonus_threshold}::numeric, ${c.free_spins_count}::int,
                  ${c.free_spin_bet}::numeric, ${c.cashback_percent}::numeric)`,
    );
  return row!;
}

type VersionRow = Omit<CampaignVersion, "currencies" | "start_date" | "end_date" | "created_at"> & {
  start_date: unknown;
  end_date: unknown;
  created_at: unknown;
};

/** Versions of one campaign, newest first (at most BONUS_VERSIONS_SHOWN_MAX), with their currencies. */
export async function loadVersions(
  executor: SqlExecutor,
  bonusGuid: string,
  onlyGuid?: string,
): Promise<CampaignVersion[]> {
  const rows = await queryRows<VersionRow>(
    executor,
    sql`SELECT v.guid, v.bonus_guid, v.version, v.bonus_name, v.bonus_trigger, v.bonus_type, v.deposit_number,
               trim_scale(v.bonus_percent)::text AS bonus_percent, trim_scale(v.bonus_wager)::text AS bonus_wager,
               v.wagering_expiration_time, v.activation_expiration_time,
               trim_scale(v.winnings_distribution_percent)::text AS winnings_distribution_percent,
               v.auto_activation, v.auto_activation_time, v.project_tag_guid, v.is_cumulative, v.deposit_defer, v.product,
               v.game_guids, v.icon, v.background_image, v.description, v.terms, v.segment_guids, v.label_guids,
               v.start_date, v.end_date, v.created_by, v.created_at, v.cashback_period,
               trim_scale(v.rakeback_slots_percent)::text AS rakeback_slots_percent,
               trim_scale(v.rakeback_live_percent)::text AS rakeback_live_percent, v.rakeback_payout,
               trim_scale(v.coin_price)::text AS coin_price,
               (SELECT count(*)::int FROM customer_bonuses cb WHERE cb.bonus_version_guid = v.guid) AS customer_bonuses
          FROM bonus_campaign_versions v
         WHERE v.bonus_guid = ${bonusGuid}::uuid ${onlyGuid ? sql`AND v.guid = ${onlyGuid}::uuid` : sql``}
         ORDER BY v.version DESC
         LIMIT ${BONUS_VERSIONS_SHOWN_MAX}`,
  );
  if (rows.length === 0) return [];
  const currencies = await queryRows<CampaignVersion["currencies"][number] & { version_guid: string }>(
    executor,
    sql`SELECT bc.version_guid, bc.guid, bc.currency_guid, c.code AS currency,
               trim_scale(bc.min_deposit_sum)::text AS min_deposit_sum, trim_scale(bc.max_bonus_sum)::text AS max_bonus_sum,
               trim_scale(bc.max_cashout)::text AS max_cashout, trim_scale(bc.bonus_threshold)::text AS bonus_threshold,
               bc.free_spins_count, trim_scale(bc.free_spin_bet)::text AS free_spin_bet,
               trim_scale(bc.cashback_percent)::text AS cashback_percent
          FROM bonus_campaign_currencies bc JOIN currencies c ON c.guid = bc.currency_guid
         WHERE bc.version_guid = ANY(${sql.param(rows.map((r) => r.guid))}::uuid[])
         ORDER BY c.ordering, c.code`,
  );
  return rows.map((row) => ({
    ...row,
    start_date: iso(row.start_date),
    end_date: iso(row.end_date),
    created_at: iso(row.created_at)!,
    currencies: currencies.filter((c) => c.version_guid === row.guid).map(({ version_guid: _v, ...c }) => c),
  }));
}

export const emptyCounts = (): CampaignCounts => ({
  offered: 0,
  active: 0,
  completed: 0,
  expired: 0,
  cancelled: 0,
  lost: 0,
  total: 0,
});

/** Customer bonuses by status for each campaign given. */
export async function loadCounts(executor: SqlExecutor, bonusGuids: string[]): Promise<Map<string, CampaignCounts>> {
  const result = new Map<string, CampaignCounts>();
  if (bonusGuids.length === 0) return result;
  const rows = await queryRows<{ bonus_guid: string; status: keyof CampaignCounts; n: number }>(
    executor,
    sql`SELECT bonus_guid, status, count(*)::int AS n FROM customer_bonuses
         WHERE bonus_guid = ANY(${sql.param(bonusGuids)}::uuid[]) GROUP BY bonus_guid, status`,
  );
  for (const row of rows) {
    const counts = result.get(row.bonus_guid) ?? emptyCounts();
    counts[row.status] = row.n;
    counts.total += row.n;
    result.set(row.bonus_guid, counts);
  }
  return result;
}

/**
 * Bonus money of a campaign per currency, summed in SQL from the ledger transfers that name one of
 * its customer bonuses (ledger_transfers.bonus_guid = customer_bonuses.guid).
 */
export async function loadMoney(executor: SqlExecutor, bonusGuid: string): Promise<CampaignMoney[]> {
  return queryRows<CampaignMoney>(
    executor,
    sql`SELECT c.code AS currency,
               trim_scale(COALESCE(sum(lt.amount) FILTER (WHERE lt.kind = 'bonus_grant'), 0))::text AS granted,
               trim_scale(COALESCE(sum(lt.amount) FILTER (WHERE lt.kind = 'free_spin_win'), 0))::text AS free_spin_winnings,
               trim_scale(COALESCE(sum(lt.amount) FILTER (WHERE lt.kind = 'bonus_conversion'), 0))::text AS converted,
               trim_scale(COALESCE(sum(lt.amount) FILTER (WHERE lt.kind = 'bonus_forfeit'), 0))::text AS forfeited
          FROM customer_bonuses cb
          JOIN ledger_transfers lt ON lt.bonus_guid = cb.guid
          JOIN currencies c ON c.guid = lt.currency_guid
         WHERE cb.bonus_guid = ${bonusGuid}::uuid
         GROUP BY c.code, c.ordering
         ORDER BY c.ordering, c.code`,
  );
}

/** The whole campaign as the console's detail page shows it; null when there is no such campaign. */
export async function loadCampaignDetail(executor: SqlExecutor, bonusGuid: string): Promise<CampaignDetail | null> {
  const [campaign] = await queryRows<{
    bonus_guid: string;
    status: CampaignDetail["status"];
    current_version_guid: string;
    created_by: string | null;
    created_at: unknown;
    updated_at: unknown;
  }>(
    executor,
    sql`SELECT bonus_guid, status, current_version_guid, created_by, created_at, updated_at
          FROM bonus_campaigns WHERE bonus_guid = ${bonusGuid}::uuid`,
  );
  if (!campaign) return null;
  const versions = await loadVersions(executor, bonusGuid);
  const current =
    versions.find((v) => v.guid === campaign.current_version_guid) ??
    (await loadVersions(executor, bonusGuid, campaign.current_version_guid))[0]!;
  const counts = (await loadCounts(executor, [bonusGuid])).get(bonusGuid) ?? emptyCounts();
  return {
    bonus_guid: campaign.bonus_guid,
    status: campaign.status,
    current,
    versions,
    counts,
    money: await loadMoney(executor, bonusGuid),
    created_by: campaign.created_by,
    created_at: iso(campaign.created_at)!,
    updated_at: iso(campaign.updated_at)!,
  };
}
