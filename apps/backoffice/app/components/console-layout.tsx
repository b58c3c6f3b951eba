import type { StaffPermission } from "@croupier/contract/staff-permissions";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, NavLink, Outlet, useLocation, useMatches, useNavigate } from "react-router";
import { useMe, type StaffMe } from "../lib/me";
import { can, canAny, ROLE_LABELS } from "../lib/permissions";
import { staffSignInApi } from "../lib/staff-api";
import { endStaffSession, staffToken } from "../lib/staff-session";
import { useStaffToken } from "../lib/use-staff-token";
import { cx } from "../lib/cx";
import { NAV, NAV_GROUPS } from "../nav";
import { Button } from "./button";
import { ErrorState, LoadingBlock, Skeleton } from "./states";

/** What a page of the route table declares (routes.tsx): the permission it needs, if any. */
export type PageHandle = { permission?: StaffPermission };

/**
 * The signed-in console: sidebar (filtered by the role's permissions), header (who, role, sign out) and the
 * page. Without a token it sends the staff member to sign in; a page whose permission the role lacks shows
 * a refusal instead of calling the API.
 */
export function ConsoleLayout() {
  const token = useStaffToken();
  const location = useLocation();
  if (!token) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  return <SignedIn />;
}

function SignedIn() {
  const me = useMe();
  if (me.isPending) return <ShellSkeleton />;
  if (me.isError) {
    return (
      <main className="mx-auto max-w-lg p-10">
        <ErrorState error={me.error} title="The console could not load your account." onRetry={() => void me.refetch()} />
      </main>
    );
  }
  return <Shell me={me.data} />;
}

function Shell({ me }: { me: StaffMe }) {
  const [navOpen, setNavOpen] = useState(false);
  const location = useLocation();
  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      {navOpen ? (
        // Below lg the sidebar overlays the page: a click beside it or Escape closes it.
        <div aria-hidden className="fixed inset-0 z-20 bg-slate-900/30 lg:hidden" onClick={() => setNavOpen(false)} />
      ) : null}
      <aside
        id="console-nav"
        onKeyDown={(event) => {
          if (event.key === "Escape") setNavOpen(false);
        }}
        className={cx(
          "w-56 shrink-0 border-r border-slate-200 bg-white",
          "fixed inset-y-0 left-0 z-30 lg:static lg:block",
          navOpen ? "block" : "hidden",
        )}
      >
        <Sidebar me={me} onNavigate={() => setNavOpen(false)} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <Header me={me} navOpen={navOpen} onToggleNav={() => setNavOpen((open) => !open)} />
        <main id="main" className="min-w-0 flex-1 p-4 lg:p-8" key={location.pathname}>
          <PermissionGate me={me}>
            <Outlet />
          </PermissionGate>
        </main>
      </div>
    </div>
  );
}

function Sidebar({ me, onNavigate }: { me: StaffMe; onNavigate: () => void }) {
  const entries = NAV.filter((entry) => canAny(me, entry.permissions));
  return (
    <nav aria-label="Console" className="flex h-full flex-col gap-4 overflow-y-auto p-4">
      <NavLink to="/" end onClick={onNavigate} className="text-base font-semibold text-slate-900">
        Croupier <span className="font-normal text-slate-500">back office</span>
      </NavLink>
      {NAV_GROUPS.map((group) => {
        const items = entries.filter((entry) => entry.group === group);
        if (items.length === 0) return null;
        return (
          <div key={group}>
            <p className="mb-1 px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group}</p>
            <ul className="space-y-0.5">
              {items.map((entry) => (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cx(
                        "block rounded-md px-2 py-1.5 text-sm",
                        isActive ? "bg-indigo-50 font-medium text-indigo-700" : "text-slate-700 hover:bg-slate-100",
                      )
                    }
                  >
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function Header({ me, navOpen, onToggleNav }: { me: StaffMe; navOpen: boolean; onToggleNav: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    try {
      // The sign-in client: a 401 here (the session had ended anyway) must not leave a "session ended" notice.
      const token = staffToken();
      if (token) await staffSignInApi().post("/auth/logout", { headers: { authorization: `Bearer ${token}` } });
    } catch {
      // Signing out locally is what matters; the server session also ends on its own (idle timeout).
    } finally {
      endStaffSession();
      queryClient.clear();
      navigate("/sign-in", { replace: true });
    }
  };

  return (
    <header className="flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 lg:px-8">
      <button
        type="button"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm lg:hidden"
        aria-expanded={navOpen}
        aria-controls="console-nav"
        onClick={onToggleNav}
      >
        Menu
      </button>
      <div className="ml-auto flex items-center gap-3">
        <div className="text-right leading-tight">
          <p className="text-sm font-medium text-slate-900" data-testid="staff-name">
            {me.display_name || me.email}
          </p>
          <p className="text-xs text-slate-500" data-testid="staff-role">
            {ROLE_LABELS[me.role]}
          </p>
        </div>
        <Button variant="secondary" busy={busy} onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </header>
  );
}

function PermissionGate({ me, children }: { me: StaffMe; children: React.ReactNode }) {
  const matches = useMatches();
  const needed = matches
    .map((match) => (match.handle as PageHandle | undefined)?.permission)
    .filter((permission): permission is StaffPermission => Boolean(permission));
  const refused = needed.find((permission) => !can(me, permission));
  if (refused) {
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-lg border border-amber-200 bg-amber-50 p-6 text-center">
        <p className="font-medium text-amber-900">Your role does not allow this page.</p>
        <p className="mt-1 text-sm text-amber-800">It needs the “{refused}” permission. Ask an administrator if you need it.</p>
      </div>
    );
  }
  return children;
}

function ShellSkeleton() {
  return (
    <div className="flex min-h-screen bg-slate-50">
      <div className="hidden w-56 space-y-3 border-r border-slate-200 bg-white p-4 lg:block">
        <Skeleton className="h-5 w-32" />
        <LoadingBlock lines={6} label="Loading the console" />
      </div>
      <div className="flex-1 space-y-4 p-8">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
