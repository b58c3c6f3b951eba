import {
  CANCEL_BONUS_CONFIRMATION,
  FINISHED_CUSTOMER_BONUS_STATUSES,
  OPEN_CUSTOMER_BONUS_STATUSES,
  type CustomerBonus,
  type CustomerBonusStatus,
} from "@croupier/contract/entities/bonus";
import { ResponseError } from "@croupier/contract/api-client";
import { isZeroAmount } from "@croupier/contract/money";
import { AlertDialog } from "radix-ui";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { ModalLink } from "../../components/modal-link";
import { Pagination } from "../../components/pagination";
import { toastError, toastSuccess } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";
import { BonusTermsList, formatBonusMoney, LabelChip } from "./bonus-display";
import { noteOwnBonusAction } from "./bonus-events";
import { customerBonusRows } from "./bonus-terms";
import {
  HISTORY_PER_PAGE,
  OPEN_PER_PAGE,
  useActivateCustomerBonus,
  useCancelCustomerBonus,
  useCustomerBonuses,
} from "./bonuses-api";
import { formatRemaining, useCountdown } from "./use-countdown";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatDate = (iso: string | null) => (iso ? `${dateTime.format(new Date(iso))} UTC` : "");

const STATUS_LABELS: Record<CustomerBonusStatus, string> = {
  offered: "Waiting for activation",
  active: "Active",
  completed: "Completed",
  expired: "Expired",
  cancelled: "Cancelled",
  lost: "Lost",
};

function failureMessage(error: unknown, fallback: string): string | null {
  if (error instanceof ResponseError) return error.handled ? null : error.message || fallback;
  return "No connection. Check your network and try again.";
}

/**
 * The player's bonuses (GET /bonuses/list): the active one with its wagering progress, bonus
 * balance, expiry countdown and free spins, a Cancel that first says what is forfeited; offers
 * waiting for activation with their deadline and full terms before Activate; and a paged history.
 * `onMoneyMoved` refreshes what activation or cancellation changed outside this feature (wallets).
 */
export function MyBonusesView({ onMoneyMoved }: { onMoneyMoved?: () => void }) {
  const { authenticated, userId } = useAuth();
  const [historyPage, setHistoryPage] = useState(1);
  const open = useCustomerBonuses(userId, { status: OPEN_CUSTOMER_BONUS_STATUSES, page: 1, per_page: OPEN_PER_PAGE });
  const history = useCustomerBonuses(userId, { status: FINISHED_CUSTOMER_BONUS_STATUSES, page: historyPage, per_page: HISTORY_PER_PAGE });

  if (!authenticated)
    return (
      <EmptyState icon="star" title="Log in to see your bonuses" action={<ModalLink modal="login" className="btn-primary">Log in</ModalLink>}>
        Your active and pending bonuses, with wagering progress, appear here.
      </EmptyState>
    );
  if (open.isError || history.isError)
    return (
      <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
        Your bonuses could not be loaded.{" "}
        <button
          type="button"
          className="font-semibold underline"
          onClick={() => {
            void open.refetch();
            void history.refetch();
          }}
        >
          Try again
        </button>
      </div>
    );
  if (open.isPending || history.isPending) return <BonusesSkeleton />;

  const active = open.data.items.filter((bonus) => bonus.status === "active");
  const offered = open.data.items.filter((bonus) => bonus.status === "offered");
  if (active.length === 0 && offered.length === 0 && history.data.pager.total === 0)
    return (
      <EmptyState
        icon="star"
        title="No bonuses yet"
        action={
          <Link to="/bonus-hub/promo" className="btn-primary">
            See promotions
          </Link>
        }
      >
        Bonuses you receive or activate appear here with their wagering progress and expiry.
      </EmptyState>
    );

  return (
    <div className="space-y-8">
      <Section title="Active bonus" empty={active.length === 0 ? "No active bonus. Activate one below or claim a promotion." : null}>
        {active.map((bonus) => (
          <ActiveBonusCard key={bonus.guid} bonus={bonus} onMoneyMoved={onMoneyMoved} />
        ))}
      </Section>
      {offered.length > 0 ? (
        <Section title="Waiting for activation">
          {offered.map((bonus) => (
            <OfferedBonusCard key={bonus.guid} bonus={bonus} blocked={active.some((a) => a.wallet_guid === bonus.wallet_guid)} onMoneyMoved={onMoneyMoved} />
          ))}
        </Section>
      ) : null}
      <HistorySection
        items={history.data.items}
        total={history.data.pager.total}
        page={historyPage}
        onPage={setHistoryPage}
      />
    </div>
  );
}

function Section({ title, empty, children }: { title: string; empty?: string | null; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {empty ? <p className="rounded-xl border border-dashed border-ink-600 p-4 text-sm text-mist-400">{empty}</p> : <div className="grid gap-4">{children}</div>}
    </section>
  );
}

function BonusHeading({ bonus, id }: { bonus: CustomerBonus; id: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 id={id} className="text-base font-semibold text-white">
        {bonus.bonus_name}
      </h3>
      <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs text-mist-300">{bonus.currency_code}</span>
      {bonus.labels.map((label) => (
        <LabelChip key={label.guid} label={label} />
      ))}
    </div>
  );
}

