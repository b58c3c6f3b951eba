import { queryOptions, useQuery } from "@tanstack/react-query";
import { providerReport, type ProviderReport } from "@croupier/contract/backoffice/reports";
import { staffApi } from "../../lib/staff-api";
import { rangeQuery, type ReportRange } from "./report-range";

/** GET /reports/providers. */
export async function getProviderReport(range: ReportRange, signal?: AbortSignal): Promise<ProviderReport> {
  return (await staffApi().get("/reports/providers", { query: rangeQuery(range), signal, schema: providerReport }))
    .payload;
}

export const providerReportQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: ["backoffice", "reports", "providers", range],
    queryFn: ({ signal }) => getProviderReport(range, signal),
  });

export const useProviderReport = (range: ReportRange, enabled: boolean) =>
  useQuery({ ...providerReportQueryOptions(range), enabled });
