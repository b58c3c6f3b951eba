import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Pager } from "@croupier/contract/envelope";
import type { GameTransaction } from "@croupier/contract/entities/game-transaction";
import { playerApi } from "../../lib/player-api";
import { useAuth } from "../../lib/use-auth";
import { apiQuery, type HistoryFilters } from "./history-filters";

export type TransactionsPage = { items: GameTransaction[]; pager: Pager };

/** GET /games/game-transaction with the history's filters. */
export async function fetchGameTransactions(filters: HistoryFilters, signal?: AbortSignal): Promise<TransactionsPage> {
  const { payload, metadata } = await playerApi().get<GameTransaction[], Pager>("/api/v1/games/game-transaction", {
    query: apiQuery(filters),
    signal,
  });
  return { items: payload, pager: { page: metadata.page, per_page: metadata.per_page, total: metadata.total } };
}

export const gameTransactionsQueryOptions = (userId: string | null, filters: HistoryFilters) =>
  queryOptions({
    queryKey: ["game-history", userId, filters] as const,
    queryFn: ({ signal }) => fetchGameTransactions(filters, signal),
    enabled: userId !== null,
    // A new page or filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useGameTransactions(filters: HistoryFilters) {
  const { authenticated, userId } = useAuth();
  return useQuery(gameTransactionsQueryOptions(authenticated ? userId : null, filters));
}
