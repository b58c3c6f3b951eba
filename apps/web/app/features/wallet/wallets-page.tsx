import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { toSearch } from "../../lib/modal-params";
import { useActivateWallet } from "./use-activate-wallet";
import { AddWalletPanel } from "./add-wallet-panel";
import { useCurrencies } from "./currencies";
import { WalletCard, WalletCardSkeleton } from "./wallet-card";
import { ADD_WALLET_PARAM } from "./wallet-runtime";
import { currenciesWithoutWallet } from "./wallet-state";
import { useWallets } from "./wallets";

/** /account/wallets/balance: every wallet as a card, switching, and the add-wallet flow (?add_wallet). */
export function WalletsPage() {
  const { wallets, loading, failed, retry } = useWallets();
  const { currencies } = useCurrencies();
  const activate = useActivateWallet();
  const location = useLocation();
  const navigate = useNavigate();
  const flagged = new URLSearchParams(location.search).has(ADD_WALLET_PARAM);
  const [adding, setAdding] = useState(flagged);

  useEffect(() => {
    if (flagged) setAdding(true);
  }, [flagged]);

  // The flag opens the flow once; with a wallet in hand it leaves the address (a reload shows the list).
  useEffect(() => {
    if (!flagged || wallets.length === 0) return;
    const search = new URLSearchParams(location.search);
    search.delete(ADD_WALLET_PARAM);
    navigate(
      { pathname: location.pathname, search: toSearch(search), hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [flagged, wallets.length, location.pathname, location.search, location.hash, navigate]);

  const available = currenciesWithoutWallet(currencies, wallets);
  const addButton = (
    <button type="button" className="btn-primary" onClick={() => setAdding(true)} disabled={adding}>
      Add wallet
    </button>
  );

  return (
    <>
      <PageHeader
        title="Wallets"
        description="One wallet per currency; the active one is used for games and payments."
        actions={wallets.length > 0 ? addButton : null}
      />
      {adding ? <AddWalletPanel currencies={available} onClose={() => setAdding(false)} /> : null}
      {loading ? (
        <div
          className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,17rem),1fr))] gap-4"
          role="status"
          aria-label="Loading wallets"
        >
          <WalletCardSkeleton />
          <WalletCardSkeleton />
        </div>
      ) : failed ? (
        <EmptyState
          icon="wallet"
          title="Your wallets could not be loaded"
          action={
            <button type="button" className="btn-ghost" onClick={retry}>
              Try again
            </button>
          }
        >
          Please try again in a moment.
        </EmptyState>
      ) : wallets.length === 0 ? (
        <EmptyState icon="wallet" title="No wallets yet" action={adding ? null : addButton}>
          Add a wallet in the currency you want to play with.
        </EmptyState>
      ) : (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,17rem),1fr))] gap-4">
          {wallets.map((wallet) => (
            <WalletCard
              key={wallet.guid}
              wallet={wallet}
              busy={activate.isPending}
              onActivate={() => activate.mutate({ walletGuid: wallet.guid, currencyName: wallet.currency_name })}
            />
          ))}
        </div>
      )}
    </>
  );
}
