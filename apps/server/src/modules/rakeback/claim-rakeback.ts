import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { RAKEBACK_REASONS, type RakebackClaim } from "@croupier/contract/entities/rakeback";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation, queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { grantBonus } from "../bonuses/engine/grant-bonus.ts";
import { PLATFORM_OWNER, systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { moveWalletMoney } from "../ledger/move-wallet-money.ts";
import { listRakebackClaims } from "./list-rakeback-claims.ts";
import { applicableRakebackCampaign } from "./rakeback-sql.ts";

export type ClaimRakebackInput = {
  playerGuid: string;
  walletGuid: string;
  /** The Idempotency-Key header, or `claim:{claim_guid}` from the body; null = none. */
  requestKey: string | null;
};

type Locked = {
  currency_guid: string;
  wallet_active: boolean;
  excluded: boolean;
  amount: string | null;
  has_amount: boolean;
  bonus_guid: string | null;
  version_guid: string | null;
  payout: "cash" | "bonus" | null;
};

/**
 * Claims everything available on one wallet, once (issue #18, ADR 035). One transaction: the wallet
 * row and then the balance row are locked (the engine's lock order: wallet first), the available
 * amount is truncated to the currency's decimals, paid, and added to `claimed` with the claim row.
 * Cash: bonus_cost → player_cash, kind rakeback, key `rakeback:{claim}` (user_balance_updated in the
 * same statement). Bonus: grantBonus on the campaign's current version, source key
 * `rakeback:{claim}`, with the version's wagering. The payout follows the campaign running for the
 * wallet now, else the one that accrued last. A repeat with the same request key answers the first
 * claim; a second claim without one finds nothing left (409).
 */
export async function claimRakeback(db: Db, input: ClaimRakebackInput): Promise<RakebackClaim> {
  const replay = await findClaim(db, input);
  if (replay) return replay;
  const wallets = await queryRows<{ currency_guid: string }>(
    db,
    sql`SELECT currency_guid FROM wallets WHERE guid = ${input.walletGuid}::uuid AND customer_guid = ${input.playerGuid}::uuid`,
  );
  const wallet = wallets[0];
  if (!wallet) throw notFound("Wallet not found.");
  // Created outside the claim's transaction: a cached account guid must never be a rolled-back row.
  const bonusCost = await systemAccountGuid(db, { kind: "bonus_cost", owner: PLATFORM_OWNER, currencyGuid: wallet.currency_guid });
  let claimGuid: string;
  try {
    claimGuid = await db.transaction((tx) => payClaim(tx, input, bonusCost));
  } catch (error) {
    // A concurrent twin with the same request key committed first: answer its claim.
    if (!isUniqueViolation(error) || !input.requestKey) throw error;
    const twin = await findClaim(db, input);
    if (!twin) throw error;
    return twin;
  }
  const { items } = await listRakebackClaims(db, { playerGuid: input.playerGuid, page: 1, perPage: 1, claimGuid });
  if (!items[0]) throw new Error(`rakeback claim ${claimGuid} vanished`);
  return items[0];
}

async function payClaim(tx: SqlExecutor, input: ClaimRakebackInput, bonusCostAccount: string): Promise<string> {
  await tx.execute(sql`SELECT guid FROM wallets WHERE guid = ${input.walletGuid}::uuid FOR NO KEY UPDATE`);
  await tx.execute(sql`SELECT wallet_guid FROM rakeback_balances WHERE wallet_guid = ${input.walletGuid}::uuid FOR UPDATE`);
  const rows = await queryRows<Locked>(
    tx,
    sql`SELECT w.currency_guid, w.status = 'active' AS wallet_active, player_excluded(w.customer_guid) AS excluded,
               trunc(rb.accrued - rb.claimed, c.decimals)::text AS amount,
               COALESCE(trunc(rb.accrued - rb.claimed, c.decimals) > 0, false) AS has_amount,
               COALESCE(camp.bonus_guid, last.bonus_guid) AS bonus_guid,
               COALESCE(camp.version_guid, last.version_guid) AS version_guid,
               COALESCE(camp.payout, last.payout) AS payout
          FROM wallets w
          JOIN currencies c ON c.guid = w.currency_guid
          LEFT JOIN rakeback_balances rb ON rb.wallet_guid = w.guid
          LEFT JOIN LATERAL ${applicableRakebackCampaign({ userGuid: sql`w.customer_guid`, currencyGuid: sql`w.currency_guid`, at: sql`now()` })} camp ON true
          LEFT JOIN LATERAL (
            SELECT bc.bonus_guid, v.guid AS version_guid, v.rakeback_payout AS payout
              FROM bonus_campaigns bc JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
             WHERE bc.bonus_guid = rb.bonus_guid) last ON true
         WHERE w.guid = ${input.walletGuid}::uuid AND w.customer_guid = ${input.playerGuid}::uuid`,
  );
  const locked = rows[0];
  if (!locked) throw notFound("Wallet not found.");
  // No inducement to gamble while a time-out or self-exclusion is in force (ADR 020).
  if (locked.excluded) throw new AppError("FORBIDDEN", RAKEBACK_REASONS.excluded);
  if (!locked.wallet_active) throw new AppError("FORBIDDEN", RAKEBACK_REASONS.walletBlocked);
  if (!locked.has_amount || !locked.amount || !locked.bonus_guid || !locked.version_guid || !locked.payout)
    throw new AppError("CONFLICT", RAKEBACK_REASONS.nothing);

  const claimGuid = randomUUID();
  const key = `rakeback:${claimGuid}`;
  let ledgerTransferGuid: string | null = null;
  let customerBonusGuid: string | null = null;
  if (locked.payout === "cash") {
    const moved = await moveWalletMoney(tx, {
      walletGuid: input.walletGuid,
      pocket: "balance",
      direction: "credit",
      amount: locked.amount,
      counterpartyAccountGuid: bonusCostAccount,
      kind: "rakeback",
      idempotencyKey: key,
      operationType: "rakeback",
    });
    if (moved.status !== "applied") throw new Error(`rakeback claim ${claimGuid}: ledger move ${moved.status}`);
    ledgerTransferGuid = moved.transferGuid;
  } else {
    const granted = await grantBonus(tx, {
      versionGuid: locked.version_guid,
      playerGuid: input.playerGuid,
      currencyGuid: locked.currency_guid,
      trigger: "scheduled",
      sourceKey: key,
      amount: locked.amount,
    });
    if (granted.status === "ineligible") throw new AppError("CONFLICT", `Rakeback cannot be paid as a bonus now: ${granted.reason}.`);
    customerBonusGuid = granted.customerBonusGuid;
  }
  await tx.execute(
    sql`INSERT INTO rakeback_claims (guid, wallet_guid, customer_guid, currency_guid, amount, payout, bonus_guid, version_guid,
                                     ledger_transfer_guid, customer_bonus_guid, request_key)
        VALUES (${claimGuid}::uuid, ${input.walletGuid}::uuid, ${input.playerGuid}::uuid, ${locked.currency_guid}::uuid,
                ${locked.amount}::numeric, ${locked.payout}, ${locked.bonus_guid}::uuid, ${locked.version_guid}::uuid,
                ${ledgerTransferGuid}::uuid, ${customerBonusGuid}::uuid, ${input.requestKey})`,
  );
  await tx.execute(
    sql`UPDATE rakeback_balances SET claimed = claimed + ${locked.amount}::numeric, last_claim_at = now(), updated_at = now()
         WHERE wallet_guid = ${input.walletGuid}::uuid`,
  );
  return claimGuid;
}

/** The claim an earlier call with this request key made; the same key for another wallet is a 409. */
async function findClaim(db: SqlExecutor, input: ClaimRakebackInput): Promise<RakebackClaim | null> {
  if (!input.requestKey) return null;
  const rows = await queryRows<{ guid: string; wallet_guid: string }>(
    db,
    sql`SELECT guid, wallet_guid FROM rakeback_claims WHERE customer_guid = ${input.playerGuid}::uuid AND request_key = ${input.requestKey}`,
  );
  const row = rows[0];
  if (!row) return null;
  if (row.wallet_guid !== input.walletGuid) throw new AppError("CONFLICT", "This Idempotency-Key was already used with different parameters.");
  const { items } = await listRakebackClaims(db, { playerGuid: input.playerGuid, page: 1, perPage: 1, claimGuid: row.guid });
  return items[0] ?? null;
}
