import { queryOptions, useQuery } from "@tanstack/react-query";
import { dailyReport, type DailyReport } from "@croupier/contract/backoffice/reports";
import { staffApi } from "../../lib/staff-api";
import { rangeQuery, type ReportRange } from "./report-range";

/** GET /reports/daily. */
export async function getDailyReport(range: ReportRange, signal?: AbortSignal): Promise<DailyReport> {
  return (await staffApi().get("/reports/daily", { query: rangeQuery(range), signal, schema: dailyReport })).payload;
}

export const dailyReportQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: ["backoffice", "reports", "daily", range],
    queryFn: ({ signal }) => getDailyReport(range, signal),
  });

export const useDailyReport = (range: ReportRange, enabled: boolean) =>
  useQuery({ ...dailyReportQueryOptions(range), enabled });
