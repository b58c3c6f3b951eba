import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Payment } from "@croupier/contract/entities/payment";
import { HISTORY_PER_PAGE, type PaymentHistoryFilters } from "./history-filters";
import { playerApi } from "../../lib/player-api";

export type PaymentsPage = { items: Payment[]; total: number };

/** GET /payments: the player's deposits and withdrawals, newest first. */
export async function fetchPayments(filters: PaymentHistoryFilters, perPage = HISTORY_PER_PAGE, signal?: AbortSignal): Promise<PaymentsPage> {
  const { payload, metadata } = await playerApi().get<Payment[], { total?: number }>("/api/v1/payments", {
    query: { transaction_type: filters.type ?? undefined, status: filters.status ?? undefined, page: filters.page, per_page: perPage },
    signal,
  });
  return { items: payload, total: typeof metadata.total === "number" ? metadata.total : payload.length };
}

export const paymentsRootKey = ["payments", "list"] as const;

export const paymentsQueryOptions = (userId: string | null, filters: PaymentHistoryFilters, perPage = HISTORY_PER_PAGE) =>
  queryOptions({
    queryKey: [...paymentsRootKey, userId, filters, perPage] as const,
    queryFn: ({ signal }) => fetchPayments(filters, perPage, signal),
    enabled: userId !== null,
    staleTime: 0,
  });

/** While a recent payment is pending, the list is asked again so statuses move on their own. */
export const PENDING_REFRESH_MS = 3000;
/** Deposits abandoned on the provider's page stay pending; older ones no longer keep the list polling. */
export const PENDING_WATCH_MS = 15 * 60_000;

export function hasFreshPending(items: readonly Pick<Payment, "status" | "transaction_type" | "created_at">[], now: number): boolean {
  return items.some(
    (p) => p.status === "pending" && (p.transaction_type === "withdrawal" || now - Date.parse(p.created_at) < PENDING_WATCH_MS),
  );
}

export function usePayments(userId: string | null, filters: PaymentHistoryFilters, perPage = HISTORY_PER_PAGE) {
  return useQuery({
    ...paymentsQueryOptions(userId, filters, perPage),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && hasFreshPending(query.state.data.items, Date.now()) ? PENDING_REFRESH_MS : false),
  });
}
