import { lazy, Suspense, useEffect } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { ADD_WALLET_PATH } from "./wallet-runtime";
import { TRIGGER_CLASS, WalletTriggerFace } from "./wallet-trigger-face";
import { useWallets } from "./wallets";

// The dropdown (Radix menu and its positioning code) is a separate chunk: the header is on every
// page, and visitors never need it.
const loadMenu = () => import("./wallet-menu");
const WalletMenu = lazy(loadMenu);

/** The header's active-wallet switcher for a logged-in player. */
export function HeaderWallet() {
  const { wallets, active, loading, failed } = useWallets();

  useEffect(() => {
    void loadMenu();
  }, []);

  if (loading) {
    return (
      <span className="inline-flex h-10 w-24 animate-pulse sm:w-36 items-center rounded-lg bg-ink-700" role="status">
        <span className="sr-only">Loading wallets</span>
      </span>
    );
  }
  if (failed) {
    return (
      <Link to="/account/wallets/balance" className="btn-ghost" data-testid="header-wallet">
        <Icon name="wallet" />
        <span className="max-sm:sr-only">Wallets</span>
      </Link>
    );
  }
  if (!active) {
    return (
      <Link to={ADD_WALLET_PATH} className="btn-ghost" data-testid="header-wallet">
        <Icon name="wallet" />
        <span className="max-sm:sr-only">Add wallet</span>
      </Link>
    );
  }
  return (
    <Suspense
      fallback={
        <button type="button" className={TRIGGER_CLASS} data-testid="header-wallet" aria-haspopup="menu" disabled>
          <WalletTriggerFace wallet={active} />
        </button>
      }
    >
      <WalletMenu wallets={wallets} active={active} />
    </Suspense>
  );
}
