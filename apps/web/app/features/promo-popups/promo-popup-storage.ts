import { DAY_SECONDS, parseCookies, serializeCookie } from "../../lib/cookies";

/** The register promo's once-a-day mark (seed): set when it shows, for 24 hours. */
export const REGISTER_PROMO_COOKIE = "pre_signup_modal_shown";
/** The deposit promo's stop flag (seed): a successful deposit was found, the promo never shows again. */
export const FIRST_DEPOSIT_FLAG = "isFirstDeposit";

type CookieJar = { cookie: string };
type FlagStorage = Pick<Storage, "getItem" | "setItem">;

export function registerPromoShownToday(jar: CookieJar): boolean {
  return parseCookies(jar.cookie).has(REGISTER_PROMO_COOKIE);
}

export function markRegisterPromoShown(jar: CookieJar, secure = false): void {
  jar.cookie = serializeCookie(REGISTER_PROMO_COOKIE, "1", { maxAgeSeconds: DAY_SECONDS, secure });
}

export function depositFound(storage: FlagStorage | null): boolean {
  try {
    return storage?.getItem(FIRST_DEPOSIT_FLAG) != null;
  } catch {
    return false;
  }
}

export function markDepositFound(storage: FlagStorage | null): void {
  try {
    storage?.setItem(FIRST_DEPOSIT_FLAG, "true");
  } catch {
    // Private mode without storage: the promo still stops for this tab (the hook keeps it in memory).
  }
}

export function browserStorage(): FlagStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
