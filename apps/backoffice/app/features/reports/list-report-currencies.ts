import { queryOptions, useQuery } from "@tanstack/react-query";
import { reportCurrencies, type ReportCurrency } from "@croupier/contract/backoffice/reports";
import { staffApi } from "../../lib/staff-api";

/** GET /reports/currencies: the picker's options and each currency's decimals. */
export async function listReportCurrencies(signal?: AbortSignal): Promise<ReportCurrency[]> {
  return (await staffApi().get("/reports/currencies", { signal, schema: reportCurrencies })).payload;
}

export const reportCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: ["backoffice", "reports", "currencies"],
    queryFn: ({ signal }) => listReportCurrencies(signal),
    staleTime: 3_600_000,
  });

export const useReportCurrencies = () => useQuery(reportCurrenciesQueryOptions());
