import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useId } from "react";
import { useAuth } from "../../lib/use-auth";
import { CoinCounter } from "./coin-counter";
import { CoinShop, CoinShopSkeleton } from "./coin-shop";
import { LevelCard, LevelCardSkeleton } from "./level-card";
import { useCoinBalance, useCoinShop, useLoyaltyStatus, useMiningSpeed } from "./loyalty-api";
import { coinBalanceKey, miningSpeedKey } from "./loyalty-keys";

function RetryError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-5 text-sm text-mist-300">
      <span>{what} could not be loaded.</span>
      <button type="button" className="btn-ghost h-9 px-3 text-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * The coin page (issue #18): the live coin counter with the mining speed, the loyalty level with its
 * progress bar, and the coin bonuses to buy. `onExchanged` lets the route refresh what a purchase
 * moved outside this feature (the bonus lists, the wallets).
 */
export function CoinPageView({ onExchanged }: { onExchanged?: () => void }) {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const balance = useCoinBalance(userId);
  const speed = useMiningSpeed(userId);
  const status = useLoyaltyStatus(userId);
  const shop = useCoinShop(userId);
  const shopHeading = useId();
  const resync = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: coinBalanceKey(userId) });
    void queryClient.invalidateQueries({ queryKey: miningSpeedKey(userId) });
  }, [queryClient, userId]);

  return (
    <div className="space-y-6">
      <section className="card p-5" aria-label="Coins">
        {balance.data && speed.data ? (
          <CoinCounter balance={balance.data} speed={speed.data} onResync={resync} />
        ) : balance.isError || speed.isError ? (
          <RetryError what="Your coins" onRetry={resync} />
        ) : (
          <div aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-ink-800" data-testid="coin-counter-skeleton" />
        )}
      </section>
      {status.data ? (
        <LevelCard status={status.data} />
      ) : status.isError ? (
        <RetryError what="Your level" onRetry={() => void status.refetch()} />
      ) : (
        <LevelCardSkeleton />
      )}
      <section aria-labelledby={shopHeading} className="space-y-3">
        <h2 id={shopHeading} className="text-lg font-semibold text-white">
          Exchange coins for bonuses
        </h2>
        {shop.data ? (
          <CoinShop items={shop.data} balance={Number(balance.data?.balance ?? 0)} onExchanged={onExchanged} />
        ) : shop.isError ? (
          <RetryError what="The coin bonuses" onRetry={() => void shop.refetch()} />
        ) : (
          <CoinShopSkeleton />
        )}
      </section>
    </div>
  );
}
