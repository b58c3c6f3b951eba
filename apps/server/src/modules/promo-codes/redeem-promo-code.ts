import { sql } from "drizzle-orm";
import { PROMO_CODE_PATTERN, type PromoCodeActivation } from "@croupier/contract/entities/promo-code";
import { AppError } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { grantBonus } from "../bonuses/engine/grant-bonus.ts";
import { claimPromoCodeUse, findPromoCode, selectCustomerPromoCodes, type PromoCodeRow } from "./promo-code-sql.ts";

export type RedeemPromoCodeInput = {
  playerGuid: string;
  /** Upper-cased and trimmed. */
  code: string;
  activatedBy: "customer" | "signup";
  /** The wallet the bonus goes to (the player's active one). */
  walletGuid: string;
};

/** Why a code is refused: one error code per reason (contract entities/promo-code.ts). */
export const promoRefusal = {
  unknown: () => new AppError("PROMO_CODE_UNKNOWN", "This promo code does not exist. Check it and try again."),
  disabled: () => new AppError("PROMO_CODE_EXPIRED", "This promo code is no longer valid."),
  notStarted: () => new AppError("PROMO_CODE_EXPIRED", "This promo code is not valid yet."),
  ended: () => new AppError("PROMO_CODE_EXPIRED", "This promo code has expired."),
  usedUp: () => new AppError("PROMO_CODE_USED_UP", "This promo code has already been used up."),
  alreadyUsed: () => new AppError("PROMO_CODE_ALREADY_USED", "You have already used a promo code for this offer."),
  notForYou: () => new AppError("PROMO_CODE_NOT_FOR_YOU", "This promo code is not available for your account."),
  campaignNotRunning: () => new AppError("PROMO_CODE_NOT_FOR_YOU", "The offer of this promo code is not running now."),
  excluded: () =>
    new AppError("PROMO_CODE_NOT_FOR_YOU", "Bonuses are not available while a time-out or self-exclusion is in force."),
  ineligible: (reason: string) => new AppError("BONUS_INELIGIBLE", `This bonus cannot be granted: ${reason}.`),
};

/** Codes that mean "the code was refused" (counted by the rate limit). */
export const PROMO_REFUSAL_CODES = new Set<string>([
  "PROMO_CODE_UNKNOWN",
  "PROMO_CODE_EXPIRED",
  "PROMO_CODE_USED_UP",
  "PROMO_CODE_ALREADY_USED",
  "PROMO_CODE_NOT_FOR_YOU",
  "BONUS_INELIGIBLE",
]);

type Player = { email: string; country: string | null; excluded: boolean; in_segment: boolean; other_code_used: boolean };
type Wallet = { currency_guid: string; currency: string; has_terms: boolean; min_deposit_sum: string | null };

/**
 * Redeems one code for one player in the caller's transaction (ADR 034): the checks in the order a
 * player can act on them, then one customer_promo_codes row (unique per player and code), the use
 * counted by one guarded UPDATE, and the campaign granted through grantBonus (trigger promo_code,
 * source key `promo:{code}:{player}`). A deposit-match campaign stays `pending` until the player's
 * next qualifying deposit (applyPendingPromoCodes). A repeat of the same code answers the first
 * result and changes nothing. Refusals throw; the caller's transaction then rolls back the row and the use.
 */
