import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okEnvelope } from "@croupier/contract/envelope";
import {
  accountDashboard,
  accountHistoryPage,
  dashboardQuery,
  historyQuery,
  type DashboardRange,
} from "@croupier/contract/entities/account";
import { ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { getAccountDashboard } from "./get-account-dashboard.ts";
import { listAccountHistory } from "./list-account-history.ts";

const tags = ["account"];
const security = [{ bearerAuth: [] }];

/** Account dashboard figures and account history (issue #16, ADR 024; registered in routes/api-v1.ts). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/account/dashboard",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's net position per currency and day over 7, 30 or 90 days, from the ledger",
        querystring: dashboardQuery,
        response: { 200: okEnvelope(accountDashboard) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(
        request,
        await getAccountDashboard(db, { userGuid: playerId(request), days: request.query.days as DashboardRange }),
      );
    },
  );

  app.get(
    "/account/history",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary:
          "The player's account events (logins, credential changes, limits, exclusions, documents), newest first",
        querystring: historyQuery,
        response: { 200: okEnvelope(accountHistoryPage) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const { kind, page, per_page } = request.query;
      return ok(request, await listAccountHistory(db, { userGuid: playerId(request), kind, page, perPage: per_page }));
    },
  );
};
