import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { BonusTrigger, BonusType } from "@croupier/db/schema/bonuses";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";
import { activateCustomerBonusInTransaction } from "./activate-customer-bonus.ts";
import { announceBonusStatus } from "./announce-bonus-status.ts";
import { claimWelcomeBonus } from "./claim-welcome-bonus.ts";
import { notifyPlayer } from "../../notifications/notify-player.ts";
import { playerInSegmentsSql } from "../../segments/player-in-segments-sql.ts";

export type GrantBonusInput = {
  versionGuid: string;
  playerGuid: string;
  currencyGuid: string;
  trigger: BonusTrigger;
  /** What makes this grant unique (exactly once), e.g. `deposit:{payment}:{bonus_guid}`. */
  sourceKey: string;
  /** The settled deposit (deposit trigger): its amount and payment. */
  depositAmount?: string;
  paymentGuid?: string;
  /** Staff member for manual grants. */
  grantedBy?: string;
  comment?: string;
  /** An explicit bonus amount (manual, promo, cashback or rakeback grants); replaces the computed one. */
  amount?: string;
  /**
   * This grant pays for play up to this instant (cashback: the period's end, ISO timestamp). A cashback
   * grant earned within the campaign's life is paid even after the campaign ended or passed its end date.
   */
  earnedUntil?: string;
};

export type GrantBonusResult =
  | { status: "granted" | "duplicate"; customerBonusGuid: string }
  | { status: "ineligible"; reason: string };

const SOURCE_KEY_MAX = 200;
const COMMENT_MAX = 500;
const DECIMAL = /^\d{1,18}(\.\d{1,18})?$/;
/** An instant with its offset (ISO 8601 or PostgreSQL's text form), at most microseconds. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

type Terms = {
  bonus_guid: string;
  bonus_type: BonusType;
  bonus_trigger: BonusTrigger;
  campaign_status: string;
  in_window: boolean;
  started: boolean;
  earned_in_life: boolean;
  deposit_number: number | null;
  is_cumulative: boolean;
  auto_activation: boolean;
  auto_activation_time: number;
  has_terms: boolean;
  below_min_deposit: boolean;
  payment_number: number | null;
  wallet_guid: string | null;
  already_granted: boolean;
  excluded: boolean;
  in_segments: boolean;
  bonus_amount: string | null;
  has_amount: boolean;
  wager_amount: string | null;
};

/**
 * Grants one campaign version to a player as an `offered` customer bonus, in the caller's
 * transaction, exactly once per sourceKey (UNIQUE source_key). Eligibility and amounts come from
 * the version and its currency terms, arithmetic in SQL (truncated to the currency's decimals).
 * Auto-activates at once when the version says so with no delay and the wallet has no active bonus;
 * otherwise the sweeper activates it when due (auto_activate_at).
 */
