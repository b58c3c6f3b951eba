import { fidSetCookie } from "../features/attribution/fid";
import { segmentSetCookie } from "../features/feature-flags/segment-cookie";
import { LOCALE, LOCALE_COOKIE, parseCookies, serializeCookie, LOCALE_COOKIE_MAX_AGE } from "../lib/cookies";

/**
 * The cookies every page response sets, from the request alone (address and cookie header): fid
 * (attribution, issue #19), the feature-status gate's segment cookie and the 365-day locale cookie.
 * The root middleware sets them on renders; the host's page cache sets them on the documents it
 * serves without rendering (ADR 044), so they never depend on what a render did.
 */
export function pageSetCookies(url: URL, cookieHeader: string | null): string[] {
  const cookies: string[] = [];
  const fidCookie = fidSetCookie(url, cookieHeader);
  if (fidCookie) cookies.push(fidCookie);
  const segmentCookie = segmentSetCookie(cookieHeader);
  if (segmentCookie) cookies.push(segmentCookie);
  if (parseCookies(cookieHeader).get(LOCALE_COOKIE) !== LOCALE) {
    cookies.push(serializeCookie(LOCALE_COOKIE, LOCALE, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE }));
  }
  return cookies;
}
