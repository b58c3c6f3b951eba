import { sql } from "drizzle-orm";
import { BONUS_INELIGIBLE_REASONS as REASONS, type BonusEligibility } from "@croupier/contract/entities/bonus";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import type { CampaignRow } from "./campaign-query.ts";

/** What eligibility needs to know about one player, read once per list. */
export type BonusPlayerContext = {
  /** The number their next successful deposit will have (successful deposits + 1). */
  nextDepositNumber: number;
  /** Campaigns (bonus_guid) the player has ever been granted, in any status. */
  grantedBonusGuids: Set<string>;
  /** Currencies of the player's wallets (empty: no wallet yet, any currency may still come). */
  walletCurrencyGuids: Set<string>;
  /** The player's segments: their own, else the default ones (ADR 033); absent = none. */
  segmentGuids?: Set<string>;
};

/** Reads the player's deposit count, past grants and wallet currencies in one statement. */
export async function loadBonusPlayerContext(db: Db, playerGuid: string): Promise<BonusPlayerContext> {
  const [row] = await queryRows<{
    deposits: number;
    granted: string[] | null;
    currencies: string[] | null;
    segments: string[] | null;
  }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM payments p
                 WHERE p.customer_guid = ${playerGuid}::uuid AND p.transaction_type = 'deposit' AND p.status = 'successful') AS deposits,
               (SELECT json_agg(DISTINCT cb.bonus_guid) FROM customer_bonuses cb WHERE cb.customer_guid = ${playerGuid}::uuid) AS granted,
               (SELECT json_agg(DISTINCT w.currency_guid) FROM wallets w WHERE w.customer_guid = ${playerGuid}::uuid) AS currencies,
               COALESCE((SELECT json_agg(us.segment_guid) FROM user_segments us WHERE us.user_guid = ${playerGuid}::uuid),
                        (SELECT json_agg(s.guid) FROM segments s WHERE s.is_default)) AS segments`,
  );
  return {
    nextDepositNumber: (row?.deposits ?? 0) + 1,
    grantedBonusGuids: new Set(row?.granted ?? []),
    walletCurrencyGuids: new Set(row?.currencies ?? []),
    segmentGuids: new Set(row?.segments ?? []),
  };
}

const no = (reason: string, nextDepositNumber: number | null): BonusEligibility => ({
  eligible: false,
  reason,
  next_deposit_number: nextDepositNumber,
});

/**
 * Whether the player could get this offer now, with a reason they can read when not. Reads only
 * the campaign row and the player context (no money is involved: the engine decides at grant time
 * and may still refuse, e.g. the one-welcome-bonus-per-person rule).
 */
export function bonusEligibility(
  campaign: CampaignRow,
  context: BonusPlayerContext,
  now = new Date(),
): BonusEligibility {
  const nextDeposit = campaign.bonus_trigger === "deposit" ? context.nextDepositNumber : null;
  if (campaign.bonus_status === "scheduled" || (campaign.start_date && new Date(campaign.start_date) > now))
    return no(REASONS.notStarted, nextDeposit);
  if (campaign.bonus_status !== "active" || (campaign.end_date && new Date(campaign.end_date) <= now))
    return no(REASONS.notRunning, nextDeposit);

  // A targeted offer is for the players of its segments (ADR 033), as grantBonus decides.
  if (campaign.segment_guids.length > 0 && !campaign.segment_guids.some((guid) => context.segmentGuids?.has(guid)))
    return no(REASONS.segment, nextDeposit);
  const granted = context.grantedBonusGuids.has(campaign.bonus_guid);
  // Registration offers are granted at sign-up: a signed-in player either has it or missed it.
  if (campaign.bonus_trigger === "registration")
    return no(granted ? REASONS.alreadyGranted : REASONS.registrationOnly, null);
  if (granted && !campaign.is_cumulative) return no(REASONS.alreadyGranted, nextDeposit);
  if (campaign.bonus_trigger === "manual") return no(REASONS.manualOnly, null);
  if (
    campaign.bonus_trigger === "deposit" &&
    campaign.deposit_number !== null &&
    campaign.deposit_number !== context.nextDepositNumber
  )
    return no(REASONS.depositNumber(campaign.deposit_number), nextDeposit);
  if (
    context.walletCurrencyGuids.size > 0 &&
    campaign.bonus_currencies.length > 0 &&
    !campaign.bonus_currencies.some((c) => context.walletCurrencyGuids.has(c.currency_guid))
  )
    return no(REASONS.currency, nextDeposit);
  return { eligible: true, reason: null, next_deposit_number: nextDeposit };
}
