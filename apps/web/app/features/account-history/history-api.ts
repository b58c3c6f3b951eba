import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AccountHistoryPage, HistoryKind } from "@croupier/contract/entities/account";
import { playerApi } from "../../lib/player-api";

export const ACCOUNT_HISTORY_PER_PAGE = 20;
export const accountHistoryRootKey = ["account", "history"] as const;

/** GET /account/history: one page of the player's account events, one kind or all. */
export async function fetchAccountHistory(
  kind: HistoryKind | null,
  page: number,
  signal?: AbortSignal,
): Promise<AccountHistoryPage> {
  const { payload } = await playerApi().get<AccountHistoryPage>("/api/v1/account/history", {
    query: { kind: kind ?? undefined, page, per_page: ACCOUNT_HISTORY_PER_PAGE },
    signal,
  });
  return payload;
}

export const accountHistoryQueryOptions = (userId: string | null, kind: HistoryKind | null, page: number) =>
  queryOptions({
    queryKey: [...accountHistoryRootKey, userId, kind, page] as const,
    queryFn: ({ signal }) => fetchAccountHistory(kind, page, signal),
    enabled: userId !== null,
    staleTime: 0,
  });

export function useAccountHistory(userId: string | null, kind: HistoryKind | null, page: number) {
  return useQuery({ ...accountHistoryQueryOptions(userId, kind, page), placeholderData: keepPreviousData });
}
