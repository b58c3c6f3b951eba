import { DAY_SECONDS, parseCookies, serializeCookie } from "../../lib/cookies";

/**
 * The seed's gate: GET /api/feature-status is only asked when a segment_name cookie exists. The
 * page response gives every browser one ("default": the server still answers by the player's own
 * segments, ADR 028), so a browser without it (cookies blocked, a script calling the page API)
 * gets every flag off instead of a call per flag.
 */
export const SEGMENT_COOKIE = "segment_name";
export const DEFAULT_SEGMENT = "default";
export const SEGMENT_COOKIE_MAX_AGE = 365 * DAY_SECONDS;

export function hasSegmentCookie(cookieString: string | null | undefined): boolean {
  return Boolean(parseCookies(cookieString).get(SEGMENT_COOKIE));
}

/** The set-cookie header for a page response whose request had no segment cookie, else null. */
export function segmentSetCookie(cookieHeader: string | null): string | null {
  if (hasSegmentCookie(cookieHeader)) return null;
  return serializeCookie(SEGMENT_COOKIE, DEFAULT_SEGMENT, { maxAgeSeconds: SEGMENT_COOKIE_MAX_AGE });
}
