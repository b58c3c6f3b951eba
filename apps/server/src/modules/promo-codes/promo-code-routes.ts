import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  activatePromoCodeBody,
  customerPromoCode,
  customerPromoCodesQuery,
  enrichPromoCodesBody,
  promoCode,
  promoCodeActivation,
  PROMO_CODES_ENRICH_MAX,
  PROMO_CODES_PER_PAGE_MAX,
} from "@croupier/contract/entities/promo-code";
import { errorEnvelope, listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { z } from "zod";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { activatePromoCode } from "./activate-promo-code.ts";
import { enrichPromoCodes } from "./enrich-promo-codes.ts";
import { listCustomerPromoCodes } from "./list-customer-promo-codes.ts";
import { PromoRateLimitedError } from "./promo-attempt-limits.ts";

const tags = ["promo codes"];
const security = [{ bearerAuth: [] }];
// A code and nothing else; enrich carries at most 50 guids.
const bodyLimit = 4 * 1024;

/** Player: POST /promocodes/activate, POST /promocodes/enrich, GET /promocodes (issue #18, ADR 034). */
export const promoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.database;

  app.post(
    "/promocodes/activate",
    {
      preHandler: requirePlayer,
      bodyLimit,
      schema: {
        tags,
        security,
        summary: "Redeem a promo code",
        description:
          "Grants the code's campaign to the player's active wallet (a deposit-match code stays pending until the next " +
          "qualifying deposit). Repeating a code the player already redeemed answers the same result with repeated: true " +
          "(nothing granted or counted twice). Refusals: PROMO_CODE_UNKNOWN 404, PROMO_CODE_EXPIRED 409 (ended, not started " +
          "or disabled), PROMO_CODE_USED_UP 409, PROMO_CODE_ALREADY_USED 409 (a code of this offer was already redeemed), " +
          "PROMO_CODE_NOT_FOR_YOU 403, BONUS_INELIGIBLE 409. Refusals are counted per player (10) and per address (30) " +
          "in 15 minutes; past that every redemption answers 429 RATE_LIMITED with Retry-After and metadata.retry_after_s.",
        body: activatePromoCodeBody,
        response: { 200: okEnvelope(promoCodeActivation), 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      try {
        const result = await activatePromoCode(database, {
          playerGuid: playerId(request),
          code: request.body.code,
          address: request.ip ?? null,
        });
        return ok(request, result);
      } catch (error) {
        if (!(error instanceof PromoRateLimitedError)) throw error;
        reply.header("retry-after", String(error.retry_after_s));
        return reply.code(429).send({
          status: "error" as const,
          payload: { code: error.code, message: error.message },
          metadata: { request_id: request.id, retry_after_s: error.retry_after_s },
        });
      }
    },
  );

  app.post(
    "/promocodes/enrich",
    {
      preHandler: requirePlayer,
      bodyLimit,
      schema: {
        tags,
        security,
        summary: "Promo code details for promo code guids the player redeemed",
        description: `At most ${PROMO_CODES_ENRICH_MAX} guids; guids of codes the player never redeemed are left out.`,
        body: enrichPromoCodesBody,
        response: { 200: okEnvelope(z.array(promoCode)) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(request, await enrichPromoCodes(database.db, { playerGuid: playerId(request), guids: request.body.guids }));
    },
  );

  app.get(
    "/promocodes",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's redeemed promo codes, newest first",
        description: `per_page defaults to 20; values above ${PROMO_CODES_PER_PAGE_MAX} are clamped.`,
        querystring: customerPromoCodesQuery,
        response: { 200: listEnvelope(customerPromoCode) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const { items, pager } = await listCustomerPromoCodes(database.db, {
        playerGuid: playerId(request),
        page: request.query.page,
        perPage: request.query.per_page,
      });
      return list(request, items, pager);
    },
  );
};
