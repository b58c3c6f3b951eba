export const MODAL_PARAM = "modal";
export const MODAL_OPEN_DELAY_MS = 200;

/** Values that only make sense for a visitor: dropped from the address once the player is logged in. */
export const GUEST_ONLY_MODALS = new Set(["login", "register"]);

/** The registered dialog named by ?modal=, or null (absent or unknown values are ignored). */
export function activeModal(search: URLSearchParams, registered: { has: (name: string) => boolean }): string | null {
  const value = search.get(MODAL_PARAM);
  if (!value || !registered.has(value)) return null;
  return value;
}

/** The query with `modal` set, every other parameter kept. */
export function withModal(search: URLSearchParams, name: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(MODAL_PARAM, name);
  return next;
}

/** The query with `modal` removed, every other parameter kept. */
export function withoutModal(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(MODAL_PARAM);
  return next;
}

/** A logged-in player never sees login or register: the new query without them, or null when nothing changes. */
export function dropGuestModal(search: URLSearchParams, authenticated: boolean): URLSearchParams | null {
  if (!authenticated) return null;
  const value = search.get(MODAL_PARAM);
  if (!value || !GUEST_ONLY_MODALS.has(value)) return null;
  return withoutModal(search);
}

/** "?a=1" or "" — for building a path from a query. */
export function toSearch(search: URLSearchParams): string {
  const text = search.toString();
  return text ? `?${text}` : "";
}
