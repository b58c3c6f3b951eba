import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { grantBonus, type GrantBonusResult } from "../bonuses/engine/grant-bonus.ts";

/** Pending codes applied to one deposit at most (a player rarely holds more than one). */
const PENDING_PER_DEPOSIT_MAX = 5;

export type PendingPromoDeposit = {
  paymentGuid: string;
  playerGuid: string;
  currencyGuid: string;
  /** The settled amount (decimal string). */
  amount: string;
};

/**
 * A deposit-match promo code redeemed earlier waits (`pending`) for the player's next deposit that
 * reaches its campaign's min_deposit_sum in a currency the version has terms for. Called by the
 * engine's deposit hook in the deposit's transaction (which settles each payment once; the
 * customer promo code row is locked and flips to `activated` with the grant, and the grant is keyed
 * `promo:{code}:{player}`): applied exactly once. A deposit that does not qualify leaves it pending.
 */
export async function applyPendingPromoCodes(tx: SqlExecutor, input: PendingPromoDeposit): Promise<GrantBonusResult[]> {
  const pending = await queryRows<{ guid: string; promo_code_guid: string; version_guid: string }>(
    tx,
    sql`SELECT cpc.guid, cpc.promo_code_guid, cpc.promo_code_version_guid AS version_guid
          FROM customer_promo_codes cpc
          JOIN bonus_campaign_currencies t ON t.version_guid = cpc.promo_code_version_guid
                                          AND t.currency_guid = ${input.currencyGuid}::uuid
         WHERE cpc.customer_guid = ${input.playerGuid}::uuid AND cpc.status = 'pending'
           AND ${input.amount}::numeric >= t.min_deposit_sum
         ORDER BY cpc.created_at, cpc.guid
         LIMIT ${PENDING_PER_DEPOSIT_MAX}
           FOR NO KEY UPDATE OF cpc SKIP LOCKED`,
  );
  const results: GrantBonusResult[] = [];
  for (const code of pending) {
    const result = await grantBonus(tx, {
      versionGuid: code.version_guid,
      playerGuid: input.playerGuid,
      currencyGuid: input.currencyGuid,
      trigger: "promo_code",
      sourceKey: `promo:${code.promo_code_guid}:${input.playerGuid}`,
      depositAmount: input.amount,
      paymentGuid: input.paymentGuid,
    });
    results.push(result);
    // Not grantable now (the campaign paused, the player excluded): it stays pending for a later deposit.
    if (result.status === "ineligible") continue;
    await tx.execute(
      sql`UPDATE customer_promo_codes SET status = 'activated', customer_bonus_guid = ${result.customerBonusGuid}::uuid,
                 payment_guid = ${input.paymentGuid}::uuid, activated_at = now(), last_activated_at = now(), updated_at = now()
           WHERE guid = ${code.guid}::uuid AND status = 'pending'`,
    );
  }
  return results;
}
