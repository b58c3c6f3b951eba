import { startTransition, useEffect, useState } from "react";

/** Set once the page's first hydration has committed: what mounts after it is not hydrating. */
let hydrationDone = false;

/**
 * False on the server and while hydrating, true after it (and at once for what mounts after the first
 * hydration, a client-side navigation). What renders only when true is not in the server's HTML.
 *
 * The switch is a transition: what renders only after hydration (on the home page, hundreds of lobby
 * tiles) is rendered in slices that yield to the browser, not in one long task right after hydration
 * (a synchronous re-render, as useSyncExternalStore's, was 100-300 ms tasks on a throttled phone:
 * Lighthouse's total blocking time, and a first tap waiting for it).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydrationDone);
  useEffect(() => {
    if (hydrated) return;
    hydrationDone = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
