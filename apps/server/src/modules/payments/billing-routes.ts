import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import {
  billingTransaction,
  depositInput,
  depositResult,
  depositTestInput,
  paymentInfo,
  paymentSystem,
  providerMetadata,
  providersMetadataQuery,
  pspInfoBody,
  pspInfoParams,
  pspInfoQuery,
  pspTransactionParams,
  transactionsQuery,
  withdrawalInput,
} from "@croupier/contract/entities/billing";
import { billingCard, billingCardInput, cardGuidParams } from "@croupier/contract/entities/card";
import { notFound } from "../../lib/app-error.ts";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { maskedCardNumber } from "./card-number.ts";
import { cancelPayment } from "./cancel-payment.ts";
import { createDeposit } from "./create-deposit.ts";
import { createTestDeposit } from "./create-test-deposit.ts";
import { createWithdrawal } from "./create-withdrawal.ts";
import { idempotencyKeyOf, requestHash } from "./idempotency.ts";
import { listBillingTransactions } from "./list-payments.ts";
import { deleteCard, listCards, saveCard, type SavedCard } from "./payment-cards.ts";
import { getPaymentInfo, getProviderMetadata, listPaymentSystems } from "./payment-systems.ts";
import { testDepositsEnabled } from "./payment-settings.ts";
import { withRequestPublicUrl, type PaymentsContext } from "./payments-context.ts";

const security = [{ bearerAuth: [] }];
const tags = ["billing"];
const idempotencyHeader = z.object({ "idempotency-key": z.string().max(128).optional() }).loose();

const toBillingCard = (c: SavedCard) => ({
  guid: c.guid,
  card_number: maskedCardNumber(c.bin, c.last4),
  cardholder_name: c.card_holder,
  expiration_year: c.exp_year,
  expiration_month: c.exp_month,
  customer_guid: c.customer_guid,
  project_guid: c.project_guid,
  created_at: c.created_at,
});

