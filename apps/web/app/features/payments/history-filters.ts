import type { PaymentStatus } from "@croupier/contract/entities/payment";

export const HISTORY_PER_PAGE = 20;
const TYPES = ["deposit", "withdrawal"] as const;
const STATUSES = ["pending", "successful", "failed", "cancelled"] as const;

export type HistoryType = (typeof TYPES)[number];
export type PaymentHistoryFilters = { type: HistoryType | null; status: PaymentStatus | null; page: number };

export const NO_HISTORY_FILTERS: PaymentHistoryFilters = { type: null, status: null, page: 1 };

/** The page's filters from its address (?type=&status=&page=); unknown values are ignored. */
export function historyFiltersFromSearch(search: URLSearchParams): PaymentHistoryFilters {
  const type = search.get("type");
  const status = search.get("status");
  const page = Number(search.get("page"));
  return {
    type: TYPES.find((t) => t === type) ?? null,
    status: STATUSES.find((s) => s === status) ?? null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address for filters: only what is set, page 1 left out. */
export function searchFromHistoryFilters(filters: PaymentHistoryFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.type) search.set("type", filters.type);
  if (filters.status) search.set("status", filters.status);
  if (filters.page > 1) search.set("page", String(filters.page));
  return search;
}

/** The player-facing word for a payment's status ("Paid" for a successful withdrawal). */
export function statusLabel(type: HistoryType, status: PaymentStatus): string {
  if (status === "pending") return type === "withdrawal" ? "Pending" : "Awaiting payment";
  if (status === "successful") return type === "withdrawal" ? "Paid" : "Credited";
  if (status === "failed") return type === "withdrawal" ? "Failed (refunded)" : "Failed";
  return "Cancelled";
}

export const TYPE_OPTIONS: { value: HistoryType; label: string }[] = [
  { value: "deposit", label: "Deposits" },
  { value: "withdrawal", label: "Withdrawals" },
];
export const STATUS_OPTIONS: { value: PaymentStatus; label: string }[] = [
  { value: "pending", label: "Pending" },
  { value: "successful", label: "Successful" },
  { value: "failed", label: "Failed" },
  { value: "cancelled", label: "Cancelled" },
];
