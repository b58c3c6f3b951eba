import { lazy, Suspense, useEffect, useState } from "react";
import { DASHBOARD_RANGES, type DashboardCurrency, type DashboardRange } from "@croupier/contract/entities/account";
import { formatAmount, fractionDigits } from "@croupier/contract/money";
import { EmptyState } from "../../components/empty-state";
import { ModalLink } from "../../components/modal-link";
import { useAuth } from "../../lib/use-auth";
import { useDashboard } from "./dashboard-api";

const NetPositionChart = lazy(() => import("./net-position-chart"));

/** Whether the page has hydrated: the chart renders in the browser only (recharts measures the DOM). */
function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** The player's net position over 7, 30 or 90 days, per currency: summary figures and a chart. */
export function DashboardView() {
  const { userId } = useAuth();
  const [days, setDays] = useState<DashboardRange>(30);
  const query = useDashboard(userId, days);

  return (
    <div className="space-y-5">
      <div role="group" aria-label="Period" className="inline-flex rounded-xl border border-ink-700 bg-ink-900 p-1">
        {DASHBOARD_RANGES.map((range) => (
          <button
            key={range}
            type="button"
            aria-pressed={days === range}
            onClick={() => setDays(range)}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${days === range ? "bg-ink-700 text-white" : "text-mist-400 hover:text-white"}`}
          >
            {range} days
          </button>
        ))}
      </div>
      {query.isError ? (
        <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
          Your figures could not be loaded. Please try again.
        </p>
      ) : query.isPending ? (
        <DashboardSkeleton />
      ) : query.data.currencies.length === 0 ? (
        <EmptyState
          icon="home"
          title="No activity yet"
          action={
            <ModalLink modal="deposit" className="btn-primary">
              Deposit
            </ModalLink>
          }
        >
          Once you deposit and play, your net position (deposits minus withdrawals, stakes minus wins) is charted here.
        </EmptyState>
      ) : (
        query.data.currencies.map((currency) => (
          <CurrencyPosition key={currency.currency_guid} currency={currency} days={days} />
        ))
      )}
    </div>
  );
}

function CurrencyPosition({ currency, days }: { currency: DashboardCurrency; days: DashboardRange }) {
  const mounted = useMounted();
  const code = currency.currency_code;
  // The server sends each figure in its currency's decimals.
  const figure = (value: string) => `${formatAmount(value, fractionDigits(value))} ${code}`;
  const { totals } = currency;
  const figures = [
    { label: "Deposits", value: totals.deposits },
    { label: "Withdrawals", value: totals.withdrawals },
    { label: "Net deposits", value: totals.net_deposits },
    { label: "Stakes", value: totals.stakes },
    { label: "Wins", value: totals.wins },
    { label: "Net loss", value: totals.net_loss },
  ];
  return (
    <section aria-label={`${code} over ${days} days`} className="card space-y-4 p-4" data-testid="dashboard-currency">
      <h2 className="text-lg font-semibold text-white">{code}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((item) => (
          <div key={item.label} className="rounded-xl bg-ink-850 p-3">
            <dt className="text-xs text-mist-400">{item.label}</dt>
            <dd className="mt-1 font-semibold text-white tabular-nums">{figure(item.value)}</dd>
          </div>
        ))}
      </dl>
      <figure>
        <figcaption className="mb-2 text-sm text-mist-400">Running net deposits and net loss per day (UTC)</figcaption>
        <div
          className="h-64"
          role="img"
          data-testid="net-position-chart"
          aria-label={`Line chart of net deposits and net loss per day in ${code} over ${days} days: net deposits ${figure(totals.net_deposits)}, net loss ${figure(totals.net_loss)}.`}
        >
          {mounted ? (
            <Suspense fallback={<ChartSkeleton />}>
              <NetPositionChart days={currency.days} currency={code} />
            </Suspense>
          ) : (
            <ChartSkeleton />
          )}
        </div>
      </figure>
    </section>
  );
}

function ChartSkeleton() {
  return <div className="h-full animate-pulse rounded-xl bg-ink-800" data-testid="chart-skeleton" />;
}

function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Loading your figures" className="card space-y-4 p-4">
      <div className="h-6 w-16 animate-pulse rounded bg-ink-700" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-xl bg-ink-800" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-xl bg-ink-800" />
    </div>
  );
}
