import type { PlayerLimit } from "@croupier/contract/entities/limits";
import {
  LIMIT_AMOUNT_MAX,
  SESSION_LIMIT_MINUTES_MAX,
  SESSION_LIMIT_MINUTES_MIN,
  type LimitPeriod,
  type LimitType,
} from "@croupier/contract/limit-constants";
import { checkAmount, compareAmounts, formatAmount } from "@croupier/contract/money";

export const LIMIT_TYPE_LABELS: Record<LimitType, string> = {
  deposit: "Deposit limit",
  loss: "Loss limit",
  wager: "Wager limit",
  session_time: "Session time limit",
};

export const LIMIT_TYPE_HINTS: Record<LimitType, string> = {
  deposit: "The most you can deposit in the period. Withdrawals do not give room back.",
  loss: "The most you can lose in the period: stakes minus winnings.",
  wager: "The most you can stake in the period.",
  session_time: "How long one login session may last. You are logged out when it is over.",
};

export const PERIOD_LABELS: Record<LimitPeriod, string> = { day: "24 hours", week: "7 days", month: "30 days" };
export const PERIOD_ADJECTIVES: Record<LimitPeriod, string> = { day: "Daily", week: "Weekly", month: "Monthly" };

export type LimitCurrency = { guid: string; code: string; decimals: number };

/** "100.00 USD", or "90 min" for the session-time limit. */
export function formatLimitValue(limit: Pick<PlayerLimit, "amount" | "minutes" | "currency_code" | "decimals">, amount = limit.amount, minutes = limit.minutes): string {
  if (minutes !== null && limit.amount === null) return formatMinutes(minutes);
  return `${formatAmount(amount ?? "0", limit.decimals ?? 2)} ${limit.currency_code ?? ""}`.trim();
}

export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Share of the limit used, 0–100, for the progress bar (display only; the server decides). */
export function usedPercent(limit: Pick<PlayerLimit, "amount" | "used" | "minutes" | "used_minutes">): number {
  if (limit.amount !== null && limit.used !== null) {
    const amount = Number(limit.amount);
    return amount > 0 ? Math.min(100, Math.max(0, (Number(limit.used) / amount) * 100)) : 100;
  }
  if (limit.minutes !== null && limit.used_minutes !== null)
    return Math.min(100, Math.max(0, (limit.used_minutes / limit.minutes) * 100));
  return 0;
}

/** "23:59:58" until the moment, "0:00:00" once it has passed. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

/** Checks an amount as the server will (plain decimal, the currency's decimals, positive, bounded); null when fine. */
export function amountError(value: string, currency: LimitCurrency | undefined): string | null {
  if (!currency) return "Choose a currency.";
  if (value.trim() === "") return "Enter an amount.";
  const checked = checkAmount(value.trim(), currency.decimals);
  if (!checked.ok) return `The amount ${checked.reason}.`;
  if (compareAmounts(checked.value, LIMIT_AMOUNT_MAX) > 0) return `The amount may be at most ${formatAmount(LIMIT_AMOUNT_MAX, 0)}.`;
  return null;
}

export function minutesError(value: string): string | null {
  if (!/^\d{1,4}$/.test(value.trim())) return "Enter a whole number of minutes.";
  const minutes = Number(value.trim());
  if (minutes < SESSION_LIMIT_MINUTES_MIN || minutes > SESSION_LIMIT_MINUTES_MAX)
    return `Choose between ${SESSION_LIMIT_MINUTES_MIN} and ${SESSION_LIMIT_MINUTES_MAX} minutes.`;
  return null;
}
