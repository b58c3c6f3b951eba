/** Cookie header → map. Values are URI-decoded; a malformed value is kept as is. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

export type CookieOptions = { maxAgeSeconds: number; path?: string; sameSite?: "Lax" | "Strict" | "None"; secure?: boolean };

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${options.maxAgeSeconds}`,
    `Path=${options.path ?? "/"}`,
    `SameSite=${options.sameSite ?? "Lax"}`,
  ];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export const DAY_SECONDS = 86_400;
export const LOCALE_COOKIE = "locale";
export const LOCALE = "en";
export const LOCALE_COOKIE_MAX_AGE = 365 * DAY_SECONDS;
export const BTAG_COOKIE = "btag";
export const BTAG_PARAM = "btag";
/** Affiliate attribution window; the spec leaves it open, 30 days is the common industry default. */
export const BTAG_COOKIE_MAX_AGE = 30 * DAY_SECONDS;
