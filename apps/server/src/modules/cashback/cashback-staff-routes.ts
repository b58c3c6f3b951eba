import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cashbackCampaignParams,
  cashbackCampaignRow,
  cashbackPayoutRow,
  cashbackPayoutsQuery,
  cashbackRunParams,
  cashbackRunRow,
  cashbackRunsQuery,
  closePeriodInput,
} from "@croupier/contract/backoffice/cashback";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { list, ok } from "../../lib/envelope.ts";
import { auditActor } from "../staff/record-audit.ts";
import { closeCashbackPeriodNow } from "./close-cashback-period-now.ts";
import { listCashbackCampaigns } from "./list-cashback-campaigns.ts";
import { listCashbackPayouts } from "./list-cashback-payouts.ts";
import { listCashbackRuns } from "./list-cashback-runs.ts";

const tags = ["Back office: cashback"];

/**
 * Staff: cashback campaigns, their runs and payouts, and "close the period now" (issue #18, ADR 035).
 * Every call needs bonuses.manage (marketing, admin), like the rest of the campaign work; the close
 * is audited in its own transaction.
 */
export const cashbackStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { permission: "bonuses.manage" } as const;

  app.get(
    "/cashback/campaigns",
    {
      config,
      schema: {
        tags,
        summary: "Cashback campaigns (not drafts), newest first, with the running period and the last run's status",
        response: { 200: okEnvelope(z.array(cashbackCampaignRow)) },
      },
    },
    async (request) => ok(request, await listCashbackCampaigns(db)),
  );

  app.get(
    "/cashback/campaigns/:bonus_guid/runs",
    {
      config,
      schema: {
        tags,
        summary: "A cashback campaign's runs, newest period first: period, status, players paid, totals by currency",
        params: cashbackCampaignParams,
        querystring: cashbackRunsQuery,
        response: { 200: listEnvelope(cashbackRunRow) },
      },
    },
    async (request) => {
      const { items, pager } = await listCashbackRuns(db, request.params.bonus_guid, request.query);
      return list(request, items, pager);
    },
  );

  app.post(
    "/cashback/campaigns/:bonus_guid/close-period",
    {
      config,
      schema: {
        tags,
        summary: "Close the running period now: a run ending now, paid by the cashback job; the next period starts there (audited)",
        params: cashbackCampaignParams,
        body: closePeriodInput,
        response: { 200: okEnvelope(cashbackRunRow) },
      },
    },
    async (request) => ok(request, await closeCashbackPeriodNow(db, auditActor(request), request.params.bonus_guid, request.body)),
  );

  app.get(
    "/cashback/runs/:run_guid/payouts",
    {
      config,
      schema: {
        tags,
        summary: "A run's payouts, one per wallet with cash play in the period, largest loss first",
        params: cashbackRunParams,
        querystring: cashbackPayoutsQuery,
        response: { 200: listEnvelope(cashbackPayoutRow) },
      },
    },
    async (request) => {
      const { items, pager } = await listCashbackPayouts(db, request.params.run_guid, request.query);
      return list(request, items, pager);
    },
  );
};
