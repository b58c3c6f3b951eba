import { lazy, Suspense, useSyncExternalStore } from "react";
import type { PromoPopupsConfig } from "../features/promo-popups/promo-popups-config";
import { useAuth } from "../lib/use-auth";

// The pieces of every page that render nothing on the server and nothing until something happens
// (build updates, installed-app rule, third-party services, promo pop-up timers, and for a player
// the realtime bridge, the first-deposit check and the limit prompt). They used to be in the
// first-load chunk (~10 KB gzip with what they import); now they load right after hydration, in
// one chunk (issue #20, ADR 045).
const loadRuntimes = () => import("./runtime-pieces");
const VisitorRuntimes = lazy(() => loadRuntimes().then((module) => ({ default: module.VisitorRuntimes })));
const PlayerRuntimes = lazy(() => loadRuntimes().then((module) => ({ default: module.PlayerRuntimes })));

const subscribeNothing = () => () => undefined;

/** False on the server and while hydrating, true from the first client render after it. */
function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** Mounts the deferred runtimes once the page is hydrated; the player's only while one is logged in. */
export function DeferredRuntimes({ promoPopups }: { promoPopups: PromoPopupsConfig }) {
  const hydrated = useHydrated();
  const { authenticated } = useAuth();
  // The third-party services start after the first interaction: one before their chunk arrives counts
  // (the head's FIRST_INTERACTION_SCRIPT records it).
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <VisitorRuntimes promoPopups={promoPopups} />
      {authenticated ? <PlayerRuntimes /> : null}
    </Suspense>
  );
}
