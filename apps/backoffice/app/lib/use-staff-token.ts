import { useSyncExternalStore } from "react";
import { staffToken, subscribeStaffSession } from "./staff-session";

/** The current staff token (null when signed out); re-renders when it changes. */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribeStaffSession, staffToken, () => null);
}
