import type { CustomerBonus, CustomerBonusStatus } from "@croupier/contract/entities/bonus";
import type { CashbackEstimate } from "@croupier/contract/entities/cashback";
import { compareAmounts, formatAmount, fractionDigits, isDecimal } from "@croupier/contract/money";
import { useId, useState } from "react";
import { Pagination } from "../../components/pagination";
import { useAuth } from "../../lib/use-auth";
import { CASHBACK_PER_PAGE, useCashbackBonuses, useCashbackEstimate } from "./cashback-api";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatDate = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

function money(amount: string | null | undefined, code: string): string {
  if (!isDecimal(amount)) return `0 ${code}`;
  return `${formatAmount(amount, fractionDigits(amount))} ${code}`;
}

const STATUS_LABELS: Record<CustomerBonusStatus, string> = {
  offered: "Waiting for activation",
  active: "Active",
  completed: "Paid out",
  expired: "Expired",
  cancelled: "Cancelled",
  lost: "Lost",
};

/**
 * The player's cashback: for each running cashback period what it would pay if it closed now, and
 * the cashback bonuses received (GET /bonuses/cashback/list). Renders nothing for a visitor, or for
 * a player with neither a running cashback nor a cashback received.
 */
export function CashbackPanel() {
  const { userId } = useAuth();
  const [page, setPage] = useState(1);
  const headingId = useId();
  const estimate = useCashbackEstimate(userId);
  const bonuses = useCashbackBonuses(userId, page);
  if (userId === null) return null;
  if (estimate.isPending || bonuses.isPending)
    return (
      <div role="status" aria-label="Loading your cashback" className="space-y-3">
        <div className="h-6 w-40 animate-pulse rounded bg-ink-800" />
        <div className="h-20 animate-pulse rounded-2xl bg-ink-800" />
      </div>
    );
  if (estimate.isError || bonuses.isError)
    return (
      <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
        Your cashback could not be loaded.{" "}
        <button
          type="button"
          className="font-semibold underline"
          onClick={() => {
            void estimate.refetch();
            void bonuses.refetch();
          }}
        >
          Try again
        </button>
      </p>
    );
  const running = estimate.data;
  const received = bonuses.data;
  if (running.length === 0 && received.pager.total === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-white">
        Cashback
      </h2>
      {running.map((row) => (
        <RunningPeriod key={`${row.bonus_guid}:${row.wallet_guid}`} row={row} />
      ))}
      {received.items.length > 0 ? (
        <ul className="grid gap-3" aria-label="Cashback received">
          {received.items.map((bonus) => (
            <ReceivedCashback key={bonus.guid} bonus={bonus} />
          ))}
        </ul>
      ) : null}
      <Pagination page={page} total={received.pager.total} perPage={CASHBACK_PER_PAGE} onPage={setPage} />
    </section>
  );
}

function RunningPeriod({ row }: { row: CashbackEstimate }) {
  const loss = compareAmounts(row.net_loss, "0") > 0;
  return (
    <div className="rounded-2xl border border-ink-600 bg-ink-800 p-4 text-sm">
      <p className="font-semibold text-white">{row.bonus_name}</p>
      <p className="mt-1 text-mist-300">
        {row.cashback_percent}% of your net loss {row.cashback_period === "daily" ? "today" : "this week"}, paid after{" "}
        {formatDate(row.period_end)}
        {compareAmounts(row.max_bonus_sum, "0") > 0 ? ` (up to ${money(row.max_bonus_sum, row.currency)})` : ""}.
      </p>
      <p className="mt-2 text-white">
        {loss ? (
          <>
            So far: <strong>{money(row.estimate, row.currency)}</strong> cashback on a net loss of {money(row.net_loss, row.currency)}.
          </>
        ) : (
          "No net loss so far in this period: nothing to pay back."
        )}
      </p>
    </div>
  );
}

function ReceivedCashback({ bonus }: { bonus: CustomerBonus }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-ink-600 p-3 text-sm">
      <span className="text-white">
        {bonus.bonus_name}: <strong>{money(bonus.bonus_amount, bonus.currency_code)}</strong>
      </span>
      <span className="text-mist-400">
        {STATUS_LABELS[bonus.status]} · {formatDate(bonus.created_at)}
      </span>
    </li>
  );
}
