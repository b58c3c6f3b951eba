import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { cardGuidParams, paymentCard, paymentCardInput } from "@croupier/contract/entities/card";
import { createPaymentInput, payment, paymentGuidParams, paymentsQuery, updatePaymentInput } from "@croupier/contract/entities/payment";
import { paymentMethod, paymentMethodsQuery } from "@croupier/contract/entities/payment-method";
import { notFound } from "../../lib/app-error.ts";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { maskedCardNumber } from "./card-number.ts";
import { cancelPayment } from "./cancel-payment.ts";
import { createDeposit } from "./create-deposit.ts";
import { createWithdrawal } from "./create-withdrawal.ts";
import { idempotencyKeyOf, requestHash } from "./idempotency.ts";
import { findPayment, listPayments } from "./list-payments.ts";
import { listPaymentMethods } from "./list-payment-methods.ts";
import { deleteCard, listCards, saveCard, type SavedCard } from "./payment-cards.ts";
import { loadPlayer } from "./payment-lookups.ts";
import { playerMayCancelWithdrawal } from "./payment-settings.ts";
import { withRequestPublicUrl, type PaymentsContext } from "./payments-context.ts";

const security = [{ bearerAuth: [] }];
const tags = ["payments"];
const idempotencyHeader = z.object({ "idempotency-key": z.string().max(128).optional() }).loose();

const toPaymentCard = (c: SavedCard) => ({
  guid: c.guid,
  card_number: maskedCardNumber(c.bin, c.last4),
  card_holder: c.card_holder,
  card_exp_month: c.exp_month,
  card_exp_year: c.exp_year,
  customer_guid: c.customer_guid,
});

/** Payment API calls (contract §7 Payment cards and payments). */
export const paymentApiRoutes: FastifyPluginAsyncZod<{ ctx: PaymentsContext }> = async (app, { ctx }) => {
  // The same rule PUT /payments/{guid} enforces, so can_cancel never offers a cancel the server refuses.
  const cancelRule = async (playerGuid: string) => ({
    mayCancelWithdrawal: playerMayCancelWithdrawal(ctx.env, (await loadPlayer(ctx.db, playerGuid)).country_iso2),
  });

  const one = async (playerGuid: string, guid: string) => {
    const found = await findPayment(ctx.db, playerGuid, guid, await cancelRule(playerGuid));
    if (!found) throw notFound("No such payment.");
    return found;
  };

  // Methods are readable before login too (the deposit promo); with a token, the profile decides.
  app.get(
    "/payments/methods",
    { schema: { tags, security: [{ bearerAuth: [] }, {}], summary: "Payment methods for segments (else the profile's, else the country's default)", querystring: paymentMethodsQuery, response: { 200: okEnvelope(z.array(paymentMethod)) } } },
    async (request) =>
      ok(
        request,
        await listPaymentMethods(ctx.db, {
          playerGuid: request.auth?.userId ?? null,
          segmentGuids: request.query.segment_guid ?? [],
          countryGuid: request.query.country_guid,
        }),
      ),
  );

  app.get(
    "/payment/cards",
    { preHandler: requirePlayer, schema: { tags, security, summary: "Saved cards (masked)", response: { 200: okEnvelope(z.array(paymentCard)) } } },
    async (request) => ok(request, (await listCards(ctx.db, playerId(request))).map(toPaymentCard)),
  );

  app.post(
    "/payment/cards",
    { preHandler: requirePlayer, schema: { tags, security, summary: "Save a card (tokenised by the PSP)", body: paymentCardInput, response: { 200: okEnvelope(paymentCard) } } },
    async (request) => {
      const b = request.body;
      const card = await saveCard(ctx, { playerGuid: playerId(request), cardNumber: b.card_number, holder: b.card_holder, expMonth: b.card_exp_month, expYear: b.card_exp_year });
      return ok(request, toPaymentCard(card));
    },
  );

  app.delete(
    "/payment/cards/:guid",
    { preHandler: requirePlayer, schema: { tags, security, summary: "Remove a saved card", params: cardGuidParams, response: { 200: okEnvelope(z.object({ guid: z.uuid() })) } } },
    async (request) => {
      await deleteCard(ctx.db, playerId(request), request.params.guid);
      return ok(request, { guid: request.params.guid });
    },
  );

  app.post(
    "/payments",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Create a deposit (external_provider_data.redirect_url) or a withdrawal with a payment method",
        headers: idempotencyHeader,
        body: createPaymentInput,
        response: { 200: okEnvelope(payment) },
      },
    },
    async (request) => {
      const b = request.body;
      const x = b.extra_data;
      const key = idempotencyKeyOf(request);
      const idempotency = key ? { key, scope: `payments.${b.transaction_type}`, hash: requestHash(`payments.${b.transaction_type}`, { ...x, payment_method_guid: b.payment_method_guid, wallet_guid: b.wallet_guid }) } : null;
      const playerGuid = playerId(request);
      const guid =
        b.transaction_type === "deposit"
          ? (await createDeposit(withRequestPublicUrl(ctx, request), { playerGuid, amount: x.amount, walletGuid: b.wallet_guid, methodGuid: b.payment_method_guid, cardGuid: x.card_guid, returnUrl: x.return_url, declinedUrl: x.declined_url, bonusGuid: x.bonus_guid, idempotency })).paymentGuid
          : await createWithdrawal(ctx, { playerGuid, walletGuid: b.wallet_guid, amount: x.amount, methodGuid: b.payment_method_guid, cardGuid: x.card_guid, externalAccount: x.external_account, network: x.network, destinationTag: x.destination_tag, forfeitBonus: x.forfeit_bonus, idempotency });
      return ok(request, await one(playerGuid, guid));
    },
  );

  app.get(
    "/payments",
    { preHandler: requirePlayer, schema: { tags, security, summary: "The player's payments, newest first (per_page above 200 is clamped)", querystring: paymentsQuery, response: { 200: listEnvelope(payment) } } },
    async (request) => {
      const q = request.query;
      const playerGuid = playerId(request);
      const { items, pager } = await listPayments(ctx.db, { playerGuid, page: q.page, perPage: q.per_page, transactionType: q.transaction_type, status: q.status, ...(await cancelRule(playerGuid)) });
      return list(request, items, pager);
    },
  );

  app.put(
    "/payments/:guid",
    {
      preHandler: requirePlayer,
      schema: { tags, security, summary: "Cancel a pending payment (status: cancelled)", headers: idempotencyHeader, params: paymentGuidParams, body: updatePaymentInput, response: { 200: okEnvelope(payment) } },
    },
    async (request) => {
      const guid = request.params.guid;
      const key = idempotencyKeyOf(request);
      await cancelPayment(ctx, {
        playerGuid: playerId(request),
        paymentGuid: guid,
        idempotency: key ? { key, scope: "payment.cancel", hash: requestHash("payment.cancel", { guid }) } : null,
      });
      return ok(request, await one(playerId(request), guid));
    },
  );
};
