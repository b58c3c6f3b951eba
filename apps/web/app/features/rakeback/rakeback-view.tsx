import type { RakebackBalance, RakebackClaim } from "@croupier/contract/entities/rakeback";
import { ResponseError } from "@croupier/contract/api-client";
import { formatAmount } from "@croupier/contract/money";
import { useId, useState, type ReactNode } from "react";
import { EmptyState } from "../../components/empty-state";
import { ModalLink } from "../../components/modal-link";
import { Pagination } from "../../components/pagination";
import { toastError, toastSuccess } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";
import { CLAIMS_PER_PAGE, useClaimRakeback, useRakebackBalances, useRakebackClaims } from "./rakeback-api";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatDate = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/** An amount as the server sent it (already truncated to the currency's decimals), grouped, with its code. */
export function formatRakeback(amount: string, code: string): string {
  const decimals = amount.includes(".") ? amount.split(".")[1]!.length : 0;
  return `${formatAmount(amount, decimals)} ${code}`;
}

/** One key per claim attempt (getRandomValues: crypto.randomUUID needs a secure context). */
function attemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function failureMessage(error: unknown): string | null {
  if (error instanceof ResponseError) return error.handled ? null : error.message || "Your rakeback could not be claimed.";
  return "No connection. Check your network and try again.";
}

/**
 * The bonus hub's rakeback page (GET /bonuses/rakeback, /bonuses/rakeback/claims): per currency what
 * is available now with a Claim button, the rates by game class of the running campaign, the totals,
 * and the history of claims. `onMoneyMoved` refreshes what a claim changed outside this feature
 * (the wallets; a bonus payout also shows up in my bonuses).
 */
export function RakebackView({ onMoneyMoved }: { onMoneyMoved?: () => void }) {
  const { authenticated, userId } = useAuth();
  const [page, setPage] = useState(1);
  const balances = useRakebackBalances(userId);
  const claims = useRakebackClaims(userId, page);

  if (!authenticated)
    return (
      <EmptyState icon="percent" title="Log in to see your rakeback" action={<ModalLink modal="login" className="btn-primary">Log in</ModalLink>}>
        Rakeback builds up from your stakes while you play; what you have earned is shown here, ready to claim.
      </EmptyState>
    );
  if (balances.isError || claims.isError)
    return (
      <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
        Your rakeback could not be loaded.{" "}
        <button
          type="button"
          className="font-semibold underline"
          onClick={() => {
            void balances.refetch();
            void claims.refetch();
          }}
        >
          Try again
        </button>
      </div>
    );
  if (balances.isPending || claims.isPending) return <RakebackSkeleton />;

  if (balances.data.length === 0 && claims.data.pager.total === 0)
    return (
      <EmptyState icon="percent" title="No rakeback yet">
        Rakeback builds up from your stakes while you play; what you have earned is shown here, ready to claim.
      </EmptyState>
    );

  return (
    <div className="space-y-8">
      {balances.data.length > 0 ? (
        <Section title="Your rakeback">
          {balances.data.map((balance) => (
            <BalanceCard key={balance.wallet_guid} balance={balance} onMoneyMoved={onMoneyMoved} />
          ))}
        </Section>
      ) : (
        <p className="rounded-xl border border-dashed border-ink-600 p-4 text-sm text-mist-400">No rakeback offer is running for your currencies now.</p>
      )}
      <ClaimHistory items={claims.data.items} total={claims.data.pager.total} page={page} onPage={setPage} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <div className="grid gap-4">{children}</div>
    </section>
  );
}

