import { useSyncExternalStore } from "react";
import { readConsent, subscribeConsent, type Consent } from "./consent-store";

/**
 * The player's stored choice; `undefined` during the server render and hydration (unknown there),
 * null when the player has not decided yet.
 */
export function useConsent(): Consent | null | undefined {
  return useSyncExternalStore(subscribeConsent, () => readConsent(), () => undefined);
}
