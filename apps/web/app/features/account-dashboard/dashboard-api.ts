import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { AccountDashboard, DashboardRange } from "@croupier/contract/entities/account";
import { playerApi } from "../../lib/player-api";

export const dashboardRootKey = ["account", "dashboard"] as const;

/** GET /account/dashboard: the player's net position per currency and day over the range. */
export async function fetchDashboard(days: DashboardRange, signal?: AbortSignal): Promise<AccountDashboard> {
  const { payload } = await playerApi().get<AccountDashboard>("/api/v1/account/dashboard", { query: { days }, signal });
  return payload;
}

export const dashboardQueryOptions = (userId: string | null, days: DashboardRange) =>
  queryOptions({
    queryKey: [...dashboardRootKey, userId, days] as const,
    queryFn: ({ signal }) => fetchDashboard(days, signal),
    enabled: userId !== null,
    staleTime: 0,
  });

export function useDashboard(userId: string | null, days: DashboardRange) {
  return useQuery({ ...dashboardQueryOptions(userId, days), placeholderData: keepPreviousData });
}

/** After a payment moved money: a mounted dashboard fetches its figures again (others just go stale). */
export function refetchDashboard(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: dashboardRootKey });
}