/** Billing calls (contract §7 Billing): cards, deposits, withdrawals, PSPs, transactions. Players only. */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: PaymentsContext }> = async (app, { ctx }) => {
  app.addHook("preHandler", requirePlayer);

  const transaction = async (playerGuid: string, guid: string) => {
    const found = (await listBillingTransactions(ctx.db, { playerGuid, page: 1, perPage: 1, guid })).items[0];
    if (!found) throw notFound("No such transaction.");
    return found;
  };

  app.post(
    "/billing/card",
    { schema: { tags, security, summary: "Save a card (tokenised by the PSP; only token, BIN, last 4 are kept)", body: billingCardInput, response: { 200: okEnvelope(billingCard) } } },
    async (request) => {
      const b = request.body;
      const card = await saveCard(ctx, { playerGuid: playerId(request), cardNumber: b.card_number, holder: b.cardholder_name, expMonth: b.expiration_month, expYear: b.expiration_year });
      return ok(request, toBillingCard(card));
    },
  );

  app.delete(
    "/billing/card/:guid",
    { schema: { tags, security, summary: "Remove a saved card", params: cardGuidParams, response: { 200: okEnvelope(z.object({ guid: z.uuid() })) } } },
    async (request) => {
      await deleteCard(ctx.db, playerId(request), request.params.guid);
      return ok(request, { guid: request.params.guid });
    },
  );

  app.get(
    "/billing/cards",
    { schema: { tags, security, summary: "Saved cards (masked)", response: { 200: okEnvelope(z.array(billingCard)) } } },
    async (request) => ok(request, (await listCards(ctx.db, playerId(request))).map(toBillingCard)),
  );

  app.post(
    "/billing/deposit",
    {
      schema: {
        tags,
        security,
        summary: "Start a card deposit: returns the PSP page to redirect to; the wallet is credited when the PSP confirms",
        headers: idempotencyHeader,
        body: depositInput,
        response: { 200: okEnvelope(depositResult) },
      },
    },
    async (request) => {
      const b = request.body;
      const key = idempotencyKeyOf(request);
      // Return URLs on the origin the player used when that is a loopback name and PUBLIC_URL is unset.
      const result = await createDeposit(withRequestPublicUrl(ctx, request), {
        playerGuid: playerId(request),
        amount: b.amount,
        currencyGuid: b.currency_guid,
        systemGuid: b.psp_guid,
        cardGuid: b.card_guid,
        returnUrl: b.return_url,
        declinedUrl: b.declined_url,
        bonusGuid: b.bonus_guid,
        idempotency: key
          ? { key, scope: "billing.deposit", hash: requestHash("billing.deposit", { amount: b.amount, currency_guid: b.currency_guid, psp_guid: b.psp_guid, card_guid: b.card_guid, return_url: b.return_url, declined_url: b.declined_url, bonus_guid: b.bonus_guid }) }
          : null,
      });
      return ok(request, { transaction_guid: result.paymentGuid, redirect_url: result.redirectUrl });
    },
  );

  // Demo mode only: the route does not exist otherwise (not even in the API docs).
  if (testDepositsEnabled(ctx.env))
    app.post(
      "/billing/deposit/test",
      {
        schema: {
          tags,
          security,
          summary: "Test deposit, settled at once through the real deposit ledger path (demo mode only, never in production)",
          headers: idempotencyHeader,
          body: depositTestInput,
          response: { 200: okEnvelope(depositResult) },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request);
        const guid = await createTestDeposit(ctx, {
          playerGuid: playerId(request),
          currencyGuid: request.body.currency_guid,
          amount: request.body.amount,
          idempotency: key ? { key, scope: "billing.deposit.test", hash: requestHash("billing.deposit.test", request.body) } : null,
        });
        return ok(request, { transaction_guid: guid, redirect_url: null });
      },
    );

  app.post(
    "/billing/withdrawal",
    {
      schema: {
        tags,
        security,
        summary: "Request a withdrawal: the amount is reserved from cash at once and paid out by the PSP",
        headers: idempotencyHeader,
        body: withdrawalInput,
        response: { 200: okEnvelope(billingTransaction) },
      },
    },
    async (request) => {
      const b = request.body;
      const key = idempotencyKeyOf(request);
      const params = { amount: b.amount, wallet_guid: b.wallet_guid, psp_guid: b.psp_guid, card_guid: b.card_guid, external_account: b.external_account, network: b.network, destination_tag: b.destination_tag, forfeit_bonus: b.forfeit_bonus };
      const guid = await createWithdrawal(ctx, {
        playerGuid: playerId(request),
        walletGuid: b.wallet_guid,
        amount: b.amount,
        systemGuid: b.psp_guid,
        cardGuid: b.card_guid,
        externalAccount: b.external_account,
        network: b.network,
        destinationTag: b.destination_tag,
        forfeitBonus: b.forfeit_bonus,
        idempotency: key ? { key, scope: "billing.withdrawal", hash: requestHash("billing.withdrawal", params) } : null,
      });
      return ok(request, await transaction(playerId(request), guid));
    },
  );

  app.get(
    "/billing/psp/list",
    { schema: { tags, security, summary: "Payment systems and their currencies", response: { 200: okEnvelope(z.array(paymentSystem)) } } },
    async (request) => ok(request, await listPaymentSystems(ctx.db)),
  );

  const info = async (playerGuid: string, pspName: string, input: { currency_guid: string; network?: string }) =>
    getPaymentInfo(ctx, { playerGuid, pspName, currencyGuid: input.currency_guid, network: input.network });

  app.get(
    "/billing/psp/info/:psp_name",
    { schema: { tags, security, summary: "How to pay: crypto deposit address (and destination tag) per wallet and network", params: pspInfoParams, querystring: pspInfoQuery, response: { 200: okEnvelope(paymentInfo) } } },
    async (request) => ok(request, await info(playerId(request), request.params.psp_name, request.query)),
  );

  app.post(
    "/billing/psp/info/:psp_name",
    { schema: { tags, security, summary: "Same as GET, with a captcha answer in the body", params: pspInfoParams, body: pspInfoBody, response: { 200: okEnvelope(paymentInfo) } } },
    async (request) => ok(request, await info(playerId(request), request.params.psp_name, request.body)),
  );

  app.get(
    "/billing/providers/metadata",
    { schema: { tags, security, summary: "Banks or providers behind a payment method", querystring: providersMetadataQuery, response: { 200: okEnvelope(providerMetadata) } } },
    async (request) => ok(request, await getProviderMetadata(ctx.db, request.query.payment_method_guid)),
  );

  app.patch(
    "/billing/transaction/:psp_transaction_guid",
    {
      schema: {
        tags,
        security,
        summary: "Cancel a pending transaction (a withdrawal's reserved cash returns; not where the jurisdiction forbids it)",
        headers: idempotencyHeader,
        params: pspTransactionParams,
        response: { 200: okEnvelope(billingTransaction) },
      },
    },
    async (request) => {
      const guid = request.params.psp_transaction_guid;
      const key = idempotencyKeyOf(request);
      await cancelPayment(ctx, {
        playerGuid: playerId(request),
        paymentGuid: guid,
        idempotency: key ? { key, scope: "payment.cancel", hash: requestHash("payment.cancel", { guid }) } : null,
      });
      return ok(request, await transaction(playerId(request), guid));
    },
  );

  app.get(
    "/billing/transactions",
    { schema: { tags, security, summary: "The player's deposits and withdrawals, newest first", querystring: transactionsQuery, response: { 200: listEnvelope(billingTransaction) } } },
    async (request) => {
      const { items, pager } = await listBillingTransactions(ctx.db, {
        playerGuid: playerId(request),
        page: request.query.page,
        perPage: request.query.per_page,
        guid: request.query.guid,
      });
      return list(request, items, pager);
    },
  );
};
