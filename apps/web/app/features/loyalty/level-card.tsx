import type { LoyaltyStatus } from "@croupier/contract/entities/loyalty";
import { useId } from "react";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });

/** Shown while the status loads. */
export function LevelCardSkeleton() {
  return <div aria-hidden="true" className="h-36 animate-pulse rounded-2xl bg-ink-800" data-testid="level-card-skeleton" />;
}

/** The player's loyalty level, their USD volume and the bar to the next level. */
export function LevelCard({ status }: { status: LoyaltyStatus }) {
  const headingId = useId();
  const next = status.next_level;
  return (
    <section aria-labelledby={headingId} className="card space-y-3 p-5" data-testid="level-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {status.level_name ? `Level ${status.level}: ${status.level_name}` : "No level yet"}
        </h2>
        {status.coin_multiplier !== "1" ? <span className="text-sm text-gold-400">Coins ×{status.coin_multiplier}</span> : null}
      </div>
      <p className="text-sm text-mist-300">Wagered: {usd.format(Number(status.wagered_usd))}</p>
      {next ? (
        <>
          <div
            role="progressbar"
            aria-label={`Progress to ${next.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={status.progress_percent}
            className="h-2 overflow-hidden rounded-full bg-ink-700"
          >
            <div className="h-full rounded-full bg-gold-400" style={{ width: `${status.progress_percent}%` }} />
          </div>
          <p className="text-sm text-mist-400">
            {status.progress_percent}% of the way to {next.name} ({usd.format(Number(next.threshold_usd))} wagered)
          </p>
        </>
      ) : (
        <p className="text-sm text-mist-400">You have reached the top level.</p>
      )}
    </section>
  );
}
