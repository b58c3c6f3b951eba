import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BONUS_PER_PAGE_MAX, customerBonus, customerBonusesQuery } from "@croupier/contract/entities/bonus";
import { cashbackEstimate } from "@croupier/contract/entities/cashback";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { estimateCashback } from "./estimate-cashback.ts";
import { listCashbackBonuses } from "./list-cashback-bonuses.ts";

const tags = ["bonuses"];
const security = [{ bearerAuth: [] }];

/** Player: GET /bonuses/cashback/list and the running period's estimate (issue #18, ADR 035). */
export const cashbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/bonuses/cashback/list",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's cashback bonuses, newest first",
        description: `The Customer bonus entity of GET /bonuses/list, cashback bonuses only (a bonus_type other than cashback answers an empty page). status takes one status or a comma-separated list; guid is a customer bonus guid. per_page defaults to 20; values above ${BONUS_PER_PAGE_MAX} are clamped (metadata.per_page says what was used).`,
        querystring: customerBonusesQuery,
        response: { 200: listEnvelope(customerBonus) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const q = request.query;
      const { items, pager } = await listCashbackBonuses(db, {
        playerGuid: playerId(request),
        filters: { statuses: q.status, bonusType: q.bonus_type, guid: q.guid, currencyGuid: q.currency_guid },
        page: q.page,
        perPage: q.per_page,
      });
      return list(request, items, pager);
    },
  );

  app.get(
    "/bonuses/cashback/estimate",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "What each running cashback period would pay the player if it closed now",
        description:
          "Per cashback campaign offered to the player and wallet in a currency it pays in: the period so far, the net cash loss (cash staked minus cash won and refunded; bonus-funded play does not count) and the cashback it would give, truncated and capped as the run will. An estimate: the run at the period's end decides.",
        querystring: z.object({}),
        response: { 200: okEnvelope(z.array(cashbackEstimate)) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(request, await estimateCashback(db, playerId(request)));
    },
  );
};
