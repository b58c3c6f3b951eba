import { REPORT_RANGE_DAYS_MAX, reportDays } from "@croupier/contract/backoffice/reports";

/** The report page's inputs: inclusive days of a time zone ("" = UTC) and a currency code ("" = every currency). */
export type ReportRange = { from: string; to: string; currency: string; tz: string };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last 30 days (UTC dates), today included. */
export function defaultRange(now = new Date()): ReportRange {
  const from = new Date(now.getTime() - 29 * 86_400_000);
  return { from: isoDay(from), to: isoDay(now), currency: "", tz: "" };
}

/** What the server would refuse, said before asking it (the server checks again). */
export function rangeErrors(range: Pick<ReportRange, "from" | "to">): { from?: string; to?: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from)) return { from: "Pick the first day." };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return { to: "Pick the last day." };
  const days = reportDays(range.from, range.to);
  if (days < 1) return { to: "The last day must be on or after the first." };
  if (days > REPORT_RANGE_DAYS_MAX) return { to: `At most ${REPORT_RANGE_DAYS_MAX} days at once.` };
  return {};
}

/** The query string of a report call. */
export const rangeQuery = (range: ReportRange) => ({
  from: range.from,
  to: range.to,
  currency: range.currency || undefined,
  tz: range.tz || undefined,
});

const COMMON_ZONES = [
  "Europe/London",
  "Europe/Malta",
  "America/New_York",
  "America/Toronto",
  "Australia/Sydney",
  "Asia/Tokyo",
];

/** The zones the picker offers besides UTC (value ""): the browser's own and the usual licensing ones. */
export function timeZoneOptions(browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string[] {
  return [...new Set([browserZone, ...COMMON_ZONES])].filter((zone) => zone && zone !== "UTC" && zone !== "Etc/UTC");
}
