/**
 * The promo pop-ups' public runtime configuration (seed 000 §"Register promo", §"Deposit promo"): each
 * pop-up has the spec's keys `is_enabled` and `timeout` (milliseconds). The root loader reads them from
 * PUBLIC_* environment variables (promo-popups-config.server.ts) and hands them to the browser.
 */
export type PromoPopupSettings = { is_enabled: boolean; timeout: number };
export type PromoPopupsConfig = { register: PromoPopupSettings; deposit: PromoPopupSettings };

/** The seed's default delay of both pop-ups: 5 minutes. */
export const DEFAULT_PROMO_TIMEOUT_MS = 5 * 60_000;
/** Shorter than a second would nag on every page; a day is the longest delay that still means anything. */
export const MIN_PROMO_TIMEOUT_MS = 1_000;
export const MAX_PROMO_TIMEOUT_MS = 24 * 60 * 60_000;

export const DEFAULT_PROMO_POPUPS_CONFIG: PromoPopupsConfig = {
  register: { is_enabled: true, timeout: DEFAULT_PROMO_TIMEOUT_MS },
  deposit: { is_enabled: true, timeout: DEFAULT_PROMO_TIMEOUT_MS },
};

export const PROMO_POPUP_ENV = {
  register: { enabled: "PUBLIC_REGISTER_PROMO_ENABLED", timeout: "PUBLIC_REGISTER_PROMO_TIMEOUT_MS" },
  deposit: { enabled: "PUBLIC_DEPOSIT_PROMO_ENABLED", timeout: "PUBLIC_DEPOSIT_PROMO_TIMEOUT_MS" },
} as const;

type Env = Record<string, string | undefined>;

function parseEnabled(raw: string | undefined, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase();
  if (value === "true" || value === "1" || value === "on") return true;
  if (value === "false" || value === "0" || value === "off") return false;
  return fallback;
}

/** Whole milliseconds within the limits; anything else (empty, "5m", NaN) keeps the default. */
function parseTimeout(raw: string | undefined, fallback: number): number {
  const value = raw?.trim();
  if (!value || !/^\d{1,9}$/.test(value)) return fallback;
  return Math.min(MAX_PROMO_TIMEOUT_MS, Math.max(MIN_PROMO_TIMEOUT_MS, Number(value)));
}

/** The configuration from environment variables; an unset or malformed variable keeps its default. */
export function parsePromoPopupsConfig(env: Env): PromoPopupsConfig {
  const settings = (kind: keyof PromoPopupsConfig): PromoPopupSettings => ({
    is_enabled: parseEnabled(env[PROMO_POPUP_ENV[kind].enabled], DEFAULT_PROMO_POPUPS_CONFIG[kind].is_enabled),
    timeout: parseTimeout(env[PROMO_POPUP_ENV[kind].timeout], DEFAULT_PROMO_POPUPS_CONFIG[kind].timeout),
  });
  return { register: settings("register"), deposit: settings("deposit") };
}
