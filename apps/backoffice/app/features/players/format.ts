import { formatAmount } from "@croupier/contract/money";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/** A timestamp from the API, in UTC (staff in several offices compare times with the logs). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "—";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${dateTime.format(date)} UTC`;
}

/** "1,234.50 USD". */
export const formatMoney = (value: string, decimals: number, currency: string) =>
  `${formatAmount(value, decimals)} ${currency}`;

export const playerName = (p: { first_name: string | null; last_name: string | null; email: string }) =>
  [p.first_name, p.last_name].filter(Boolean).join(" ") || p.email;