export async function redeemPromoCode(tx: SqlExecutor, input: RedeemPromoCodeInput): Promise<PromoCodeActivation> {
  if (!PROMO_CODE_PATTERN.test(input.code)) throw promoRefusal.unknown();
  const code = await findPromoCode(tx, input.code);
  if (!code) throw promoRefusal.unknown();
  const repeated = await answerRepeat(tx, input.playerGuid, code);
  if (repeated) return repeated;

  if (code.status === "disabled") throw promoRefusal.disabled();
  if (code.not_started) throw promoRefusal.notStarted();
  if (code.ended) throw promoRefusal.ended();
  const player = await readPlayer(tx, input.playerGuid, code);
  if (code.email !== null && code.email !== player.email) throw promoRefusal.notForYou();
  if (code.country_codes.length > 0 && (player.country === null || !code.country_codes.includes(player.country)))
    throw promoRefusal.notForYou();
  if (code.segment_guids.length > 0 && !player.in_segment) throw promoRefusal.notForYou();
  if (!code.campaign_running || !code.version_guid) throw promoRefusal.campaignNotRunning();
  if (player.excluded) throw promoRefusal.excluded();
  if (code.used_up) throw promoRefusal.usedUp();
  if (player.other_code_used && !code.is_cumulative) throw promoRefusal.alreadyUsed();
  const wallet = await readWallet(tx, input.walletGuid, code.version_guid);
  if (!wallet) throw promoRefusal.ineligible("you have no wallet yet");
  if (!wallet.has_terms) throw promoRefusal.ineligible(`the offer is not available in your wallet's currency (${wallet.currency})`);

  // Lock order of the engine (ADR 031): the wallet first, then the code's row (the guarded UPDATE).
  await tx.execute(sql`SELECT guid FROM wallets WHERE guid = ${input.walletGuid}::uuid FOR NO KEY UPDATE`);
  const pending = code.bonus_type === "deposit_match";
  const [inserted] = await queryRows<{ guid: string }>(
    tx,
    sql`INSERT INTO customer_promo_codes (customer_guid, promo_code_guid, bonus_guid, promo_code_version_guid, multiple_use,
                                          multiple_use_count, status, activated_by, activated_by_guid)
        VALUES (${input.playerGuid}::uuid, ${code.guid}::uuid, ${code.bonus_guid}::uuid, ${code.version_guid}::uuid,
                ${code.multiple_use}, ${code.multiple_use_count}, 'pending', ${input.activatedBy}, ${input.playerGuid}::uuid)
        ON CONFLICT (customer_guid, promo_code_guid) DO NOTHING
        RETURNING guid`,
  );
  if (!inserted) {
    // The same player redeemed it at the same moment elsewhere: answer that result.
    const winner = await answerRepeat(tx, input.playerGuid, code);
    if (winner) return winner;
    throw new Error(`customer promo code of ${input.playerGuid} for ${code.guid} neither inserted nor found`);
  }
  if (!(await claimPromoCodeUse(tx, code.guid))) throw promoRefusal.usedUp();

  if (!pending) {
    const result = await grantBonus(tx, {
      versionGuid: code.version_guid,
      playerGuid: input.playerGuid,
      currencyGuid: wallet.currency_guid,
      trigger: "promo_code",
      sourceKey: `promo:${code.guid}:${input.playerGuid}`,
    });
    if (result.status === "ineligible") throw refusalFor(result.reason);
    await tx.execute(
      sql`UPDATE customer_promo_codes SET status = 'activated', customer_bonus_guid = ${result.customerBonusGuid}::uuid,
                 activated_at = now(), updated_at = now()
           WHERE guid = ${inserted.guid}::uuid`,
    );
  }
  const [row] = await selectCustomerPromoCodes(tx, sql`cpc.guid = ${inserted.guid}::uuid`, { limit: 1, offset: 0 });
  if (!row) throw new Error(`customer promo code ${inserted.guid} vanished`);
  return { customer_promo_code: row, message: successMessage(code, row.status, wallet), repeated: false };
}

/** grantBonus's refusal as the player's error: the ones a player can read as "not for you" keep that code. */
function refusalFor(reason: string): AppError {
  if (reason.includes("already received")) return promoRefusal.alreadyUsed();
  if (reason.includes("excluded")) return promoRefusal.excluded();
  if (reason.includes("segment")) return promoRefusal.notForYou();
  return promoRefusal.ineligible(reason);
}

function successMessage(code: PromoCodeRow, status: string, wallet: Wallet | null): string {
  const name = code.bonus_name ?? code.name;
  if (status === "pending") {
    const minimum = wallet?.min_deposit_sum && /[1-9]/.test(wallet.min_deposit_sum) ? ` of at least ${wallet.min_deposit_sum} ${wallet.currency}` : "";
    return `Promo code accepted: ${name} is added with your next deposit${minimum}.`;
  }
  return `Promo code accepted: you received ${name}.`;
}

async function answerRepeat(tx: SqlExecutor, playerGuid: string, code: PromoCodeRow): Promise<PromoCodeActivation | null> {
  const [row] = await selectCustomerPromoCodes(
    tx,
    sql`cpc.customer_guid = ${playerGuid}::uuid AND cpc.promo_code_guid = ${code.guid}::uuid`,
    { limit: 1, offset: 0 },
  );
  if (!row) return null;
  return { customer_promo_code: row, message: successMessage(code, row.status, null), repeated: true };
}

async function readPlayer(tx: SqlExecutor, playerGuid: string, code: PromoCodeRow): Promise<Player> {
  const [player] = await queryRows<Player>(
    tx,
    sql`SELECT lower(u.email) AS email, c.iso2 AS country, player_excluded(u.guid) AS excluded,
               EXISTS (SELECT 1 FROM user_segments us WHERE us.user_guid = u.guid
                          AND us.segment_guid = ANY(${sql.param(code.segment_guids)}::uuid[])) AS in_segment,
               EXISTS (SELECT 1 FROM customer_promo_codes o WHERE o.customer_guid = u.guid AND o.bonus_guid = ${code.bonus_guid}::uuid)
                 AS other_code_used
          FROM users u LEFT JOIN countries c ON c.guid = u.country_guid
         WHERE u.guid = ${playerGuid}::uuid`,
  );
  if (!player) throw promoRefusal.notForYou();
  return player;
}

async function readWallet(tx: SqlExecutor, walletGuid: string, versionGuid: string): Promise<Wallet | undefined> {
  const [wallet] = await queryRows<Wallet>(
    tx,
    sql`SELECT w.currency_guid, c.code AS currency, t.guid IS NOT NULL AS has_terms,
               trim_scale(t.min_deposit_sum)::text AS min_deposit_sum
          FROM wallets w JOIN currencies c ON c.guid = w.currency_guid
          LEFT JOIN bonus_campaign_currencies t ON t.version_guid = ${versionGuid}::uuid AND t.currency_guid = w.currency_guid
         WHERE w.guid = ${walletGuid}::uuid`,
  );
  return wallet;
}
