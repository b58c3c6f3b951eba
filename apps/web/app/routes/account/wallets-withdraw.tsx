import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { RecentWithdrawals } from "../../features/payments/recent-withdrawals";
import { WithdrawPanel } from "../../features/payments/withdraw-panel";
import { useProfile } from "../../features/identity/profile";
import { refetchWallets } from "../../features/wallet/balance-events";
import { useCurrencies } from "../../features/wallet/currencies";
import { useWallets } from "../../features/wallet/wallets";
import { useAuth } from "../../lib/use-auth";

export function meta() {
  return [{ title: "Withdraw · My account · Croupier" }];
}

/** /account/wallets/withdraw: cash out of the active wallet, and the last withdrawals with their status. */
export default function WalletsWithdraw() {
  const { userId } = useAuth();
  const { active, loading } = useWallets();
  const { currencies } = useCurrencies();
  const profile = useProfile().data;
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void refetchWallets(queryClient), [queryClient]);
  const currencyOf = useCallback((guid: string) => currencies.find((c) => c.guid === guid) ?? null, [currencies]);
  return (
    <>
      <PageHeader title="Withdraw" description="Withdraw cash from your active wallet. Bonus money cannot be withdrawn." />
      <div className="flex max-w-2xl flex-col gap-8">
        <section className="card p-5 tablet:p-6" aria-label="Withdraw">
          <WithdrawPanel userId={userId} wallet={active} walletsLoading={loading} profile={profile} onRequested={refresh} />
        </section>
        <section aria-labelledby="recent-withdrawals" className="space-y-3">
          <div className="flex items-center justify-between">
            <h2 id="recent-withdrawals" className="text-lg font-semibold text-white">
              Recent withdrawals
            </h2>
            <Link to="/account/wallets/history?type=withdrawal" className="text-sm font-semibold text-gold-400 hover:underline">
              All transactions
            </Link>
          </div>
          <RecentWithdrawals userId={userId} currencyOf={currencyOf} onCancelled={refresh} />
        </section>
      </div>
    </>
  );
}
