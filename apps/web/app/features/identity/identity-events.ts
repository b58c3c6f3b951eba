import type { Profile } from "@croupier/contract/entities/profile";
import { clientAuth } from "../../lib/client-auth";
import { getBrowserQueryClient } from "../../lib/query-client";
import { toastError } from "../../lib/toasts";
import { logout } from "./auth-actions";
import { getTokenLifecycle } from "./identity-api";
import { profileKey } from "./profile";
import { currentAccessToken } from "./token-store";
import { sessionIdOfToken } from "./token-lifecycle";

/**
 * session_closed: when it is this tab's session, both tokens and the user id go. A session ended by
 * the player's session-time limit (ADR 021) says so, so the logout is not a surprise.
 */
export function handleSessionClosed(sessionId: string, reason?: string) {
  if (!sessionId || sessionId !== sessionIdOfToken(currentAccessToken())) return;
  getTokenLifecycle().unauthorized();
  if (reason === "session_limit") toastError("Your session time limit is reached, so you have been logged out.");
  // The tab that started a time-out or self-exclusion says so itself; every other tab learns it here.
  if (reason === "excluded") toastError("You have been logged out: your account is on a break from play.");
}

/** customer_status_changed: locked → logout (the app then goes to /); anything else updates the profile. */
export async function handleCustomerStatus(status: string) {
  if (status === "locked") {
    await logoutLocked(null);
    return;
  }
  const key = profileKey(clientAuth.snapshot().userId);
  getBrowserQueryClient().setQueryData<Profile>(key, (profile) => (profile ? { ...profile, status: status as Profile["status"] } : profile));
}

let loggingOut = false;

/** A locked profile: the logout call's fresh anonymous tokens are stored, the player is told why. */
export async function logoutLocked(reason: string | null) {
  if (loggingOut) return;
  loggingOut = true;
  try {
    await logout();
    toastError(reason ? `Your account is locked: ${reason}. Please contact support.` : "Your account is locked. Please contact support.");
  } finally {
    loggingOut = false;
  }
}
