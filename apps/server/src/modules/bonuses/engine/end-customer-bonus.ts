import { sql, type SQL } from "drizzle-orm";
import type { CustomerBonusStatus } from "@croupier/db/schema/bonuses";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";
import { ensureLedgerAccount, PLATFORM_OWNER } from "../../ledger/ledger-accounts.ts";
import { movePocketMoney } from "../../ledger/move-pocket-money.ts";
import { moveWalletMoney, type WalletPocket } from "../../ledger/move-wallet-money.ts";
import { announceBonusStatus } from "./announce-bonus-status.ts";

export type BonusOutcome = "completed" | "expired" | "cancelled" | "lost";

export type EndCustomerBonusInput = {
  customerBonusGuid: string;
  outcome: BonusOutcome;
  /** Only this player's bonus (player calls); null for the engine and staff. */
  playerGuid?: string | null;
  /** Extra condition on `cb` (the customer bonus) and `w` (its wallet), re-checked under the locks. */
  condition?: SQL;
  /** The sweeper skips a bonus another process is ending right now instead of waiting for it. */
  skipLocked?: boolean;
  reason?: string;
  staffGuid?: string | null;
};

export type EndCustomerBonusResult =
  | { status: "ended"; outcome: BonusOutcome; convertedAmount: string; forfeitedAmount: string }
  | { status: "not_found" }
  | { status: "not_applicable"; current: CustomerBonusStatus };

const REASON_MAX = 200;

/**
 * Ends a customer bonus in the caller's transaction: completed (bonus money → cash up to
 * max_cashout, 0 = no cap, the excess forfeited), or expired / cancelled / lost (all bonus money of
 * the wallet, deferred included, forfeited to bonus_cost; free spins removed). An offered bonus only
 * expires or is cancelled (no money moved yet).
 *
 * Exactly once: the bonus row is locked and must still be open (offered/active); the wallet row is
 * locked before the amounts are read, so nothing changes them until commit; each transfer has the
 * key `bonus:{guid}:{conversion|forfeit|forfeit-deferred}`. The wallet's bonus columns are cleared
 * only if it still points at this bonus.
 */