function BalanceCard({ balance, onMoneyMoved }: { balance: RakebackBalance; onMoneyMoved?: () => void }) {
  const headingId = useId();
  const code = balance.currency;
  const campaign = balance.campaign;
  return (
    <article aria-labelledby={headingId} data-testid="rakeback-balance" className="card space-y-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-white">
            Rakeback in {code}
          </h3>
          {campaign ? <p className="text-sm text-mist-400">{campaign.bonus_name}</p> : null}
        </div>
        <ClaimButton balance={balance} onMoneyMoved={onMoneyMoved} />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Available now" value={formatRakeback(balance.available, code)} testId="rakeback-available" />
        <Stat label="Earned in total" value={formatRakeback(balance.total_accrued, code)} />
        <Stat label="Claimed in total" value={formatRakeback(balance.total_claimed, code)} />
        <Stat
          label="Last claim"
          value={balance.last_claim_amount ? formatRakeback(balance.last_claim_amount, code) : "Not yet"}
          hint={balance.last_claim_at ? formatDate(balance.last_claim_at) : undefined}
        />
      </dl>
      {campaign ? (
        <div>
          <h4 className="text-sm font-semibold text-mist-100">Rates</h4>
          <ul aria-label={`Rakeback rates in ${code}`} className="mt-2 flex flex-wrap gap-2 text-sm">
            <li className="rounded-full bg-ink-700 px-3 py-1 text-mist-100">
              Slots: <strong className="text-white">{campaign.slots_percent}%</strong> of every stake
            </li>
            <li className="rounded-full bg-ink-700 px-3 py-1 text-mist-100">
              Live casino: <strong className="text-white">{campaign.live_percent}%</strong> of every stake
            </li>
          </ul>
          <p className="mt-2 text-xs text-mist-400">
            {campaign.payout === "cash"
              ? "Paid as cash you can withdraw."
              : `Paid as a bonus with ${campaign.bonus_wager}× wagering.`}{" "}
            Real-money stakes only; free spins and bonus money earn nothing. New stakes show up within a few seconds.
          </p>
        </div>
      ) : (
        <p className="text-sm text-mist-400">No rakeback offer is running for {code} now; what you earned stays yours to claim.</p>
      )}
    </article>
  );
}

function ClaimButton({ balance, onMoneyMoved }: { balance: RakebackBalance; onMoneyMoved?: () => void }) {
  const claim = useClaimRakeback(onMoneyMoved);
  // One key per attempt: a retried request reuses it, a new click after an answer makes a new one.
  const [attempt, setAttempt] = useState(attemptKey);
  const onClaim = () => {
    claim.mutateAsync({ walletGuid: balance.wallet_guid, attempt }).then(
      (result: RakebackClaim) => {
        setAttempt(attemptKey());
        toastSuccess(
          result.payout === "cash"
            ? `${formatRakeback(result.amount, result.currency)} of rakeback was added to your balance.`
            : `${formatRakeback(result.amount, result.currency)} of rakeback was granted as a bonus. Find it in My bonuses.`,
        );
      },
      (error: unknown) => {
        // No answer (network): the claim may have been paid, so the next click repeats this key.
        if (error instanceof ResponseError) setAttempt(attemptKey());
        const message = failureMessage(error);
        if (message) toastError(message);
      },
    );
  };
  const reasonId = useId();
  return (
    <div className="text-right">
      <button
        type="button"
        className="btn-primary"
        disabled={!balance.claimable || claim.isPending}
        aria-busy={claim.isPending}
        aria-describedby={balance.reason ? reasonId : undefined}
        onClick={onClaim}
      >
        {claim.isPending ? "Claiming…" : balance.claimable ? `Claim ${formatRakeback(balance.available, balance.currency)}` : "Claim"}
      </button>
      {balance.reason ? (
        <p id={reasonId} className="mt-1 text-xs text-mist-400">
          {balance.reason}
        </p>
      ) : null}
    </div>
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

function ClaimHistory({ items, total, page, onPage }: { items: RakebackClaim[]; total: number; page: number; onPage: (page: number) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-white">
        Claims
      </h2>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-600 p-4 text-sm text-mist-400">Your claims appear here.</p>
      ) : (
        <ul aria-label="Past claims" className="divide-y divide-ink-700 overflow-hidden rounded-2xl border border-ink-700">
          {items.map((claim) => (
            <li key={claim.guid} data-testid="rakeback-claim" className="flex flex-wrap items-center justify-between gap-3 bg-ink-850 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-white tabular-nums">{formatRakeback(claim.amount, claim.currency)}</p>
                <p className="text-xs text-mist-400">
                  {claim.bonus_name} · <time dateTime={claim.created_at}>{formatDate(claim.created_at)}</time>
                </p>
              </div>
              <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs font-semibold text-mist-100">
                {claim.payout === "cash" ? "Paid as cash" : "Paid as a bonus"}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} perPage={CLAIMS_PER_PAGE} onPage={onPage} />
    </section>
  );
}

function RakebackSkeleton() {
  return (
    <div role="status" aria-label="Loading your rakeback" className="space-y-4">
      <div className="h-48 animate-pulse rounded-2xl bg-ink-800" />
      <div className="h-24 animate-pulse rounded-2xl bg-ink-800" />
    </div>
  );
}
