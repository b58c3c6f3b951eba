import { useEffect, useState } from "react";

/**
 * Milliseconds until `until` (never below 0), ticking once a second in the browser. The server
 * decides when a bonus expires; this only shows the time left.
 */
export function useCountdown(until: string | null): number {
  const target = until ? Date.parse(until) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(target) || target <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);
  return Number.isNaN(target) ? 0 : Math.max(0, target - now);
}

/** "6d 23h 59m" for days away, "23:59:58" within a day, "0:00:00" once passed. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}