export async function endCustomerBonus(tx: SqlExecutor, input: EndCustomerBonusInput): Promise<EndCustomerBonusResult> {
  const skip = input.skipLocked ? sql`SKIP LOCKED` : sql``;
  // Lock order everywhere in the engine: the wallet, then the customer bonus (the deposit path holds
  // the wallet when it reaches the engine), so two engine transactions never deadlock.
  const wallet = await queryRows<{ guid: string }>(
    tx,
    sql`SELECT w.guid FROM wallets w JOIN customer_bonuses cb ON cb.wallet_guid = w.guid
         WHERE cb.guid = ${input.customerBonusGuid}::uuid FOR NO KEY UPDATE OF w ${skip}`,
  );
  if (!wallet[0]) {
    const exists = await queryRows<{ guid: string }>(tx, sql`SELECT guid FROM customer_bonuses WHERE guid = ${input.customerBonusGuid}::uuid`);
    // Locked by another process (sweeper): leave it to them.
    if (exists[0]) return { status: "not_applicable", current: "active" };
  }
  const lock = sql`FOR UPDATE OF cb ${skip}`;
  const bonuses = await queryRows<{ guid: string; status: CustomerBonusStatus; wallet_guid: string; currency_guid: string }>(
    tx,
    sql`SELECT cb.guid, cb.status, cb.wallet_guid, cb.currency_guid FROM customer_bonuses cb
         WHERE cb.guid = ${input.customerBonusGuid}::uuid
           AND (${input.playerGuid ?? null}::uuid IS NULL OR cb.customer_guid = ${input.playerGuid ?? null}::uuid)
        ${lock}`,
  );
  const bonus = bonuses[0];
  if (!bonus) return { status: "not_found" };
  const allowed: CustomerBonusStatus[] = input.outcome === "expired" || input.outcome === "cancelled" ? ["offered", "active"] : ["active"];
  if (!allowed.includes(bonus.status)) return { status: "not_applicable", current: bonus.status };

  // The wallet is locked (bets on it wait): its pockets hold still until commit.
  const amounts = await queryRows<{ holds: boolean; convert: string; forfeit: string; forfeit_deferred: string; applies: boolean }>(
    tx,
    sql`SELECT w.customer_bonus_guid IS NOT DISTINCT FROM cb.guid AS holds,
               CASE WHEN w.customer_bonus_guid IS DISTINCT FROM cb.guid OR ${input.outcome} <> 'completed' THEN 0
                    WHEN cb.max_cashout > 0 THEN LEAST(w.bonus_balance, cb.max_cashout)
                    ELSE w.bonus_balance END::text AS convert,
               CASE WHEN w.customer_bonus_guid IS DISTINCT FROM cb.guid THEN 0
                    WHEN ${input.outcome} <> 'completed' THEN w.bonus_balance
                    WHEN cb.max_cashout > 0 THEN GREATEST(w.bonus_balance - cb.max_cashout, 0)
                    ELSE 0 END::text AS forfeit,
               CASE WHEN w.customer_bonus_guid IS DISTINCT FROM cb.guid THEN 0 ELSE w.deferred_bonus_balance END::text AS forfeit_deferred,
               ${input.condition ?? sql`true`} AS applies
          FROM customer_bonuses cb JOIN wallets w ON w.guid = cb.wallet_guid
         WHERE cb.guid = ${bonus.guid}::uuid`,
  );
  const money = amounts[0]!;
  if (!money.applies) return { status: "not_applicable", current: bonus.status };

  const key = (what: string) => `bonus:${bonus.guid}:${what}`;
  const positive = (amount: string) => /[1-9]/.test(amount);
  if (positive(money.convert)) {
    const moved = await movePocketMoney(tx, {
      walletGuid: bonus.wallet_guid,
      from: "bonus_balance",
      to: "balance",
      amount: money.convert,
      kind: "bonus_conversion",
      idempotencyKey: key("conversion"),
      bonusGuid: bonus.guid,
      operationType: "bonus_conversion",
    });
    if (moved.status === "insufficient_funds") throw new Error(`bonus ${bonus.guid}: conversion found no money`);
  }
  const forfeits: [WalletPocket, string, string][] = [
    ["bonus_balance", money.forfeit, "forfeit"],
    ["deferred_bonus_balance", money.forfeit_deferred, "forfeit-deferred"],
  ];
  for (const [pocket, amount, what] of forfeits) {
    if (!positive(amount)) continue;
    const bonusCost = await ensureLedgerAccount(tx, { kind: "bonus_cost", owner: PLATFORM_OWNER, currencyGuid: bonus.currency_guid });
    const moved = await moveWalletMoney(tx, {
      walletGuid: bonus.wallet_guid,
      pocket,
      direction: "debit",
      amount,
      counterpartyAccountGuid: bonusCost,
      kind: "bonus_forfeit",
      idempotencyKey: key(what),
      bonusGuid: bonus.guid,
      operationType: "bonus_forfeit",
    });
    if (moved.status !== "applied" && moved.status !== "replayed") throw new Error(`bonus ${bonus.guid}: ${what} ${moved.status}`);
  }
  if (money.holds) {
    await tx.execute(
      sql`UPDATE wallets
             SET customer_bonus_guid = NULL, customer_bonus_expire_date = NULL, wager = 0, bonus_threshold = NULL,
                 winnings_distribution_percent = NULL, deposit_defer = false,
                 free_spin_count = 0, free_spin_total = 0, free_spin_bet = NULL, updated_at = now()
           WHERE guid = ${bonus.wallet_guid}::uuid AND customer_bonus_guid = ${bonus.guid}::uuid`,
    );
  }
  const forfeited = await queryRows<{ forfeited: string }>(
    tx,
    sql`UPDATE customer_bonuses
           SET status = ${input.outcome}, finished_at = now(), updated_at = now(), deferred = false,
               converted_amount = ${money.convert}::numeric,
               forfeited_amount = ${money.forfeit}::numeric + ${money.forfeit_deferred}::numeric,
               finish_reason = ${input.reason?.slice(0, REASON_MAX) ?? null}, finished_by = ${input.staffGuid ?? null}::uuid
         WHERE guid = ${bonus.guid}::uuid
        RETURNING trim_scale(forfeited_amount)::text AS forfeited`,
  );
  await announceBonusStatus(tx, bonus.guid, input.outcome);
  return {
    status: "ended",
    outcome: input.outcome,
    convertedAmount: money.convert,
    forfeitedAmount: forfeited[0]!.forfeited,
  };
}
