import { Link } from "react-router";
import { HeaderAccount } from "../features/identity/header-account";
import { NotificationBell } from "../features/notifications/notification-bell";
import { HeaderWallet } from "../features/wallet/header-wallet";
import { useAuth } from "../lib/use-auth";
import { Icon } from "./icons";
import { Logo } from "./logo";
import { ModalLink } from "./modal-link";
import { useSidebar } from "./sidebar-state";

export function Header() {
  const { open, collapsed, toggle } = useSidebar();
  const { authenticated } = useAuth();
  return (
    <header className="sticky top-0 z-base flex h-16 items-center gap-2 border-b border-ink-700 bg-ink-900/90 px-3 backdrop-blur sm:gap-3 tablet:px-5">
      <button
        type="button"
        onClick={toggle}
        className="grid size-10 shrink-0 place-items-center rounded-lg text-mist-300 hover:bg-ink-700 hover:text-white"
        aria-controls="site-sidebar"
        aria-expanded={open || !collapsed}
        aria-label="Toggle navigation"
      >
        <Icon name="menu" />
      </button>
      <Link to="/" className="shrink-0 rounded-md" aria-label="Croupier home">
        {/* A logged-in phone header holds the wallet, Deposit and the account menu: the chip alone fits. */}
        <Logo compact={authenticated} />
      </Link>
      <nav aria-label="Account" className="ml-auto flex min-w-0 items-center gap-2">
        {authenticated ? (
          <>
            <HeaderWallet />
            <ModalLink modal="deposit" className="btn-primary max-sm:px-3" data-testid="header-deposit">
              Deposit
            </ModalLink>
            <NotificationBell />
            <HeaderAccount />
          </>
        ) : (
          <>
            <ModalLink modal="login" className="btn-ghost">
              Log in
            </ModalLink>
            <ModalLink modal="register" className="btn-primary">
              Register
            </ModalLink>
          </>
        )}
      </nav>
    </header>
  );
}