export async function grantBonus(tx: SqlExecutor, input: GrantBonusInput): Promise<GrantBonusResult> {
  if (input.sourceKey.length === 0 || input.sourceKey.length > SOURCE_KEY_MAX) return { status: "ineligible", reason: "invalid source key" };
  for (const amount of [input.amount, input.depositAmount])
    if (amount !== undefined && !DECIMAL.test(amount)) return { status: "ineligible", reason: "an amount is not a plain decimal" };
  if (input.earnedUntil !== undefined && !TIMESTAMP.test(input.earnedUntil)) return { status: "ineligible", reason: "earnedUntil is not a timestamp" };
  // Lock order (ADR 031): the wallet first (the deposit path already holds it when it grants), then
  // one grant at a time per player: the duplicate, once-per-campaign and welcome checks below read
  // what a concurrent grant of the same player would write.
  await tx.execute(
    sql`SELECT guid FROM wallets WHERE customer_guid = ${input.playerGuid}::uuid AND currency_guid = ${input.currencyGuid}::uuid FOR NO KEY UPDATE`,
  );
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`bonus-grant:${input.playerGuid}`}, 0))`);
  const existing = await queryRows<{ guid: string }>(tx, sql`SELECT guid FROM customer_bonuses WHERE source_key = ${input.sourceKey}`);
  if (existing[0]) return { status: "duplicate", customerBonusGuid: existing[0].guid };

  const depositAmount = input.depositAmount ?? null;
  // The caller's text as is: a period end carries microseconds a JS Date would drop.
  const earnedUntilSql = sql`${input.earnedUntil ?? null}::timestamptz`;
  const explicitAmount = input.amount ?? null;
  const rows = await queryRows<Terms>(
    tx,
    sql`SELECT v.bonus_guid, v.bonus_type, v.bonus_trigger, bc.status AS campaign_status, v.deposit_number, v.is_cumulative,
               v.auto_activation, v.auto_activation_time,
               (v.start_date IS NULL OR v.start_date <= now()) AND (v.end_date IS NULL OR v.end_date > now()) AS in_window,
               (v.start_date IS NULL OR v.start_date <= now()) AS started,
               -- The campaign's end: its current version's end date, or the instant a running campaign was
               -- ended if sooner (ended_at, migration 0041); an ended campaign without ended_at never ran.
               COALESCE(CASE WHEN bc.status = 'ended' THEN bc.ended_at IS NOT NULL AND ${earnedUntilSql} <= LEAST(bc.ended_at, cv.end_date)
                             WHEN bc.status = 'active' THEN ${earnedUntilSql} <= cv.end_date END, false) AS earned_in_life,
               t.guid IS NOT NULL AS has_terms,
               COALESCE(${depositAmount}::numeric < t.min_deposit_sum, false) AS below_min_deposit,
               (SELECT p.number FROM payments p WHERE p.guid = ${input.paymentGuid ?? null}::uuid) AS payment_number,
               (SELECT w.guid FROM wallets w WHERE w.customer_guid = ${input.playerGuid}::uuid AND w.currency_guid = ${input.currencyGuid}::uuid) AS wallet_guid,
               player_excluded(${input.playerGuid}::uuid) AS excluded,
               ${playerInSegmentsSql(sql`${input.playerGuid}::uuid`, sql`v.segment_guids`)} AS in_segments,
               EXISTS (SELECT 1 FROM customer_bonuses o WHERE o.customer_guid = ${input.playerGuid}::uuid AND o.bonus_guid = v.bonus_guid) AS already_granted,
               a.bonus_amount::text AS bonus_amount,
               CASE WHEN v.bonus_type = 'free_spins' THEN COALESCE(t.free_spins_count > 0, false)
                    ELSE COALESCE(a.bonus_amount > 0, false) END AS has_amount,
               trunc(a.bonus_amount * v.bonus_wager, c.decimals)::text AS wager_amount
          FROM bonus_campaign_versions v
          JOIN bonus_campaigns bc ON bc.bonus_guid = v.bonus_guid
          LEFT JOIN bonus_campaign_versions cv ON cv.guid = bc.current_version_guid
          JOIN currencies c ON c.guid = ${input.currencyGuid}::uuid
          LEFT JOIN bonus_campaign_currencies t ON t.version_guid = v.guid AND t.currency_guid = c.guid
          CROSS JOIN LATERAL (
            SELECT trunc(CASE
                     WHEN ${explicitAmount}::numeric IS NOT NULL THEN ${explicitAmount}::numeric
                     WHEN v.bonus_type = 'deposit_match' THEN
                       -- max_bonus_sum caps the match; 0 = no cap.
                       CASE WHEN t.max_bonus_sum > 0
                            THEN LEAST(COALESCE(${depositAmount}::numeric, 0) * v.bonus_percent / 100, t.max_bonus_sum)
                            ELSE COALESCE(${depositAmount}::numeric, 0) * v.bonus_percent / 100 END
                     -- A coin bonus is a fixed amount bought with loyalty coins (the exchange pays the coins).
                     WHEN v.bonus_type IN ('fixed_amount', 'coin') THEN t.max_bonus_sum
                     -- Free spins carry no money until they are played (their winnings become the bonus).
                     ELSE 0 END, c.decimals) AS bonus_amount) a
         WHERE v.guid = ${input.versionGuid}::uuid`,
  );
  const terms = rows[0];
  if (!terms) return { status: "ineligible", reason: "unknown bonus" };
  const ineligible = whyIneligible(terms, input);
  if (ineligible) return { status: "ineligible", reason: ineligible };

  const customerBonusGuid = randomUUID();
  const welcome = terms.bonus_trigger === "registration" || (terms.bonus_trigger === "deposit" && terms.deposit_number === 1);
  if (welcome) {
    const claim = await claimWelcomeBonus(tx, { playerGuid: input.playerGuid, claim: "welcome", customerBonusGuid });
    if (claim.status === "already_claimed") return { status: "ineligible", reason: `welcome bonus already claimed (same ${claim.kind})` };
  }

  const inserted = await queryRows<{ guid: string }>(
    tx,
    sql`INSERT INTO customer_bonuses (guid, customer_guid, wallet_guid, currency_guid, bonus_guid, bonus_version_guid, bonus_trigger,
                                      bonus_type, status, source_key, payment_guid, wager_amount, bonus_amount, wagering_expiration_time,
                                      activation_expiration_date, auto_activate_at, max_cashout, winnings_distribution_percent,
                                      bonus_threshold, free_spin_count, free_spin_amount, comment, granted_by)
        SELECT ${customerBonusGuid}::uuid, ${input.playerGuid}::uuid, ${terms.wallet_guid}::uuid, ${input.currencyGuid}::uuid,
               v.bonus_guid, v.guid, ${input.trigger}, v.bonus_type, 'offered', ${input.sourceKey}, ${input.paymentGuid ?? null}::uuid,
               ${terms.wager_amount}::numeric, ${terms.bonus_amount}::numeric, v.wagering_expiration_time,
               now() + make_interval(secs => v.activation_expiration_time),
               CASE WHEN v.auto_activation THEN now() + make_interval(secs => v.auto_activation_time) END,
               t.max_cashout, v.winnings_distribution_percent, t.bonus_threshold,
               CASE WHEN v.bonus_type = 'free_spins' THEN t.free_spins_count ELSE 0 END,
               CASE WHEN v.bonus_type = 'free_spins' THEN t.free_spin_bet ELSE 0 END,
               ${input.comment?.slice(0, COMMENT_MAX) ?? null}, ${input.grantedBy ?? null}::uuid
          FROM bonus_campaign_versions v
          JOIN bonus_campaign_currencies t ON t.version_guid = v.guid AND t.currency_guid = ${input.currencyGuid}::uuid
         WHERE v.guid = ${input.versionGuid}::uuid
        ON CONFLICT (source_key) DO NOTHING
        RETURNING guid`,
  );
  if (!inserted[0]) {
    const winner = await queryRows<{ guid: string }>(tx, sql`SELECT guid FROM customer_bonuses WHERE source_key = ${input.sourceKey}`);
    if (!winner[0]) throw new Error(`customer bonus ${input.sourceKey} was neither inserted nor found`);
    return { status: "duplicate", customerBonusGuid: winner[0].guid };
  }
  await announceBonusStatus(tx, customerBonusGuid, "granted");
  if (terms.auto_activation && terms.auto_activation_time === 0) {
    // A busy wallet leaves it offered: the sweeper activates it once the wallet is free.
    const activation = await activateCustomerBonusInTransaction(tx, { playerGuid: input.playerGuid, customerBonusGuid, actor: "system" });
    if (activation.status === "activated") return { status: "granted", customerBonusGuid };
  }
  await notifyOffer(tx, customerBonusGuid);
  return { status: "granted", customerBonusGuid };
}

/** The in-app notification of an offer waiting for the player (read later even if they are offline now). */
async function notifyOffer(tx: SqlExecutor, customerBonusGuid: string): Promise<void> {
  const rows = await queryRows<{ customer_guid: string; bonus_name: string; amount: string; currency: string; free_spins: string }>(
    tx,
    sql`SELECT cb.customer_guid, v.bonus_name, round(cb.bonus_amount, c.decimals)::text AS amount, c.code AS currency,
               cb.free_spin_count::text AS free_spins
          FROM customer_bonuses cb JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid
          JOIN currencies c ON c.guid = cb.currency_guid
         WHERE cb.guid = ${customerBonusGuid}::uuid`,
  );
  const offer = rows[0];
  if (!offer) return;
  await notifyPlayer(tx, {
    userGuid: offer.customer_guid,
    kind: "bonus_granted",
    params: { bonus_name: offer.bonus_name, amount: offer.amount, currency: offer.currency, free_spins: offer.free_spins },
  });
}

function whyIneligible(terms: Terms, input: GrantBonusInput): string | null {
  // Staff may grant any offer by hand; every other trigger must be the version's own.
  if (input.trigger !== "manual" && input.trigger !== terms.bonus_trigger) return `the bonus is not a ${input.trigger} bonus`;
  // No inducement to gamble while a time-out or self-exclusion is in force (ADR 020).
  if (terms.excluded) return "the player is excluded from gambling";
  // Cashback earned before the campaign's end is still owed once it ended (ADR 035): only the end
  // (status ended, end date passed) is waived, and only up to that end; draft, scheduled and paused stay refused.
  const earnedBeforeEnd = terms.bonus_type === "cashback" && input.earnedUntil !== undefined && terms.earned_in_life;
  if (earnedBeforeEnd) {
    if (!terms.started) return "the campaign is outside its dates";
  } else {
    if (terms.campaign_status !== "active") return "the campaign is not active";
    if (!terms.in_window) return "the campaign is outside its dates";
  }
  // A targeted version is for the players of its segments only (ADR 033), whatever the trigger.
  if (!terms.in_segments) return "not in the campaign's segments";
  if (!terms.has_terms) return "the bonus is not offered in this currency";
  if (!terms.wallet_guid) return "the player has no wallet in this currency";
  if (!terms.is_cumulative && terms.already_granted) return "the player already received this bonus";
  if (input.trigger === "deposit") {
    if (input.depositAmount === undefined) return "a deposit bonus needs the deposit";
    if (terms.below_min_deposit) return "the deposit is below the minimum for this bonus";
    if (terms.deposit_number !== null && terms.payment_number !== terms.deposit_number)
      return `the bonus is for deposit number ${terms.deposit_number}`;
  }
  if (terms.bonus_type === "cashback" && input.amount === undefined) return "a cashback bonus needs its amount";
  if (!terms.has_amount) return "nothing to grant";
  return null;
}
