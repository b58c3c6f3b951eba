/** Seed 000: at most one automatic reload per 10,000 ms, so a broken deploy cannot loop a tab. */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "croupier.reload-guard";

type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Whether an automatic reload may happen now; when it may, the time is recorded first (the page is
 * about to go). Per tab (sessionStorage) and per reason+path, so a chunk error on one page does not
 * block the reload for a new build. Without storage (private mode quirks) it refuses: no loop risk.
 */
export function claimReload(reason: string, now = Date.now(), storage: GuardStorage | null = safeSessionStorage()): boolean {
  if (!storage) return false;
  const key = `${STORAGE_KEY}:${reason}`;
  try {
    const last = Number(storage.getItem(key));
    if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS && now >= last) return false;
    storage.setItem(key, String(now));
    return true;
  } catch {
    return false;
  }
}

function safeSessionStorage(): GuardStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
