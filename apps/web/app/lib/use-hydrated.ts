import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => undefined;

/**
 * False on the server and while hydrating, true from the first client render after it (and at once
 * on a client-side navigation). What renders only when true is not in the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