function FullTerms({ bonus }: { bonus: CustomerBonus }) {
  return (
    <details className="rounded-xl border border-ink-700 bg-ink-900/50 px-4 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-mist-100">Bonus terms</summary>
      <div className="mt-3 space-y-3">
        <BonusTermsList rows={customerBonusRows(bonus)} />
        {bonus.terms ? <p className="whitespace-pre-line text-mist-300">{bonus.terms}</p> : null}
      </div>
    </details>
  );
}

function ActiveBonusCard({ bonus, onMoneyMoved }: { bonus: CustomerBonus; onMoneyMoved?: () => void }) {
  const headingId = useId();
  const remaining = useCountdown(bonus.wagering_expiration_date);
  const code = bonus.currency_code;
  const wagerLeft = formatBonusMoney(bonus.wager_left, code);
  const spins = bonus.bonus_type === "free_spins" || bonus.free_spins_left > 0;
  return (
    <article aria-labelledby={headingId} data-testid="active-bonus" className="card space-y-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <BonusHeading bonus={bonus} id={headingId} />
        <CancelBonusButton bonus={bonus} onMoneyMoved={onMoneyMoved} />
      </div>
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span className="text-mist-300">Wagering</span>
          <span className="font-semibold text-white tabular-nums">{bonus.progress_percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={`Wagering progress: ${bonus.bonus_name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={bonus.progress_percent}
          aria-valuetext={`${bonus.progress_percent}% wagered, ${wagerLeft} left to wager`}
          className="h-2.5 overflow-hidden rounded-full bg-ink-700"
        >
          <div className="h-full rounded-full bg-linear-to-r from-gold-500 to-gold-300" style={{ width: `${bonus.progress_percent}%` }} />
        </div>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Left to wager" value={wagerLeft} hint={`of ${formatBonusMoney(bonus.wager_amount, code)}`} testId="wager-left" />
        <Stat label="Bonus balance" value={formatBonusMoney(bonus.bonus_balance, code)} testId="bonus-balance" />
        <Stat
          label="Expires in"
          value={
            bonus.wagering_expiration_date ? (
              <span role="timer" aria-live="off">
                {formatRemaining(remaining)}
              </span>
            ) : (
              "No deadline"
            )
          }
          hint={formatDate(bonus.wagering_expiration_date)}
          testId="expires-in"
        />
        {spins ? <Stat label="Free spins left" value={String(bonus.free_spins_left)} testId="free-spins-left" /> : null}
      </dl>
      {bonus.deferred ? <p className="text-sm text-mist-300">Your bonus money is held until your next deposit.</p> : null}
      <FullTerms bonus={bonus} />
    </article>
  );
}

function Stat({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-ink-800 p-3" data-testid={testId}>
      <dt className="text-mist-400">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-white tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-mist-400">{hint}</dd> : null}
    </div>
  );
}

function CancelBonusButton({ bonus, onMoneyMoved }: { bonus: CustomerBonus; onMoneyMoved?: () => void }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelCustomerBonus(onMoneyMoved);
  const onConfirm = () => {
    noteOwnBonusAction(bonus.guid, "cancelled");
    cancel.mutateAsync(bonus.guid).then(
      (result) => {
        setOpen(false);
        const lost = result.forfeited_amount && !isZeroAmount(result.forfeited_amount) ? ` ${formatBonusMoney(result.forfeited_amount, result.currency_code)} of bonus money was removed.` : "";
        toastSuccess(`Bonus cancelled: ${bonus.bonus_name}.${lost}`);
      },
      (error: unknown) => {
        setOpen(false);
        const message = failureMessage(error, "The bonus could not be cancelled.");
        if (message) toastError(message);
      },
    );
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <AlertDialog.Trigger className="btn-ghost h-9 px-3 text-sm">Cancel bonus</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-modal w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-white">Cancel {bonus.bonus_name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 space-y-2 text-sm text-mist-300">
            <span className="block">{CANCEL_BONUS_CONFIRMATION}</span>
            <span className="block">
              You lose your bonus balance of <strong className="text-white">{formatBonusMoney(bonus.bonus_balance, bonus.currency_code)}</strong>
              {bonus.free_spins_left > 0 ? ` and ${bonus.free_spins_left} free spins` : ""}. Your cash balance stays as it is.
            </span>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-ghost" disabled={cancel.isPending}>
              Keep my bonus
            </AlertDialog.Cancel>
            <button type="button" className="btn bg-ruby-600 text-white hover:bg-ruby-500" disabled={cancel.isPending} onClick={onConfirm}>
              {cancel.isPending ? "Cancelling…" : "Cancel bonus and forfeit"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function OfferedBonusCard({ bonus, blocked, onMoneyMoved }: { bonus: CustomerBonus; blocked: boolean; onMoneyMoved?: () => void }) {
  const headingId = useId();
  const remaining = useCountdown(bonus.activation_expiration_date);
  const amount =
    bonus.bonus_type === "free_spins"
      ? `${bonus.free_spin_count} free spins`
      : formatBonusMoney(bonus.bonus_amount, bonus.currency_code);
  return (
    <article aria-labelledby={headingId} data-testid="offered-bonus" className="card space-y-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <BonusHeading bonus={bonus} id={headingId} />
          <p className="text-xl font-bold text-gold-400">{amount}</p>
        </div>
        <ActivateBonusButton bonus={bonus} blocked={blocked} onMoneyMoved={onMoneyMoved} />
      </div>
      {bonus.activation_expiration_date ? (
        <p className="text-sm text-mist-300">
          Activate by {formatDate(bonus.activation_expiration_date)}{" "}
          <span className="text-mist-400">
            (<span role="timer" aria-live="off">{formatRemaining(remaining)}</span> left)
          </span>
        </p>
      ) : null}
      {bonus.auto_enabled ? <p className="text-sm text-mist-400">It activates automatically when your wallet is free.</p> : null}
      {blocked ? <p className="text-sm text-mist-400">You can activate it once your active bonus in {bonus.currency_code} is finished or cancelled.</p> : null}
      <FullTerms bonus={bonus} />
    </article>
  );
}

/** Activation shows the full terms first (required in gb; the same everywhere). */
function ActivateBonusButton({ bonus, blocked, onMoneyMoved }: { bonus: CustomerBonus; blocked: boolean; onMoneyMoved?: () => void }) {
  const [open, setOpen] = useState(false);
  const activate = useActivateCustomerBonus(onMoneyMoved);
  const onConfirm = () => {
    noteOwnBonusAction(bonus.guid, "activated");
    activate.mutateAsync(bonus.guid).then(
      () => {
        setOpen(false);
        toastSuccess(`Your bonus is active: ${bonus.bonus_name}`);
      },
      (error: unknown) => {
        setOpen(false);
        const message = failureMessage(error, "The bonus could not be activated.");
        if (message) toastError(message);
      },
    );
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !activate.isPending && setOpen(next)}>
      <AlertDialog.Trigger className="btn-primary h-9 px-4 text-sm" disabled={blocked}>
        Activate
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-modal max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-white">Activate {bonus.bonus_name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-mist-300">
            Read the terms below. Once active, your bets count towards wagering and withdrawing before it is finished cancels the bonus.
          </AlertDialog.Description>
          <div className="mt-4 space-y-3">
            <BonusTermsList rows={customerBonusRows(bonus)} />
            {bonus.terms ? (
              <div className="max-h-60 overflow-y-auto rounded-xl border border-ink-700 bg-ink-900/50 p-3 text-sm whitespace-pre-line text-mist-300" tabIndex={0} aria-label="Full terms">
                {bonus.terms}
              </div>
            ) : null}
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-ghost" disabled={activate.isPending}>
              Not now
            </AlertDialog.Cancel>
            <button type="button" className="btn-primary" disabled={activate.isPending} onClick={onConfirm}>
              {activate.isPending ? "Activating…" : "Accept terms and activate"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function HistorySection({ items, total, page, onPage }: { items: CustomerBonus[]; total: number; page: number; onPage: (page: number) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-white">
        History
      </h2>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-600 p-4 text-sm text-mist-400">Finished bonuses appear here.</p>
      ) : (
        <ul aria-label="Past bonuses" className="divide-y divide-ink-700 overflow-hidden rounded-2xl border border-ink-700">
          {items.map((bonus) => (
            <li key={bonus.guid} data-testid="past-bonus" className="flex flex-wrap items-center justify-between gap-3 bg-ink-850 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-white">{bonus.bonus_name}</p>
                <p className="text-xs text-mist-400">
                  {formatBonusMoney(bonus.bonus_amount, bonus.currency_code)}
                  {bonus.finished_at ? <> · <time dateTime={bonus.finished_at}>{formatDate(bonus.finished_at)}</time></> : null}
                </p>
              </div>
              <div className="text-right">
                <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs font-semibold text-mist-100">{STATUS_LABELS[bonus.status]}</span>
                <p className="mt-1 text-xs text-mist-400">{outcome(bonus)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} perPage={HISTORY_PER_PAGE} onPage={onPage} />
    </section>
  );
}

function outcome(bonus: CustomerBonus): string {
  if (bonus.status === "completed") return `${formatBonusMoney(bonus.converted_amount ?? "0", bonus.currency_code)} moved to cash`;
  if (bonus.forfeited_amount && !isZeroAmount(bonus.forfeited_amount)) return `${formatBonusMoney(bonus.forfeited_amount, bonus.currency_code)} forfeited`;
  return "Nothing forfeited";
}

function BonusesSkeleton() {
  return (
    <div role="status" aria-label="Loading your bonuses" className="space-y-4">
      <div className="h-56 animate-pulse rounded-2xl bg-ink-800" />
      <div className="h-24 animate-pulse rounded-2xl bg-ink-800" />
      <div className="h-24 animate-pulse rounded-2xl bg-ink-800" />
    </div>
  );
}
