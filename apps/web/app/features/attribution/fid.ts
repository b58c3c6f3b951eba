import { DAY_SECONDS, parseCookies, serializeCookie } from "../../lib/cookies";

/**
 * fid: a tracking id on the landing address (?fid=…), like btag (issue #19, ADR 028). The server
 * keeps it in a first-party cookie on the page load that carries it; sign-up sends it along (the
 * back office shows it on the player page) and trackers read it with readFid(). Unlike btag it stays
 * in the address: the seed only says it is passed on, and a shared link keeps working.
 */
export const FID_PARAM = "fid";
export const FID_COOKIE = "fid";
/** The same attribution window as btag. */
export const FID_COOKIE_MAX_AGE = 30 * DAY_SECONDS;
export const FID_MAX_LENGTH = 200;

/** A usable fid: trimmed, at most 200 characters, printable ASCII only (it goes into a cookie and a tracker's URL). */
export function cleanFid(value: string | null | undefined): string | null {
  const trimmed = value?.trim().slice(0, FID_MAX_LENGTH) ?? "";
  return trimmed && /^[\x21-\x7e]+$/.test(trimmed) ? trimmed : null;
}

/** The set-cookie header for a request whose address carries a new fid, else null. */
export function fidSetCookie(url: URL, cookieHeader: string | null): string | null {
  const fid = cleanFid(url.searchParams.get(FID_PARAM));
  if (!fid || parseCookies(cookieHeader).get(FID_COOKIE) === fid) return null;
  return serializeCookie(FID_COOKIE, fid, { maxAgeSeconds: FID_COOKIE_MAX_AGE });
}

/** The fid this browser arrived with, for trackers and sign-up (browser only; null on the server). */
export function readFid(cookieString: string = typeof document === "undefined" ? "" : document.cookie): string | null {
  return cleanFid(parseCookies(cookieString).get(FID_COOKIE));
}

/** The sign-up body's attribution fields. */
export function attributionFields(cookieString?: string): { fid?: string } {
  const fid = readFid(cookieString);
  return fid ? { fid } : {};
}
