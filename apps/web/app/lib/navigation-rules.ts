import { MODAL_PARAM } from "./modal-params";

type Place = { pathname: string; search: string; hash: string };

export const GAME_PATH_PREFIX = "/game/";

export function isGamePath(pathname: string) {
  return pathname.startsWith(GAME_PATH_PREFIX);
}

export function isAccountPath(pathname: string) {
  return pathname === "/account" || pathname.startsWith("/account/");
}

/** Route changes scroll to top, except to a hash, with a modal open, or when leaving a game page. */
export function shouldScrollToTop(from: Place | null, to: Place): boolean {
  if (to.hash) return false;
  if (new URLSearchParams(to.search).has(MODAL_PARAM)) return false;
  if (from && isGamePath(from.pathname) && !isGamePath(to.pathname)) return false;
  return true;
}

/**
 * The redirect-back target of the account area: entering /account from elsewhere remembers
 * where the player came from; moving inside /account keeps it; leaving /account clears it.
 */
export function nextAccountReturnPath(current: string | null, from: Place | null, to: Place): string | null {
  if (!isAccountPath(to.pathname)) return null;
  if (from && !isAccountPath(from.pathname)) return from.pathname + from.search;
  return current;
}

/** Only same-origin paths are accepted as return targets ("//evil.example" is another origin). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

/** Where a visitor lands when a page needs login: `base` with the login dialog open, remembering `returnTo`. */
export function loginRedirectPath(base: string, returnTo: string): string {
  const url = new URL(safeReturnPath(base) ?? "/", "http://local");
  url.searchParams.set(MODAL_PARAM, "login");
  url.searchParams.set("return_to", returnTo);
  return url.pathname + url.search;
}
