// The player's cookie choice (issue #19, ADR 027), kept in localStorage: it never travels to the
// server (no cookie is set before or because of the choice), and nothing server-rendered depends on
// it since no third-party script is ever part of the server's HTML.

export type ConsentCategory = "analytics" | "marketing";
export type Consent = { analytics: boolean; marketing: boolean; decided_at: string };

/** Bump the version when the categories or the services behind them change: everybody is asked again. */
export const CONSENT_STORAGE_KEY = "croupier.consent.v1";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage blocked (privacy mode, sandboxed frame): no choice is remembered, nothing optional loads.
    return null;
  }
}

/** The stored choice, or null when the player has not decided (or it is unreadable). */
export function parseConsent(raw: string | null): Consent | null {
  if (!raw || raw.length > 500) return null;
  try {
    const value = JSON.parse(raw) as Partial<Consent>;
    if (typeof value.analytics !== "boolean" || typeof value.marketing !== "boolean" || typeof value.decided_at !== "string")
      return null;
    return { analytics: value.analytics, marketing: value.marketing, decided_at: value.decided_at.slice(0, 40) };
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Consent | null } | undefined;

export function readConsent(store: Storage | null = storage()): Consent | null {
  const raw = store?.getItem(CONSENT_STORAGE_KEY) ?? null;
  if (cached?.raw !== raw) cached = { raw, value: parseConsent(raw) };
  return cached.value;
}

export function saveConsent(choice: Pick<Consent, ConsentCategory>, store: Storage | null = storage(), now = new Date()) {
  const value: Consent = { analytics: choice.analytics, marketing: choice.marketing, decided_at: now.toISOString() };
  store?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(value));
  for (const listener of listeners) listener();
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => event.key === CONSENT_STORAGE_KEY && listener();
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/** Whether a category may run: only with a stored yes (no choice yet is a no). */
export function allows(consent: Consent | null, category: ConsentCategory | "necessary"): boolean {
  if (category === "necessary") return true;
  return consent?.[category] === true;
}

// "Cookie settings" in the footer asks the consent runtime to open its dialog.
const openListeners = new Set<() => void>();
export function openConsentSettings() {
  for (const listener of openListeners) listener();
}
export function onOpenConsentSettings(listener: () => void): () => void {
  openListeners.add(listener);
  return () => {
    openListeners.delete(listener);
  };
}
