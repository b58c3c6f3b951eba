// The staff bearer token lives in sessionStorage: per tab, gone when the tab closes, never in a cookie
// (the console's calls carry it as Authorization: Bearer, so there is no cross-site request to forge).
// The layout subscribes to it: once the token is gone, the console shows the sign-in page.

const TOKEN_KEY = "croupier.backoffice.token";
const NOTICE_KEY = "croupier.backoffice.notice";

export const SESSION_ENDED_NOTICE = "Your session has ended. Please sign in again.";

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the console then works for one page view only.
    return undefined;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function staffToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function startStaffSession(token: string) {
  storage()?.setItem(TOKEN_KEY, token);
  storage()?.removeItem(NOTICE_KEY);
  emit();
}

/** Forgets the token; `notice` is shown once on the sign-in page (why the staff member is there again). */
export function endStaffSession(notice?: string) {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  if (notice) store?.setItem(NOTICE_KEY, notice);
  emit();
}

/** The notice left by endStaffSession; it stays until the next sign-in (a reload still explains the page). */
export function sessionNotice(): string | null {
  return storage()?.getItem(NOTICE_KEY) ?? null;
}

export function subscribeStaffSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
