import {
  dailyReport,
  gameReportExportQuery,
  gameReportQuery,
  gameReportRow,
  providerReport,
  reportCurrency,
  REPORT_EXPORT_ROWS_MAX,
  reportRangeQuery,
} from "@croupier/contract/backoffice/reports";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { list, ok } from "../../lib/envelope.ts";
import { exportReport } from "./export-report.ts";
import { getDailyReport } from "./get-daily-report.ts";
import { getGameReport } from "./get-game-report.ts";
import { getProviderReport } from "./get-provider-report.ts";
import { listReportCurrencies } from "./list-report-currencies.ts";
import { DAILY_CSV, GAMES_CSV, PROVIDERS_CSV } from "./report-csv-columns.ts";
import { resolveReportWindow } from "./report-window.ts";

const tags = ["Back office: reports"];
const CSV_DESCRIPTION = "text/csv attachment: a header row, then one row per line (RFC 4180, CRLF).";
const DEFAULT_PER_PAGE = 50;

// Back-office routes of this module, mounted under /api/backoffice/v1 by routes/backoffice-v1.ts.
// Every route declares config.permission (packages/contract/src/staff-permissions.ts).
// Reports read the ledger only; a CSV download is recorded in the audit log ("reports.export").
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { permission: "reports.read" } as const;

  app.get(
    "/reports/currencies",
    {
      config,
      schema: {
        tags,
        summary: "The currencies a report can be asked for",
        response: { 200: okEnvelope(z.array(reportCurrency)) },
      },
    },
    async (request) => ok(request, await listReportCurrencies(db)),
  );

  app.get(
    "/reports/daily",
    {
      config,
      schema: {
        tags,
        summary: "Per day (UTC or tz) and currency: deposits, withdrawals, stakes, wins, GGR, bonus cost, NGR, players",
        querystring: reportRangeQuery,
        response: { 200: okEnvelope(dailyReport) },
      },
    },
    async (request) => ok(request, await getDailyReport(db, await resolveReportWindow(db, request.query))),
  );

  app.get(
    "/reports/daily.csv",
    {
      config,
      schema: {
        tags,
        summary: "The daily report as CSV (audited)",
        querystring: reportRangeQuery,
        description: CSV_DESCRIPTION,
      },
    },
    async (request, reply) => {
      const report = await getDailyReport(db, await resolveReportWindow(db, request.query));
      return exportReport(db, request, reply, {
        report: "daily",
        query: request.query,
        columns: DAILY_CSV,
        rows: report.days,
      });
    },
  );

  app.get(
    "/reports/providers",
    {
      config,
      schema: {
        tags,
        summary: "Stakes, wins, GGR, rounds and players per game provider and currency",
        querystring: reportRangeQuery,
        response: { 200: okEnvelope(providerReport) },
      },
    },
    async (request) => ok(request, await getProviderReport(db, await resolveReportWindow(db, request.query))),
  );

  app.get(
    "/reports/providers.csv",
    {
      config,
      schema: {
        tags,
        summary: "The provider report as CSV (audited)",
        querystring: reportRangeQuery,
        description: CSV_DESCRIPTION,
      },
    },
    async (request, reply) => {
      const report = await getProviderReport(db, await resolveReportWindow(db, request.query));
      return exportReport(db, request, reply, {
        report: "providers",
        query: request.query,
        columns: PROVIDERS_CSV,
        rows: report.rows,
      });
    },
  );

  app.get(
    "/reports/games",
    {
      config,
      schema: {
        tags,
        summary: "Stakes, wins, GGR, rounds and players per game and currency, one page",
        querystring: gameReportQuery,
        response: { 200: listEnvelope(gameReportRow) },
      },
    },
    async (request) => {
      const window = await resolveReportWindow(db, request.query);
      const { rows, pager } = await getGameReport(db, window, {
        provider: request.query.provider,
        sort: request.query.sort ?? "ggr",
        order: request.query.order,
        page: Number(request.query.page ?? 1),
        perPage: Number(request.query.per_page ?? DEFAULT_PER_PAGE),
      });
      return list(request, rows, pager);
    },
  );

  app.get(
    "/reports/games.csv",
    {
      config,
      schema: {
        tags,
        summary: `The game report as CSV (audited; at most ${REPORT_EXPORT_ROWS_MAX} rows)`,
        querystring: gameReportExportQuery,
        description: CSV_DESCRIPTION,
      },
    },
    async (request, reply) => {
      const window = await resolveReportWindow(db, request.query);
      const { rows, pager } = await getGameReport(db, window, {
        provider: request.query.provider,
        sort: request.query.sort ?? "ggr",
        order: request.query.order,
        page: 1,
        perPage: REPORT_EXPORT_ROWS_MAX,
      });
      return exportReport(db, request, reply, {
        report: "games",
        query: request.query,
        columns: GAMES_CSV,
        rows,
        details: { provider: request.query.provider ?? null, truncated: pager.total > rows.length },
      });
    },
  );
};
