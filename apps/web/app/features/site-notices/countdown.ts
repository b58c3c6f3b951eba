export type Remaining = { days: number; hours: number; minutes: number; seconds: number; done: boolean };

/** Whole units left until `until_ms` (never negative). */
export function remainingUntil(until_ms: number, now_ms: number): Remaining {
  const left = Math.max(0, Math.floor((until_ms - now_ms) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

export function formatRemaining(r: Remaining): string {
  const clock = `${pad(r.hours)}:${pad(r.minutes)}:${pad(r.seconds)}`;
  return r.days > 0 ? `${r.days}d ${clock}` : clock;
}

/** ?from= is only ever a path of this site (never //host or a scheme): where "Try again" goes. */
export function safeReturnPath(from: string | null): string {
  if (!from || !from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return "/";
  return from.slice(0, 500);
}

/** ?until= as epoch ms, or null when absent or not a date. */
export function parseUntil(until: string | null): number | null {
  if (!until) return null;
  const ms = Date.parse(until);
  return Number.isNaN(ms) ? null : ms;
}
