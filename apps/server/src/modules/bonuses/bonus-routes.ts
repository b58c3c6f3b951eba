import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BONUS_PER_PAGE_MAX,
  bonusLabel,
  customerBonus,
  customerBonusesQuery,
  hubBonus,
  hubBonusesQuery,
  hubBonusQuery,
  workspaceBonusesQuery,
} from "@croupier/contract/entities/bonus";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { registerCustomerBonusActions } from "./customer-bonus-action-routes.ts";
import { getHubBonus } from "./get-hub-bonus.ts";
import { listBonusLabels } from "./list-bonus-labels.ts";
import { listCustomerBonuses } from "./list-customer-bonuses.ts";
import { listHubBonuses } from "./list-hub-bonuses.ts";
import { listWorkspaceBonuses } from "./list-workspace-bonuses.ts";

const tags = ["bonuses"];
const security = [{ bearerAuth: [] }];
/** Public calls: a bearer token is optional and adds the player's eligibility. */
const optionalSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }, {}];
const noQuery = z.object({});

const pageNote = `per_page defaults to 20; values above ${BONUS_PER_PAGE_MAX} are clamped (metadata.per_page says what was used).`;
const campaignFilterNote =
  "Filters combine with AND: guid (version), bonus_guid, bonus_name (case-insensitive substring), bonus_status, bonus_trigger, bonus_type, deposit_number, segment_guid (offers for that segment or for everyone), from_ts/to_ts (unix seconds or ISO 8601: offers running at some point in the range).";

/** Answers that depend on who asks are private; visitors' answers vary by token presence too. */
function privateAnswer(reply: FastifyReply): void {
  reply.header("cache-control", "private, no-store");
  reply.header("vary", "Authorization");
}

/** The player's bonus calls of seed 001 under /api/v1 (issue #17; registered in routes/api-v1.ts). */
export const bonusRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/bonus",
    {
      schema: {
        tags,
        security: optionalSecurity,
        summary: "One bonus on offer now, at its current version",
        description:
          "bonus_guid is the campaign's stable id. 404 when the campaign is not on offer (draft, scheduled, paused, ended, outside its dates, or for another segment). eligibility is present for a signed-in player.",
        querystring: hubBonusQuery,
        response: { 200: okEnvelope(hubBonus) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const bonus = await getHubBonus(db, {
        bonusGuid: request.query.bonus_guid,
        segmentGuid: request.query.segment_guid,
        playerGuid: request.auth?.userId ?? null,
      });
      return ok(request, bonus);
    },
  );

  app.get(
    "/bonuses/list",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's own bonuses, newest first",
        description: `status takes one status or a comma-separated list (offered, active, completed, expired, cancelled, lost); guid is a customer bonus guid. ${pageNote}`,
        querystring: customerBonusesQuery,
        response: { 200: listEnvelope(customerBonus) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const q = request.query;
      const { items, pager } = await listCustomerBonuses(db, {
        playerGuid: playerId(request),
        filters: { statuses: q.status, bonusType: q.bonus_type, guid: q.guid, currencyGuid: q.currency_guid },
        page: q.page,
        perPage: q.per_page,
      });
      return list(request, items, pager);
    },
  );

  registerCustomerBonusActions(app);

  app.get(
    "/bonus_hub",
    {
      schema: {
        tags,
        security: optionalSecurity,
        summary: "Bonuses on offer now (active, within their dates)",
        description: `${campaignFilterNote} label_guid: offers carrying that label. A signed-in player sees the offers of their segments, each with eligibility; a visitor sees untargeted offers. Deposit offers first in deposit order, then newest first. ${pageNote}`,
        querystring: hubBonusesQuery,
        response: { 200: listEnvelope(hubBonus) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { page, per_page, ...filters } = request.query;
      const { items, pager } = await listHubBonuses(db, {
        filters,
        page,
        perPage: per_page,
        playerGuid: request.auth?.userId ?? null,
      });
      return list(request, items, pager);
    },
  );

  app.get(
    "/bonus_hub/labels",
    {
      schema: {
        tags,
        security: [],
        summary: "Every bonus label, by name",
        querystring: noQuery,
        response: { 200: listEnvelope(bonusLabel) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      const items = await listBonusLabels(db);
      return list(request, items, { page: 1, per_page: Math.max(items.length, 1), total: items.length });
    },
  );

  app.get(
    "/workspace/bonuses",
    {
      schema: {
        tags,
        security: optionalSecurity,
        summary: "The project's bonus campaigns: scheduled, active and paused (never drafts or ended ones)",
        description: `${campaignFilterNote} A signed-in player's rows carry eligibility. ${pageNote}`,
        querystring: workspaceBonusesQuery,
        response: { 200: listEnvelope(hubBonus) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { page, per_page, ...filters } = request.query;
      const { items, pager } = await listWorkspaceBonuses(db, {
        filters,
        page,
        perPage: per_page,
        playerGuid: request.auth?.userId ?? null,
      });
      return list(request, items, pager);
    },
  );
};
