import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { CustomerBonusStatus } from "@croupier/db/schema/bonuses";
import { AppError, notFound } from "../../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";
import { ensureLedgerAccount, PLATFORM_OWNER } from "../../ledger/ledger-accounts.ts";
import { moveWalletMoney } from "../../ledger/move-wallet-money.ts";
import { announceBonusStatus } from "./announce-bonus-status.ts";

export type BonusActor = "player" | "system" | "staff";

export type ActivateInTransactionResult =
  | { status: "activated"; customerBonusGuid: string }
  | { status: "not_found" }
  | { status: "not_offered"; current: CustomerBonusStatus }
  | { status: "activation_expired" }
  | { status: "wallet_busy" };

export const WALLET_BUSY_MESSAGE =
  "You already have an active bonus on this wallet. Finish or cancel it before activating another one.";

/**
 * PATCH /bonuses/activate/{guid} (and the engine's auto-activation): puts an offered bonus on its
 * wallet in one transaction. Refused with CONFLICT while another bonus is active on that wallet.
 */
export async function activateCustomerBonus(
  db: Db,
  input: { playerGuid: string | null; customerBonusGuid: string; actor: BonusActor },
): Promise<{ customerBonusGuid: string; status: CustomerBonusStatus }> {
  const result = await db.transaction((tx) => activateCustomerBonusInTransaction(tx, input));
  switch (result.status) {
    case "activated":
      return { customerBonusGuid: result.customerBonusGuid, status: "active" };
    case "not_found":
      throw notFound("No such bonus.");
    case "not_offered":
      throw new AppError("CONFLICT", `This bonus is ${result.current} and can no longer be activated.`);
    case "activation_expired":
      throw new AppError("CONFLICT", "The time to activate this bonus has run out.");
    case "wallet_busy":
      throw new AppError("CONFLICT", WALLET_BUSY_MESSAGE);
  }
}

/**
 * The activation itself, in the caller's transaction (grantBonus auto-activates in the grant's).
 * Order: the customer bonus row is locked, then the wallet is claimed by ONE guarded UPDATE
 * (customer_bonus_guid IS NULL: two activations on one wallet cannot both win; the partial unique
 * index "one active per wallet" is the second line), then the money moves with a per-bonus ledger
 * key (bonus_cost → bonus pocket, or → deferred pocket when the terms defer it to the next deposit).
 */
export async function activateCustomerBonusInTransaction(
  tx: SqlExecutor,
  input: { playerGuid: string | null; customerBonusGuid: string; actor: BonusActor },
): Promise<ActivateInTransactionResult> {
  // Lock order: the wallet, then the customer bonus (as everywhere in the engine: no deadlocks).
  await tx.execute(
    sql`SELECT w.guid FROM wallets w JOIN customer_bonuses cb ON cb.wallet_guid = w.guid
         WHERE cb.guid = ${input.customerBonusGuid}::uuid FOR NO KEY UPDATE OF w`,
  );
  const rows = await queryRows<{
    guid: string;
    status: CustomerBonusStatus;
    expired: boolean;
    wallet_guid: string;
    currency_guid: string;
    bonus_amount: string;
    has_money: boolean;
    deposit_defer: boolean;
  }>(
    tx,
    sql`SELECT cb.guid, cb.status, cb.wallet_guid, cb.currency_guid, cb.bonus_amount::text AS bonus_amount,
               cb.bonus_amount > 0 AS has_money, v.deposit_defer,
               COALESCE(cb.activation_expiration_date < now(), false) AS expired
          FROM customer_bonuses cb JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid
         WHERE cb.guid = ${input.customerBonusGuid}::uuid
           AND (${input.playerGuid}::uuid IS NULL OR cb.customer_guid = ${input.playerGuid}::uuid)
           FOR UPDATE OF cb`,
  );
  const bonus = rows[0];
  if (!bonus) return { status: "not_found" };
  if (bonus.status !== "offered") return { status: "not_offered", current: bonus.status };
  if (bonus.expired) return { status: "activation_expired" };

  const deferred = bonus.deposit_defer && bonus.has_money;
  const claimed = await queryRows<{ guid: string }>(
    tx,
    sql`UPDATE wallets w
           SET customer_bonus_guid = cb.guid,
               customer_bonus_expire_date = now() + make_interval(secs => cb.wagering_expiration_time),
               -- A deferred bonus is not playable yet: its wagering starts when the money is released.
               wager = CASE WHEN ${deferred} THEN 0 ELSE cb.wager_amount END,
               bonus_threshold = cb.bonus_threshold,
               winnings_distribution_percent = cb.winnings_distribution_percent,
               deposit_defer = ${deferred},
               free_spin_count = CASE WHEN cb.bonus_type = 'free_spins' THEN cb.free_spin_count ELSE 0 END,
               free_spin_total = CASE WHEN cb.bonus_type = 'free_spins' THEN cb.free_spin_count ELSE 0 END,
               free_spin_bet = CASE WHEN cb.bonus_type = 'free_spins' THEN cb.free_spin_amount END,
               -- Counts this bonus's free-spin winnings from zero.
               free_spin_win_amount = 0,
               updated_at = now()
          FROM customer_bonuses cb
         WHERE cb.guid = ${bonus.guid}::uuid AND w.guid = cb.wallet_guid AND w.customer_bonus_guid IS NULL
        RETURNING w.guid`,
  );
  if (!claimed[0]) return { status: "wallet_busy" };

  await tx.execute(
    sql`UPDATE customer_bonuses
           SET status = 'active', activated_at = now(), deferred = ${deferred},
               wagering_expiration_date = now() + make_interval(secs => wagering_expiration_time),
               auto_enabled = ${input.actor === "system"}, updated_at = now()
         WHERE guid = ${bonus.guid}::uuid AND status = 'offered'`,
  );
  if (bonus.has_money) {
    const bonusCost = await ensureLedgerAccount(tx, { kind: "bonus_cost", owner: PLATFORM_OWNER, currencyGuid: bonus.currency_guid });
    const moved = await moveWalletMoney(tx, {
      walletGuid: bonus.wallet_guid,
      pocket: deferred ? "deferred_bonus_balance" : "bonus_balance",
      direction: "credit",
      amount: bonus.bonus_amount,
      counterpartyAccountGuid: bonusCost,
      kind: "bonus_grant",
      idempotencyKey: `bonus:${bonus.guid}:grant`,
      bonusGuid: bonus.guid,
      operationType: "bonus_grant",
    });
    if (moved.status !== "applied" && moved.status !== "replayed") throw new Error(`bonus ${bonus.guid}: grant ${moved.status}`);
  }
  await announceBonusStatus(tx, bonus.guid, "activated");
  return { status: "activated", customerBonusGuid: bonus.guid };
}
