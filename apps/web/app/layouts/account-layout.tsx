import { useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, redirect, replace, useLocation } from "react-router";
import type { Route } from "./+types/account-layout";
import { BonusHubRedirectEffect } from "../components/bonus-hub-redirect-effect";
import { Icon, type IconName } from "../components/icons";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { SiteShell } from "../components/site-shell";
import { getClientFeatureFlag, useFeatureFlag } from "../features/feature-flags/feature-flags-provider";
import { resolveFeatureFlags } from "../features/feature-flags/resolve-feature-flags.server";
import { bonusHubRedirect } from "../lib/bonus-hub-redirect";
import { clientAuth } from "../lib/client-auth";
import { cx } from "../lib/cx";
import { isDocumentRequest } from "../lib/is-document-request";
import { accountReturnPath } from "../lib/navigation-memory";
import { loginRedirectPath } from "../lib/navigation-rules";
import { apiContext, authContext } from "../lib/router-context";

/** Account pages need a player: a visitor gets the login dialog, remembering the page asked for. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const flags = await resolveFeatureFlags(context.get(apiContext), auth.userId);
  const target = bonusHubRedirect({ pathname: url.pathname, search: url.search }, flags["bonus-hub"]);
  if (target) {
    // A page load keeps its #hash across a redirect (the browser re-applies it); a client navigation lets the page do it.
    if (isDocumentRequest(request)) throw replace(target);
    return { redirectToBonusHub: true };
  }
  if (!auth.authenticated) throw redirect(loginRedirectPath("/", url.pathname + url.search));
  return { redirectToBonusHub: false };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (bonusHubRedirect(url, getClientFeatureFlag("bonus-hub"))) return { redirectToBonusHub: true };
  if (!clientAuth.isAuthenticated()) {
    // Stay on the current page with the login dialog over it.
    throw redirect(loginRedirectPath(window.location.pathname + window.location.search, url.pathname + url.search));
  }
  return { redirectToBonusHub: false };
}

type Item = { to: string; label: string; icon: IconName };

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const roundsHistory = useFeatureFlag("history-of-rounds");
  const bonusHub = useFeatureFlag("bonus-hub");
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // Where the player was before entering the account area (kept by RouteRules, which runs first).
  const [backTo, setBackTo] = useState<string | null>(null);
  useEffect(() => setBackTo(accountReturnPath.get()), [pathname]);

  // On narrow screens the account nav scrolls sideways: keep the current page's tab in view.
  useEffect(() => {
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const list = current?.closest("ul");
    if (current && list && list.scrollWidth > list.clientWidth) {
      list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);

  if (loaderData.redirectToBonusHub) return <BonusHubRedirectEffect />;

  const items: Item[] = [
    { to: "/account/dashboard", label: "Dashboard", icon: "home" },
    { to: "/account/wallets/balance", label: "Wallets", icon: "wallet" },
    { to: "/account/wallets/deposit", label: "Deposit", icon: "coin" },
    { to: "/account/wallets/withdraw", label: "Withdraw", icon: "coin" },
    { to: "/account/wallets/history", label: "Transactions", icon: "history" },
    { to: bonusHub ? "/bonus-hub/my-bonuses" : "/account/bonuses", label: "Bonuses", icon: "star" },
    ...(roundsHistory ? [{ to: "/account/game_history", label: "Game history", icon: "dice" } as Item] : []),
    { to: "/account/history", label: "Account history", icon: "document" },
    { to: "/account/user-info/general", label: "Profile", icon: "user" },
    { to: "/account/limit", label: "Limits", icon: "limit" },
    { to: "/account/safety", label: "Safety", icon: "shield" },
    { to: "/account/notification", label: "Notifications", icon: "bell" },
  ];

  return (
    <SiteShell>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 desktop:flex-row">
        <nav ref={navRef} aria-label="My account" className="desktop:w-56 desktop:shrink-0">
          {backTo ? (
            <Link to={backTo} className="mb-3 inline-flex items-center gap-1 text-sm text-mist-400 hover:text-white">
              <Icon name="back" width={16} height={16} /> Back
            </Link>
          ) : null}
          <ul className="relative -mx-4 flex gap-1 overflow-x-auto px-4 pb-1 desktop:mx-0 desktop:flex-col desktop:overflow-visible desktop:px-0">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cx(
                      "flex h-10 items-center gap-2.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors",
                      isActive ? "bg-ink-700 text-white" : "text-mist-400 hover:bg-ink-800 hover:text-white",
                    )
                  }
                >
                  <Icon name={item.icon} width={18} height={18} className="shrink-0" />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </SiteShell>
  );
}

export function ErrorBoundary() {
  return (
    <SiteShell>
      <RouteErrorBoundary />
    </SiteShell>
  );
}
