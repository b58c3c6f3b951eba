import { useMemo } from "react";
import { PageHeader } from "../../components/page-header";
import { LimitPromptOffer } from "../../features/limit-prompt/limit-prompt-mount";
import { LimitsView } from "../../features/limits/limits-view";
import { useWallets } from "../../features/wallet/wallets";

export function meta() {
  return [{ title: "Limits · My account · Croupier" }];
}

export default function AccountLimits() {
  const { wallets } = useWallets();
  // Money limits are per currency: the player's wallet currencies are the ones to choose from.
  const currencies = useMemo(
    () => wallets.map((wallet) => ({ guid: wallet.currency_guid, code: wallet.currency.code, decimals: wallet.currency.decimals })),
    [wallets],
  );
  return (
    <>
      <PageHeader title="Limits" description="Deposit, loss and wager limits per day, week and month, and a session time limit." />
      <div className="mb-6 empty:hidden">
        <LimitPromptOffer />
      </div>
      <LimitsView currencies={currencies} />
    </>
  );
}
