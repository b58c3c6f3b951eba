import { useSyncExternalStore } from "react";
import type { ServiceName } from "./allowed-services";

// Per tab: a script, once added, stays; this is what runs. Apart from the runtime, so the site frame
// can ask whether the external live chat runs without loading every adapter (ADR 045).
export const started = new Set<ServiceName>();
const startedListeners = new Set<() => void>();
export function markStarted(name: ServiceName) {
  started.add(name);
  for (const listener of startedListeners) listener();
}

/** Whether the external live chat runs in this tab (the built-in chat then stays out of its way). */
export function useExternalLiveChatActive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      startedListeners.add(listener);
      return () => void startedListeners.delete(listener);
    },
    () => started.has("livechat"),
    () => false,
  );
}
