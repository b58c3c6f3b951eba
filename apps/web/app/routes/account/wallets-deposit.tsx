import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { PageHeader } from "../../components/page-header";
import { DepositPanel } from "../../features/payments/deposit-panel";
import { DepositReturnNotice, depositReturnFromSearch } from "../../features/payments/deposit-return";
import { useProfile } from "../../features/identity/profile";
import { LimitPromptOffer } from "../../features/limit-prompt/limit-prompt-mount";
import { refetchWallets } from "../../features/wallet/balance-events";
import { useCurrencies } from "../../features/wallet/currencies";
import { useWallets } from "../../features/wallet/wallets";
import { toSearch } from "../../lib/modal-params";
import { useAuth } from "../../lib/use-auth";

export function meta() {
  return [{ title: "Deposit · My account · Croupier" }];
}

/** /account/wallets/deposit: deposit into the active wallet, and the landing page back from the provider. */
export default function WalletsDeposit() {
  const { userId } = useAuth();
  const { active, loading } = useWallets();
  const { currencies } = useCurrencies();
  const profile = useProfile().data;
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const returned = useMemo(() => depositReturnFromSearch(new URLSearchParams(location.search)), [location.search]);
  const onSettled = useCallback(() => void refetchWallets(queryClient), [queryClient]);
  const decimalsFor = useCallback((guid: string) => currencies.find((c) => c.guid === guid) ?? null, [currencies]);
  const dismiss = () => {
    const search = new URLSearchParams(location.search);
    search.delete("status");
    search.delete("transaction_guid");
    void navigate({ pathname: location.pathname, search: toSearch(search) }, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageHeader
        title="Deposit"
        description={active ? `Add money to your ${active.currency_name} wallet.` : "Add money to your active wallet."}
      />
      <div className="flex max-w-2xl flex-col gap-6">
        {returned ? <DepositReturnNotice key={returned.transactionGuid ?? returned.outcome} value={returned} decimalsFor={decimalsFor} onSettled={onSettled} onDismiss={dismiss} /> : null}
        {/* Before the first deposit, the deposit-limit prompt is offered here until answered (PLAYER_PROTECTION 17). */}
        <LimitPromptOffer />
        <section className="card p-5 tablet:p-6" aria-label="Deposit">
          <DepositPanel userId={userId} wallet={active} walletsLoading={loading} profile={profile} />
        </section>
      </div>
    </>
  );
}
