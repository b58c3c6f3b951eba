import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { Pagination } from "../../components/pagination";
import { cx } from "../../lib/cx";
import {
  HISTORY_PER_PAGE,
  historyFiltersFromSearch,
  NO_HISTORY_FILTERS,
  searchFromHistoryFilters,
  STATUS_OPTIONS,
  TYPE_OPTIONS,
  type PaymentHistoryFilters,
} from "./history-filters";
import { PaymentList, PaymentListSkeleton, type CurrencyLookup } from "./payment-list";
import { usePayments } from "./payments-list";

/** /account/wallets/history: deposits and withdrawals with status, type and status filters, pages. */
export function PaymentHistoryView({ userId, currencyOf, onCancelled }: { userId: string | null; currencyOf: CurrencyLookup; onCancelled: () => void }) {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => historyFiltersFromSearch(search), [search]);
  const query = usePayments(userId, filters);
  const total = query.data?.total ?? 0;
  const filtered = filters.type !== null || filters.status !== null;
  const apply = (next: PaymentHistoryFilters) => setSearch(searchFromHistoryFilters(next), { preventScrollReset: true });

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filter transactions">
        <Segmented
          label="Type"
          value={filters.type}
          options={TYPE_OPTIONS}
          onChange={(type) => apply({ ...filters, type, page: 1 })}
        />
        <label className="text-xs text-mist-400">
          Status
          <select
            className="mt-1 block h-9 rounded-lg border border-ink-600 bg-ink-850 px-3 text-sm text-white"
            value={filters.status ?? ""}
            onChange={(e) => apply({ ...filters, status: STATUS_OPTIONS.find((o) => o.value === e.target.value)?.value ?? null, page: 1 })}
          >
            <option value="">All statuses</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {filtered ? (
          <button type="button" className="btn-ghost h-9" onClick={() => apply(NO_HISTORY_FILTERS)}>
            Clear filters
          </button>
        ) : null}
      </div>

      {query.isPending ? (
        <PaymentListSkeleton />
      ) : query.isError ? (
        <EmptyState
          icon="history"
          title="Your transactions could not be loaded"
          action={
            <button type="button" className="btn-ghost" onClick={() => void query.refetch()}>
              Try again
            </button>
          }
        >
          Please try again in a moment.
        </EmptyState>
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon="history"
          title={filtered ? "No transactions match these filters" : "No transactions yet"}
          action={
            filtered ? null : (
              <Link to="/account/wallets/deposit" className="btn-primary">
                Make a deposit
              </Link>
            )
          }
        >
          {filtered ? "Change or clear the filters to see more." : "Your deposits and withdrawals are listed here with their status."}
        </EmptyState>
      ) : (
        <div className={cx("transition-opacity", query.isPlaceholderData && "opacity-60")}>
          <PaymentList label="Transactions" payments={query.data.items} currencyOf={currencyOf} onCancelled={onCancelled} />
        </div>
      )}

      <Pagination page={filters.page} total={total} perPage={HISTORY_PER_PAGE} onPage={(page) => apply({ ...filters, page })} />
    </div>
  );
}

function Segmented<T extends string>({ label, value, options, onChange }: { label: string; value: T | null; options: { value: T; label: string }[]; onChange: (value: T | null) => void }) {
  const all = [{ value: null, label: "All" }, ...options] as { value: T | null; label: string }[];
  return (
    <div className="text-xs text-mist-400">
      {label}
      <div role="radiogroup" aria-label={label} className="mt-1 flex rounded-lg border border-ink-600 bg-ink-850 p-0.5">
        {all.map((o) => (
          <button
            key={o.label}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            onClick={() => onChange(o.value)}
            className={cx("h-8 rounded-md px-3 text-sm font-medium", value === o.value ? "bg-ink-600 text-white" : "text-mist-400 hover:text-white")}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}
