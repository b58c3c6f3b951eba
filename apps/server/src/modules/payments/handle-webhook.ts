import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";
import { isUniqueViolation, queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { checkResponsibleGamingDepositLimits } from "./deposit-limit-hook.ts";
import { logPaymentEvent } from "./payment-log.ts";
import type { PaymentsContext } from "./payments-context.ts";
import type { SavedCardData, WebhookEvent } from "./psp/payment-provider.ts";
import { clearingAccount, failDepositInTransaction, settleDepositInTransaction } from "./settle-deposit.ts";
import { completeWithdrawal, refundWithdrawal } from "./withdrawal-ledger.ts";

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

/**
 * A PSP's webhook. The signature is checked on the raw body (bad → 401, the
 * PSP retries and an operator notices); each event id is applied once: the
 * event row is written in the same transaction as its effect, so a replay
 * (or a concurrent duplicate) changes nothing.
 */
export async function handleWebhook(
  ctx: PaymentsContext,
  adapter: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookOutcome> {
  if (!ctx.providers.has(adapter)) throw new AppError("NOT_FOUND", "No such payment provider.");
  const event = ctx.providers.get(adapter).verifyWebhook(rawBody, headers);
  if (!event) throw new AppError("UNAUTHORIZED", "Invalid webhook signature.");
  if (await alreadyHandled(ctx, adapter, event.eventId)) return "duplicate";
  try {
    return await apply(ctx, adapter, event);
  } catch (error) {
    if (isUniqueViolation(error) && (await alreadyHandled(ctx, adapter, event.eventId))) return "duplicate";
    throw error;
  }
}

async function alreadyHandled(ctx: PaymentsContext, adapter: string, eventId: string): Promise<boolean> {
  const rows = await queryRows<{ guid: string }>(
    ctx.db,
    sql`SELECT guid FROM payment_webhook_events WHERE adapter = ${adapter} AND event_id = ${eventId}`,
  );
  return rows.length > 0;
}

async function markHandled(tx: SqlExecutor, adapter: string, event: WebhookEvent, paymentGuid: string | null): Promise<void> {
  await tx.execute(
    sql`INSERT INTO payment_webhook_events (adapter, event_id, event_type, payment_guid)
        VALUES (${adapter}, ${event.eventId}, ${event.type}, ${paymentGuid}::uuid)`,
  );
}

type PaymentRef = { guid: string; currency_guid: string; code: string; amount: string; customer_guid: string; payment_system_guid: string };

async function findPayment(ctx: PaymentsContext, adapter: string, reference: string, type: "deposit" | "withdrawal"): Promise<PaymentRef | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(reference)) return undefined;
  const rows = await queryRows<PaymentRef>(
    ctx.db,
    sql`SELECT p.guid, p.currency_guid, c.code, trim_scale(p.amount)::text AS amount, p.customer_guid, p.payment_system_guid
          FROM payments p JOIN payment_systems s ON s.guid = p.payment_system_guid JOIN currencies c ON c.guid = p.currency_guid
         WHERE p.guid = ${reference}::uuid AND s.adapter = ${adapter} AND p.transaction_type = ${type}`,
  );
  return rows[0];
}

