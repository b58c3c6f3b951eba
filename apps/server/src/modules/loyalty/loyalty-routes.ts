import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { customerBonus, customerBonusesQuery } from "@croupier/contract/entities/bonus";
import {
  coinBalance,
  coinExchangeInput,
  coinExchangeParams,
  coinExchangeResult,
  coinShopItem,
  loyaltyStatus,
  miningSpeed,
} from "@croupier/contract/entities/loyalty";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { listCustomerBonuses } from "../bonuses/list-customer-bonuses.ts";
import { exchangeCoins } from "./exchange-coins.ts";
import { getCoinBalance } from "./get-coin-balance.ts";
import { getLoyaltyStatus } from "./get-loyalty-status.ts";
import { getMiningSpeed } from "./get-mining-speed.ts";
import { listCoinShop } from "./list-coin-shop.ts";

const tags = ["loyalty"];
const security = [{ bearerAuth: [] }];
const noQuery = z.object({});

/** Player: mining speed, loyalty status, coins, the coin shop and coin bonuses (issue #18, ADR 036). */
export const loyaltyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.get(
    "/loyalty/mining/user-speed",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's coin mining speed (seed 001)",
        description:
          "Active speed while the player has staked within the activity window, passive otherwise; both × the level's multiplier × the best segment multiplier. next_accrual_time is null while the player does not mine (never played, or dormant).",
        querystring: noQuery,
        response: { 200: okEnvelope(miningSpeed) },
      },
    },
    async (request) => {
      const { last_accrual_at: _clock, ...speed } = await getMiningSpeed(db, playerId(request));
      return ok(request, speed);
    },
  );

  app.get(
    "/loyalty/status",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's loyalty level, USD volume and progress to the next level",
        querystring: noQuery,
        response: { 200: okEnvelope(loyaltyStatus) },
      },
    },
    async (request) => ok(request, await getLoyaltyStatus(db, playerId(request))),
  );

  app.get(
    "/loyalty/coins",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's coin balance and mining clock",
        description: "The live counter shows balance + (now − last_accrual_at) × speed_per_second until the next accrual.",
        querystring: noQuery,
        response: { 200: okEnvelope(coinBalance) },
      },
    },
    async (request) => ok(request, await getCoinBalance(db, playerId(request))),
  );

  app.get(
    "/loyalty/coin-shop",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Coin bonuses on sale now, cheapest first",
        querystring: noQuery,
        response: { 200: okEnvelope(z.array(coinShopItem)) },
      },
    },
    async (request) => ok(request, await listCoinShop(db, playerId(request))),
  );

  app.get(
    "/bonuses/coin/list",
    {
      preHandler: requirePlayer,
      schema: {
        tags: ["bonuses"],
        security,
        summary: "The player's coin bonuses (bought with coins), newest first",
        description: "As GET /bonuses/list, always of bonus_type coin (another bonus_type answers an empty page).",
        querystring: customerBonusesQuery,
        response: { 200: listEnvelope(customerBonus) },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.bonus_type && q.bonus_type !== "coin") return list(request, [], { page: q.page, per_page: q.per_page, total: 0 });
      const { items, pager } = await listCustomerBonuses(db, {
        playerGuid: playerId(request),
        filters: { statuses: q.status, bonusType: "coin", guid: q.guid, currencyGuid: q.currency_guid },
        page: q.page,
        perPage: q.per_page,
      });
      return list(request, items, pager);
    },
  );

  app.post(
    "/bonuses/coin/exchange/:bonus_guid",
    {
      preHandler: requirePlayer,
      schema: {
        tags: ["bonuses"],
        security,
        summary: "Buy a coin bonus with coins",
        description:
          "One transaction: the bonus is granted and its coin_price debited, or nothing happens. 409 NOT_ENOUGH_MONEY with too few coins, 409 CONFLICT when the bonus cannot be granted (e.g. once per player), 404 for no coin bonus. Idempotent by idempotency_key: a replay answers the first exchange (replayed: true).",
        params: coinExchangeParams,
        body: coinExchangeInput,
        response: { 200: okEnvelope(coinExchangeResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await exchangeCoins(db, {
          playerGuid: playerId(request),
          bonusGuid: request.params.bonus_guid,
          idempotencyKey: request.body.idempotency_key,
          currencyGuid: request.body.currency_guid,
        }),
      ),
  );
};
