import { sql } from "drizzle-orm";
import type { BonusPreview } from "@croupier/contract/backoffice/bonuses";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { loadVersions } from "./campaign-sql.ts";

/**
 * What a player sees of a version (the player's GET /bonus shape, without eligibility), so the
 * console renders the offer card and terms exactly as players will: labels resolved, currencies
 * by code. Any version of the campaign, the current one by default.
 */
export async function previewBonusCampaign(db: Db, bonusGuid: string, versionGuid?: string): Promise<BonusPreview> {
  const [campaign] = await queryRows<{ status: BonusPreview["bonus_status"]; current_version_guid: string }>(
    db,
    sql`SELECT status, current_version_guid FROM bonus_campaigns WHERE bonus_guid = ${bonusGuid}::uuid`,
  );
  if (!campaign) throw notFound("No bonus campaign with this id.");
  const [version] = await loadVersions(db, bonusGuid, versionGuid ?? campaign.current_version_guid);
  if (!version) throw notFound("This campaign has no such version.");
  const labels = await queryRows<BonusPreview["labels"][number]>(
    db,
    sql`SELECT guid, name, icon, background_color, styles FROM bonus_labels
         WHERE guid = ANY(${sql.param(version.label_guids)}::uuid[])`,
  );
  // The version's label order, as the player's card shows them; a deleted label drops out.
  const byGuid = new Map(labels.map((l) => [l.guid, l]));
  return {
    guid: version.guid,
    bonus_guid: version.bonus_guid,
    project_guid: null,
    version: version.version,
    bonus_name: version.bonus_name,
    bonus_status: campaign.status,
    start_date: version.start_date,
    end_date: version.end_date,
    bonus_trigger: version.bonus_trigger,
    bonus_type: version.bonus_type,
    deposit_number: version.deposit_number,
    bonus_percent: version.bonus_percent,
    bonus_wager: version.bonus_wager,
    wagering_expiration_time: version.wagering_expiration_time,
    activation_expiration_time: version.activation_expiration_time,
    winnings_distribution_percent: version.winnings_distribution_percent,
    auto_activation: version.auto_activation,
    auto_activation_time: version.auto_activation_time,
    project_tag_guid: version.project_tag_guid,
    is_cumulative: version.is_cumulative,
    deposit_defer: version.deposit_defer,
    icon: version.icon,
    background_image: version.background_image,
    description: version.description,
    segment_guids: version.segment_guids,
    labels: version.label_guids.flatMap((guid) => byGuid.get(guid) ?? []),
    bonus_currencies: version.currencies.map((c) => ({
      guid: c.guid,
      external_guid: c.currency,
      currency_guid: c.currency_guid,
      min_deposit_sum: c.min_deposit_sum,
      max_bonus_sum: c.max_bonus_sum,
      max_cashout: c.max_cashout,
      bonus_threshold: c.bonus_threshold,
      free_spins_count: c.free_spins_count,
      free_spin_bet: c.free_spin_bet,
      cashback_percent: c.cashback_percent,
    })),
    product: version.product,
    terms: version.terms,
    game_guids: version.game_guids,
    cashback_period: version.cashback_period,
    rakeback_slots_percent: version.rakeback_slots_percent,
    rakeback_live_percent: version.rakeback_live_percent,
    rakeback_payout: version.rakeback_payout,
    coin_price: version.coin_price,
  };
}
