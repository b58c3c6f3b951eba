import { useEffect, useState } from "react";
import { formatRemaining, remainingUntil } from "./countdown";
import { NoticeShell } from "./notice-shell";

const RETRIED_KEY = "maintenance-retried";

/**
 * The maintenance page: a countdown to the end the operator gave (if any), and the way back. When
 * the countdown ends it tries the page once by itself; a guard per end time keeps a server that
 * is still in maintenance (or a clock that runs ahead) from bouncing the visitor in a loop.
 */
export function MaintenanceNotice({ until_ms, returnPath }: { until_ms: number | null; returnPath: string }) {
  const [now_ms, setNow] = useState<number | null>(null);

  useEffect(() => {
    setNow(Date.now());
    if (until_ms === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until_ms]);

  const remaining = until_ms !== null && now_ms !== null ? remainingUntil(until_ms, now_ms) : null;

  useEffect(() => {
    if (!remaining?.done || until_ms === null) return;
    const key = `${RETRIED_KEY}:${until_ms}`;
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, "1");
    window.location.assign(returnPath);
  }, [remaining?.done, until_ms, returnPath]);

  return (
    <NoticeShell title="We'll be right back">
      <p className="text-mist-300">This part of the site is closed for maintenance. Your balance and bets are safe.</p>
      {until_ms !== null ? (
        <div>
          <p className="text-sm text-mist-400">Expected back in</p>
          <p
            className="font-mono text-4xl font-bold tabular-nums"
            role="timer"
            aria-live="off"
            data-testid="maintenance-countdown"
          >
            {remaining ? formatRemaining(remaining) : "--:--:--"}
          </p>
          <p className="mt-1 text-xs text-mist-400">
            <time dateTime={new Date(until_ms).toISOString()}>{new Date(until_ms).toUTCString()}</time>
          </p>
        </div>
      ) : (
        <p className="text-mist-400">We don't have an end time yet. Please check back soon.</p>
      )}
      <a
        href={returnPath}
        className="inline-block rounded-lg bg-gold-400 px-5 py-2.5 font-semibold text-ink-950 hover:bg-gold-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
      >
        Try again
      </a>
    </NoticeShell>
  );
}
