import type { CoinBalance, MiningSpeed } from "@croupier/contract/entities/loyalty";
import { useEffect, useId, useState } from "react";

/** How long after a period's end the server's accrual is expected (its job lag plus a pass). */
const ACCRUAL_GRACE_MS = 25_000;
const TICK_MS = 200;
const coinFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/**
 * The coins the player has now, as the counter shows them: the last credited balance plus the time
 * since the period being mined began × the current speed. An estimate between accruals (coins are
 * credited per period, ADR 036); each accrual's event resyncs it from the server.
 */
export function liveCoins(balance: CoinBalance, speed: MiningSpeed, now: number): number {
  const base = Number(balance.balance);
  if (!balance.last_accrual_at || speed.next_accrual_time === null) return base;
  const elapsed = Math.max(0, (now - Date.parse(balance.last_accrual_at)) / 1000);
  return base + elapsed * Number(speed.speed_per_second);
}

/**
 * The live coin counter: ticks several times a second (once a second with reduced motion) and asks
 * the server again shortly after each period should have been credited, in case no realtime event
 * arrives (socket down).
 */
export function CoinCounter({ balance, speed, onResync }: { balance: CoinBalance; speed: MiningSpeed; onResync: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const reduced = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const timer = window.setInterval(() => setNow(Date.now()), reduced ? 1000 : TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!speed.next_accrual_time) return;
    const due = Date.parse(speed.next_accrual_time) + ACCRUAL_GRACE_MS - Date.now();
    const timer = window.setTimeout(onResync, Math.max(ACCRUAL_GRACE_MS, due));
    return () => window.clearTimeout(timer);
  }, [speed.next_accrual_time, onResync]);
  const labelId = useId();
  const value = liveCoins(balance, speed, now);
  return (
    <div className="space-y-1">
      <p className="text-sm text-mist-300" id={labelId}>
        Your coins
      </p>
      {/* Not a live region: it changes every fraction of a second. The label and the speed say what it is. */}
      <p
        aria-labelledby={labelId}
        aria-live="off"
        data-testid="coin-counter"
        data-value={value.toFixed(4)}
        className="font-mono text-4xl font-bold text-gold-400 tabular-nums"
      >
        {coinFormat.format(value)}
      </p>
      <p className="text-sm text-mist-400" data-testid="coin-speed">
        {speed.is_active ? "Playing: " : "Idle: "}
        {speed.speed_per_hour} coins per hour
        {speed.multiplier_applied !== "1" ? ` (×${speed.multiplier_applied})` : ""}
        {speed.next_accrual_time === null ? " · place a bet to start mining" : ""}
      </p>
    </div>
  );
}
