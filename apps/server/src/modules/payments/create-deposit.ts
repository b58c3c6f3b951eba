import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation, queryRows } from "../../lib/sql-executor.ts";
import { getOrCreateWallet } from "../wallet/get-or-create-wallet.ts";
import { checkResponsibleGamingDepositLimits } from "./deposit-limit-hook.ts";
import { findIdempotentPayment, recordIdempotencyKey, type IdempotencyInput } from "./idempotency.ts";
import { logPaymentEvent } from "./payment-log.ts";
import {
  assertAmount,
  assertMayDeposit,
  findAvailableMethod,
  loadCurrency,
  loadPlayer,
  resolveSegmentGuids,
  sameOriginUrl,
} from "./payment-lookups.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { assertLimitPromptAnswered } from "../uk-profile/assert-limit-prompt-answered.ts";
import { assertDepositBonusOffer } from "../bonuses/engine/assert-deposit-bonus-offer.ts";
import { recordDepositBonusChoice } from "../bonuses/engine/record-deposit-bonus-choice.ts";

export type CreateDepositInput = {
  playerGuid: string;
  amount: string;
  /** Billing API: currency + payment system. Payment API: wallet + method. */
  currencyGuid?: string;
  walletGuid?: string;
  systemGuid?: string;
  methodGuid?: string;
  cardGuid?: string;
  returnUrl?: string;
  declinedUrl?: string;
  idempotency: IdempotencyInput | null;
  /** extra_data.bonus_guid: the chosen deposit bonus campaign, null = no bonus, undefined = the default offers. */
  bonusGuid?: string | null;
};

export type CreateDepositResult = { paymentGuid: string; redirectUrl: string | null };

/**
 * Starts a card deposit: checks the player, amount, method and limits,
 * records a pending payment and opens the PSP's hosted page. No money moves
 * here; the wallet is credited only when the PSP's settled webhook arrives.
 */
