import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";
import { movePocketMoney } from "../../ledger/move-pocket-money.ts";
import { applyPendingPromoCodes } from "../../promo-codes/apply-pending-promo-codes.ts";
import { announceBonusStatus } from "./announce-bonus-status.ts";
import { grantBonus, type GrantBonusResult } from "./grant-bonus.ts";

/** Deposit offers granted for one deposit at most (every matching campaign when the player chose none). */
const DEPOSIT_OFFERS_MAX = 20;

export type DepositBonusInput = {
  paymentGuid: string;
  playerGuid: string;
  walletGuid: string;
  currencyGuid: string;
  /** The settled amount (decimal string) and the player's deposit number. */
  amount: string;
  depositNumber: number;
};

/**
 * The engine's deposit hook, in settleDepositInTransaction's transaction (which runs once per
 * payment: the payment row is locked and must not be settled yet; grants are keyed
 * `deposit:{payment}:{bonus_guid}` besides). First releases a deferred bonus on this wallet when the
 * deposit reaches its minimum, then grants: the bonus the player chose (payment_bonus_choices; a
 * null choice = no bonus), or with no choice recorded every active deposit offer matching the
 * deposit number and currency.
 */
export async function applyDepositBonuses(tx: SqlExecutor, input: DepositBonusInput): Promise<GrantBonusResult[]> {
  await releaseDeferredBonus(tx, input);
  // A deposit-match promo code the player redeemed before this deposit (ADR 034): whatever offer they
  // chose for the deposit, they asked for this one by its code.
  const promo = await applyPendingPromoCodes(tx, input);
  const choice = await queryRows<{ bonus_guid: string | null }>(
    tx,
    sql`SELECT bonus_guid FROM payment_bonus_choices WHERE payment_guid = ${input.paymentGuid}::uuid`,
  );
  if (choice[0] && choice[0].bonus_guid === null) return promo;
  const chosen = choice[0]?.bonus_guid ?? null;
  const offers = await queryRows<{ bonus_guid: string; version_guid: string }>(
    tx,
    sql`SELECT bc.bonus_guid, v.guid AS version_guid
          FROM bonus_campaigns bc
          JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
          JOIN bonus_campaign_currencies t ON t.version_guid = v.guid AND t.currency_guid = ${input.currencyGuid}::uuid
         WHERE bc.status = 'active' AND v.bonus_trigger = 'deposit'
           AND (v.deposit_number IS NULL OR v.deposit_number = ${input.depositNumber})
           AND (${chosen}::uuid IS NULL OR bc.bonus_guid = ${chosen}::uuid)
         ORDER BY v.created_at, bc.bonus_guid
         LIMIT ${DEPOSIT_OFFERS_MAX}`,
  );
  const results: GrantBonusResult[] = [...promo];
  for (const offer of offers) {
    results.push(
      await grantBonus(tx, {
        versionGuid: offer.version_guid,
        playerGuid: input.playerGuid,
        currencyGuid: input.currencyGuid,
        trigger: "deposit",
        sourceKey: `deposit:${input.paymentGuid}:${offer.bonus_guid}`,
        depositAmount: input.amount,
        paymentGuid: input.paymentGuid,
      }),
    );
  }
  return results;
}

/** deposit_defer: the active bonus's deferred money → its bonus pocket once a later deposit reaches the minimum. */
async function releaseDeferredBonus(tx: SqlExecutor, input: DepositBonusInput): Promise<void> {
  const rows = await queryRows<{ guid: string; amount: string }>(
    tx,
    sql`SELECT cb.guid, LEAST(w.deferred_bonus_balance, cb.bonus_amount)::text AS amount
          FROM wallets w
          JOIN customer_bonuses cb ON cb.guid = w.customer_bonus_guid
          JOIN bonus_campaign_currencies t ON t.version_guid = cb.bonus_version_guid AND t.currency_guid = cb.currency_guid
         WHERE w.guid = ${input.walletGuid}::uuid AND cb.status = 'active' AND cb.deferred
           AND cb.payment_guid IS DISTINCT FROM ${input.paymentGuid}::uuid
           AND ${input.amount}::numeric >= t.min_deposit_sum
           FOR NO KEY UPDATE OF cb, w`,
  );
  const bonus = rows[0];
  if (!bonus) return;
  if (/[1-9]/.test(bonus.amount)) {
    const moved = await movePocketMoney(tx, {
      walletGuid: input.walletGuid,
      from: "deferred_bonus_balance",
      to: "bonus_balance",
      amount: bonus.amount,
      kind: "bonus_release",
      idempotencyKey: `bonus:${bonus.guid}:release`,
      bonusGuid: bonus.guid,
      operationType: "bonus_release",
    });
    if (moved.status === "insufficient_funds") throw new Error(`bonus ${bonus.guid}: nothing to release`);
  }
  await tx.execute(sql`UPDATE customer_bonuses SET deferred = false, updated_at = now() WHERE guid = ${bonus.guid}::uuid`);
  // The wagering starts now, with the money playable.
  await tx.execute(
    sql`UPDATE wallets w SET deposit_defer = false, wager = cb.wager_amount, updated_at = now()
          FROM customer_bonuses cb
         WHERE w.guid = ${input.walletGuid}::uuid AND cb.guid = ${bonus.guid}::uuid AND w.customer_bonus_guid = cb.guid`,
  );
  await announceBonusStatus(tx, bonus.guid, "activated");
}