async function apply(ctx: PaymentsContext, adapter: string, event: WebhookEvent): Promise<WebhookOutcome> {
  switch (event.type) {
    case "deposit.succeeded": {
      const payment = await findPayment(ctx, adapter, event.reference, "deposit");
      if (!payment) return ignore(ctx, adapter, event, "unknown deposit");
      const sameMoney = await queryRows<{ same: boolean }>(
        ctx.db,
        sql`SELECT ${event.amount}::numeric = ${payment.amount}::numeric AND ${event.currencyCode} = ${payment.code} AS same`,
      ).catch(() => [{ same: false }]);
      if (!sameMoney[0]?.same) {
        // Never credit an amount the player did not ask for; an operator resolves it from the log.
        ctx.log.error({ payment_guid: payment.guid, event_id: event.eventId }, "deposit webhook amount or currency differs from the payment");
        await ctx.db.transaction(async (tx) => {
          await markHandled(tx, adapter, event, payment.guid);
          await logPaymentEvent(tx, { paymentGuid: payment.guid, eventType: "amount_mismatch", executor: "psp", details: { amount: event.amount, currency: event.currencyCode } });
        });
        return "ignored";
      }
      const clearing = await clearingAccount(ctx.db, payment.currency_guid);
      await ctx.db.transaction(async (tx) => {
        await markHandled(tx, adapter, event, payment.guid);
        await settleDepositInTransaction(tx, { paymentGuid: payment.guid, clearingAccountGuid: clearing, executor: "psp", details: { event_id: event.eventId } });
        if (event.card) await saveCardFromCheckout(tx, payment, event.card);
      });
      return "processed";
    }
    case "deposit.failed": {
      const payment = await findPayment(ctx, adapter, event.reference, "deposit");
      if (!payment) return ignore(ctx, adapter, event, "unknown deposit");
      await ctx.db.transaction(async (tx) => {
        await markHandled(tx, adapter, event, payment.guid);
        await failDepositInTransaction(tx, {
          paymentGuid: payment.guid,
          reason: event.reason,
          executor: "psp",
          status: event.reason === "cancelled_by_payer" ? "cancelled" : "failed",
        });
      });
      return "processed";
    }
    case "crypto.transfer":
      return applyCryptoTransfer(ctx, adapter, event);
    case "payout.paid":
    case "payout.failed": {
      const payment = await findPayment(ctx, adapter, event.reference, "withdrawal");
      if (!payment) return ignore(ctx, adapter, event, "unknown withdrawal");
      // The ledger moves are idempotent on the payment; the event row follows them.
      if (event.type === "payout.paid") await completeWithdrawal(ctx.db, payment.guid, { event_id: event.eventId });
      else await refundWithdrawal(ctx.db, payment.guid, { status: "failed", reason: event.reason, executor: "psp" });
      await ctx.db.transaction((tx) => markHandled(tx, adapter, event, payment.guid));
      return "processed";
    }
  }
}

async function ignore(ctx: PaymentsContext, adapter: string, event: WebhookEvent, why: string): Promise<WebhookOutcome> {
  ctx.log.warn({ adapter, event_id: event.eventId, type: event.type }, `webhook ignored: ${why}`);
  await ctx.db.transaction((tx) => markHandled(tx, adapter, event, null));
  return "ignored";
}

/** The payer ticked "save card" on the hosted page: keep the provider's token (never the number). */
async function saveCardFromCheckout(tx: SqlExecutor, payment: PaymentRef, card: SavedCardData): Promise<void> {
  if (!/^\d{6,8}$/.test(card.bin) || !/^\d{4}$/.test(card.last4) || !card.token) return;
  await tx.execute(
    sql`INSERT INTO payment_cards (customer_guid, payment_system_guid, provider_token, bin, last4, brand, card_holder, exp_month, exp_year)
        VALUES (${payment.customer_guid}::uuid, ${payment.payment_system_guid}::uuid, ${card.token}, ${card.bin}, ${card.last4},
                ${card.brand.slice(0, 16)}, ${card.holder.slice(0, 100)}, ${card.expMonth}, ${card.expYear})
        ON CONFLICT DO NOTHING`,
  );
}

/**
 * An incoming crypto transfer to one of our deposit addresses: a pending
 * deposit while it confirms, credited once it has the network's required
 * confirmations. Below the minimum deposit it is recorded as failed.
 */
