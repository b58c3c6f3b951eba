import { sql } from "drizzle-orm";
import { RAKEBACK_REASONS, type RakebackBalance } from "@croupier/contract/entities/rakeback";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { applicableRakebackCampaign, iso } from "./rakeback-sql.ts";

/** A player has a handful of wallets; the bound only guards the answer's size. */
const WALLETS_MAX = 50;

type Row = Omit<RakebackBalance, "campaign" | "claimable" | "reason"> & {
  bonus_guid: string | null;
  version_guid: string | null;
  bonus_name: string | null;
  slots_percent: string | null;
  live_percent: string | null;
  payout: "cash" | "bonus" | null;
  bonus_wager: string | null;
  excluded: boolean;
  wallet_active: boolean;
  has_available: boolean;
};

/**
 * The player's rakeback per wallet: every wallet that has rakeback or a campaign running for its
 * currency, the active wallet first. Amounts truncated to the currency's decimals; `available` is
 * never shown below 0 (a rollback of a claimed bet leaves a debt that later accruals repay).
 */
export async function listRakebackBalances(db: SqlExecutor, playerGuid: string): Promise<RakebackBalance[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT w.guid AS wallet_guid, w.currency_guid, c.code AS currency,
               trunc(GREATEST(COALESCE(rb.accrued - rb.claimed, 0), 0), c.decimals)::text AS available,
               trunc(COALESCE(rb.accrued, 0), c.decimals)::text AS total_accrued,
               trunc(COALESCE(rb.claimed, 0), c.decimals)::text AS total_claimed,
               ${iso(sql`rb.last_accrual_at`)} AS last_accrual_at, ${iso(sql`rb.last_claim_at`)} AS last_claim_at,
               (SELECT trunc(k.amount, c.decimals)::text FROM rakeback_claims k
                 WHERE k.wallet_guid = w.guid ORDER BY k.created_at DESC LIMIT 1) AS last_claim_amount,
               camp.bonus_guid, camp.version_guid, camp.bonus_name, trim_scale(camp.slots_percent)::text AS slots_percent,
               trim_scale(camp.live_percent)::text AS live_percent, camp.payout, trim_scale(camp.bonus_wager)::text AS bonus_wager,
               trunc(COALESCE(rb.accrued - rb.claimed, 0), c.decimals) > 0 AS has_available,
               player_excluded(w.customer_guid) AS excluded, w.status = 'active' AS wallet_active
          FROM wallets w
          JOIN currencies c ON c.guid = w.currency_guid
          LEFT JOIN rakeback_balances rb ON rb.wallet_guid = w.guid
          LEFT JOIN LATERAL ${applicableRakebackCampaign({ userGuid: sql`w.customer_guid`, currencyGuid: sql`w.currency_guid`, at: sql`now()` })} camp ON true
         WHERE w.customer_guid = ${playerGuid}::uuid AND (rb.wallet_guid IS NOT NULL OR camp.bonus_guid IS NOT NULL)
         ORDER BY w.is_active DESC, c.code
         LIMIT ${WALLETS_MAX}`,
  );
  return rows.map((r) => {
    const reason = r.excluded
      ? RAKEBACK_REASONS.excluded
      : !r.wallet_active
        ? RAKEBACK_REASONS.walletBlocked
        : r.has_available
          ? null
          : RAKEBACK_REASONS.nothing;
    return {
      wallet_guid: r.wallet_guid,
      currency_guid: r.currency_guid,
      currency: r.currency,
      available: r.available,
      total_accrued: r.total_accrued,
      total_claimed: r.total_claimed,
      last_accrual_at: r.last_accrual_at,
      last_claim_at: r.last_claim_at,
      last_claim_amount: r.last_claim_amount,
      campaign:
        r.bonus_guid && r.version_guid && r.payout
          ? {
              bonus_guid: r.bonus_guid,
              version_guid: r.version_guid,
              bonus_name: r.bonus_name ?? "",
              slots_percent: r.slots_percent ?? "0",
              live_percent: r.live_percent ?? "0",
              payout: r.payout,
              bonus_wager: r.bonus_wager ?? "0",
            }
          : null,
      claimable: reason === null,
      reason,
    };
  });
}
