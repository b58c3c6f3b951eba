import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { ACCOUNT_MENU_TRIGGER_CLASS } from "./account-menu-trigger";
import { logout } from "./auth-actions";
import { displayName, useProfile } from "./profile";

// Radix's menu is a separate chunk (shared with the wallet switcher's), fetched after the first paint.
const AccountMenu = lazy(() => import("./account-menu"));

/**
 * The header's player area. From tablets up: the name (links to the account) and logout. Phones
 * have no room next to the wallet and Deposit: one button opens a menu with both.
 */
export function HeaderAccount() {
  const profile = useProfile();
  const [busy, setBusy] = useState(false);
  const name = profile.data ? displayName(profile.data) : "My account";
  const logOut = () => {
    setBusy(true);
    void logout().finally(() => setBusy(false));
  };

  return (
    <>
      <Link to="/account/dashboard" className="btn-ghost max-w-[14rem] max-tablet:hidden" data-testid="header-player">
        <Icon name="user" className="shrink-0" />
        <span className="truncate">{name}</span>
      </Link>
      <button type="button" className="btn-ghost max-tablet:hidden" disabled={busy} onClick={logOut}>
        Log out
      </button>
      <Suspense
        fallback={
          <button
            type="button"
            className={ACCOUNT_MENU_TRIGGER_CLASS}
            aria-label="Account menu"
            aria-haspopup="menu"
            disabled
          >
            <Icon name="user" />
          </button>
        }
      >
        <AccountMenu name={name} busy={busy} onLogout={logOut} />
      </Suspense>
    </>
  );
}