async function applyCryptoTransfer(
  ctx: PaymentsContext,
  adapter: string,
  event: Extract<WebhookEvent, { type: "crypto.transfer" }>,
): Promise<WebhookOutcome> {
  const owners = await queryRows<{
    customer_guid: string;
    wallet_guid: string;
    currency_guid: string;
    payment_system_guid: string;
    decimals: number;
    below_minimum: boolean | null;
    too_precise: boolean;
    required: number;
  }>(
    ctx.db,
    sql`SELECT a.customer_guid, a.wallet_guid, a.currency_guid, a.payment_system_guid, c.decimals,
               ${event.amount}::numeric < c.min_deposit AS below_minimum,
               ${event.amount}::numeric <> round(${event.amount}::numeric, c.decimals) OR ${event.amount}::numeric <= 0 AS too_precise,
               GREATEST(COALESCE(n.confirmations, 1), 1) AS required
          FROM crypto_deposit_addresses a
          JOIN payment_systems s ON s.guid = a.payment_system_guid AND s.adapter = ${adapter}
          JOIN currencies c ON c.guid = a.currency_guid AND c.code = ${event.currencyCode}
          LEFT JOIN currency_networks n ON n.currency_guid = a.currency_guid AND n.code = a.network
         WHERE a.network = ${event.network} AND a.address = ${event.address}
           AND coalesce(a.destination_tag, '') = ${event.destinationTag ?? ""}`,
  ).catch(() => []);
  const owner = owners[0];
  if (!owner || owner.too_precise) return ignore(ctx, adapter, event, owner ? "bad amount" : "unknown deposit address");
  const required = Math.max(owner.required, event.requiredConfirmations);
  const clearing = await clearingAccount(ctx.db, owner.currency_guid);
  const decision = await checkResponsibleGamingDepositLimits(ctx.db, { playerGuid: owner.customer_guid, currencyGuid: owner.currency_guid, amount: event.amount });
  await ctx.db.transaction(async (tx) => {
    await markHandled(tx, adapter, event, null);
    const inserted = await queryRows<{ guid: string }>(
      tx,
      sql`INSERT INTO payments (customer_guid, wallet_guid, currency_guid, payment_system_guid, payment_method_guid, transaction_type,
                                status, amount, external_id, psp_transaction_hash, network, destination_tag, external_account)
          SELECT ${owner.customer_guid}::uuid, ${owner.wallet_guid}::uuid, ${owner.currency_guid}::uuid, ${owner.payment_system_guid}::uuid,
                 (SELECT guid FROM payment_methods WHERE payment_system_guid = ${owner.payment_system_guid}::uuid ORDER BY ordering LIMIT 1),
                 'deposit', 'pending', ${event.amount}::numeric, ${event.txHash}, ${event.txHash}, ${event.network},
                 ${event.destinationTag}, ${event.address}
          ON CONFLICT (payment_system_guid, external_id) DO NOTHING
          RETURNING guid`,
    );
    const rows = await queryRows<{ guid: string; status: string }>(
      tx,
      sql`SELECT guid, status FROM payments WHERE payment_system_guid = ${owner.payment_system_guid}::uuid AND external_id = ${event.txHash} FOR UPDATE`,
    );
    const payment = rows[0]!;
    if (inserted[0]) {
      await logPaymentEvent(tx, { paymentGuid: payment.guid, eventType: "created", executor: "psp", details: { tx_hash: event.txHash } });
    }
    if (payment.status !== "pending") return;
    if (owner.below_minimum) {
      await failDepositInTransaction(tx, { paymentGuid: payment.guid, reason: "below_minimum_deposit", executor: "system" });
      return;
    }
    if (event.confirmations < required) {
      await logPaymentEvent(tx, {
        paymentGuid: payment.guid,
        eventType: "confirming",
        executor: "psp",
        comment: `${event.confirmations}/${required} confirmations`,
        details: { confirmations: event.confirmations, required },
      });
      return;
    }
    // Money that arrived on chain belongs to the player even if a limit now refuses it: it is
    // credited (withdrawable) and the refusal is logged for the responsible-gaming team.
    if (!decision.allowed) {
      await logPaymentEvent(tx, { paymentGuid: payment.guid, eventType: "limit_exceeded", executor: "system", reason: decision.reason });
    }
    await settleDepositInTransaction(tx, { paymentGuid: payment.guid, clearingAccountGuid: clearing, executor: "psp", details: { tx_hash: event.txHash, confirmations: event.confirmations } });
  });
  return "processed";
}
