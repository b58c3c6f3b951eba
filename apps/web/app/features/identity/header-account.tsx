import { useState } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { logout } from "./auth-actions";
import { displayName, useProfile } from "./profile";

/** The header's player area: name (links to the account) and logout. */
export function HeaderAccount() {
  const profile = useProfile();
  const [busy, setBusy] = useState(false);
  const name = profile.data ? displayName(profile.data) : "My account";
  return (
    <>
      <Link to="/account/dashboard" className="btn-ghost max-w-[14rem] max-tablet:px-2.5" data-testid="header-player">
        <Icon name="user" className="shrink-0" />
        {/* Phones show the icon only: the header has no room for a long name next to the menu and logo. */}
        <span className="truncate max-tablet:sr-only">{name}</span>
      </Link>
      <button
        type="button"
        className="btn-ghost max-tablet:px-3"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void logout().finally(() => setBusy(false));
        }}
      >
        Log out
      </button>
    </>
  );
}