export async function createDeposit(ctx: PaymentsContext, input: CreateDepositInput): Promise<CreateDepositResult> {
  const replayed = await findIdempotentPayment(ctx.db, input.playerGuid, input.idempotency);
  if (replayed) return resumeDeposit(ctx, replayed);

  const player = await loadPlayer(ctx.db, input.playerGuid);
  assertMayDeposit(player, ctx.env.DEPOSIT_REQUIRES_KYC);
  await assertLimitPromptAnswered(ctx.db, ctx.env.jurisdiction, player.guid);
  const wallet = await resolveWallet(ctx, input);
  const currency = await loadCurrency(ctx.db, wallet.currencyGuid);
  const segmentGuids = await resolveSegmentGuids(ctx.db, { billingSegments: player.billing_segments, countryIso2: player.country_iso2 });
  const method = await findAvailableMethod(ctx.db, {
    segmentGuids,
    currencyGuid: currency.guid,
    direction: "deposit",
    methodGuid: input.methodGuid,
    systemGuid: input.systemGuid,
  });
  if (!method) throw badRequest("This payment method is not available for you in this currency.");
  if (method.kind === "crypto")
    throw badRequest("Crypto deposits go to your deposit address: GET /billing/psp/info/{psp_name}?currency_guid=…&network=….");
  const amount = await assertAmount(ctx.db, { amount: input.amount, decimals: currency.decimals, min: method.min_amount, max: method.max_amount, code: currency.code });
  if (input.bonusGuid !== undefined) await assertDepositBonusOffer(ctx.db, { bonusGuid: input.bonusGuid, currencyGuid: currency.guid });
  const decision = await checkResponsibleGamingDepositLimits(ctx.db, { playerGuid: player.guid, currencyGuid: currency.guid, amount });
  if (!decision.allowed) throw new AppError(decision.code, decision.reason);

  let cardToken: string | null = null;
  if (input.cardGuid) {
    const cards = await queryRows<{ provider_token: string }>(
      ctx.db,
      sql`SELECT provider_token FROM payment_cards
           WHERE guid = ${input.cardGuid}::uuid AND customer_guid = ${player.guid}::uuid AND deleted_at IS NULL
             AND payment_system_guid = ${method.system_guid}::uuid`,
    );
    if (!cards[0]) throw notFound("No such card.");
    cardToken = cards[0].provider_token;
  }

  const paymentGuid = randomUUID();
  const withGuid = (url: string) => {
    const u = new URL(url);
    u.searchParams.set("transaction_guid", paymentGuid);
    return u.toString();
  };
  const returnUrl = withGuid(sameOriginUrl(ctx.env.PUBLIC_URL, input.returnUrl, "/account/wallets/deposit?status=success", "body.return_url"));
  const declinedUrl = withGuid(sameOriginUrl(ctx.env.PUBLIC_URL, input.declinedUrl, "/account/wallets/deposit?status=declined", "body.declined_url"));

  try {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO payments (guid, customer_guid, wallet_guid, currency_guid, payment_system_guid, payment_method_guid,
                                  transaction_type, status, amount, card_guid, return_url, declined_url)
            VALUES (${paymentGuid}::uuid, ${player.guid}::uuid, ${wallet.walletGuid}::uuid, ${currency.guid}::uuid,
                    ${method.system_guid}::uuid, ${method.method_guid}::uuid, 'deposit', 'pending', ${amount}::numeric,
                    ${input.cardGuid ?? null}::uuid, ${returnUrl}, ${declinedUrl})`,
      );
      await recordIdempotencyKey(tx, player.guid, input.idempotency, paymentGuid);
      if (input.bonusGuid !== undefined) await recordDepositBonusChoice(tx, { paymentGuid, bonusGuid: input.bonusGuid });
      await logPaymentEvent(tx, { paymentGuid, eventType: "created", executor: "player", changedBy: player.guid });
    });
  } catch (error) {
    // A concurrent call with the same key won: answer as it did.
    if (input.idempotency && isUniqueViolation(error)) {
      const winner = await findIdempotentPayment(ctx.db, input.playerGuid, input.idempotency);
      if (winner) return resumeDeposit(ctx, winner);
    }
    throw error;
  }
  return openCheckout(ctx, paymentGuid, cardToken);
}

async function resolveWallet(ctx: PaymentsContext, input: CreateDepositInput): Promise<{ walletGuid: string; currencyGuid: string }> {
  if (input.walletGuid) {
    const rows = await queryRows<{ guid: string; currency_guid: string }>(
      ctx.db,
      sql`SELECT guid, currency_guid FROM wallets WHERE guid = ${input.walletGuid}::uuid AND customer_guid = ${input.playerGuid}::uuid`,
    );
    if (!rows[0]) throw notFound("No such wallet.");
    return { walletGuid: rows[0].guid, currencyGuid: rows[0].currency_guid };
  }
  if (!input.currencyGuid) throw badRequest("currency_guid is required.");
  await loadCurrency(ctx.db, input.currencyGuid);
  // The player's wallet in that currency, created if absent (not made active).
  const wallet = await getOrCreateWallet(ctx.db, { playerGuid: input.playerGuid, currencyGuid: input.currencyGuid, setActive: false });
  return { walletGuid: wallet.guid, currencyGuid: wallet.currency_guid };
}

/** Opens the PSP's hosted page for a pending deposit (again, for a replay that found none yet). */
async function openCheckout(ctx: PaymentsContext, paymentGuid: string, cardToken: string | null): Promise<CreateDepositResult> {
  const rows = await queryRows<{ amount: string; code: string; adapter: string; return_url: string; declined_url: string }>(
    ctx.db,
    sql`SELECT trim_scale(p.amount)::text AS amount, c.code, s.adapter, p.return_url, p.declined_url
          FROM payments p JOIN currencies c ON c.guid = p.currency_guid JOIN payment_systems s ON s.guid = p.payment_system_guid
         WHERE p.guid = ${paymentGuid}::uuid`,
  );
  const p = rows[0]!;
  let checkout: { externalId: string; redirectUrl: string };
  try {
    checkout = await ctx.providers.get(p.adapter).createDeposit({
      reference: paymentGuid,
      amount: p.amount,
      currencyCode: p.code,
      returnUrl: p.return_url,
      declinedUrl: p.declined_url,
      cardToken,
    });
  } catch (error) {
    ctx.log.error({ err: error, payment_guid: paymentGuid }, "payment provider refused to open a deposit");
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE payments SET status = 'failed', updated_at = now() WHERE guid = ${paymentGuid}::uuid AND status = 'pending'`);
      await logPaymentEvent(tx, { paymentGuid, eventType: "failed", executor: "system", reason: "provider_unavailable" });
    });
    if (error instanceof AppError) throw error;
    throw new AppError("SERVICE_UNAVAILABLE", "The payment provider is not available at the moment. Please try again later.");
  }
  await ctx.db.execute(
    sql`UPDATE payments SET external_id = ${checkout.externalId}, redirect_url = ${checkout.redirectUrl}, updated_at = now()
         WHERE guid = ${paymentGuid}::uuid`,
  );
  return { paymentGuid, redirectUrl: checkout.redirectUrl };
}

async function resumeDeposit(ctx: PaymentsContext, paymentGuid: string): Promise<CreateDepositResult> {
  const rows = await queryRows<{ redirect_url: string | null; status: string; provider_token: string | null }>(
    ctx.db,
    sql`SELECT p.redirect_url, p.status, pc.provider_token
          FROM payments p LEFT JOIN payment_cards pc ON pc.guid = p.card_guid WHERE p.guid = ${paymentGuid}::uuid`,
  );
  const row = rows[0]!;
  if (row.redirect_url || row.status !== "pending") return { paymentGuid, redirectUrl: row.redirect_url };
  return openCheckout(ctx, paymentGuid, row.provider_token);
}
