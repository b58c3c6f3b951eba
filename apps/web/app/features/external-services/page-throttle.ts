// The engagement service's page calls (seed): at most one per 2,000 ms, each 150 ms after its trigger
// so a burst of events (focus + visibility + pageshow on returning to a tab) makes one call.

export const PAGE_MIN_INTERVAL_MS = 2000;
export const PAGE_DELAY_MS = 150;

type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
  now: () => number;
};

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
  now: () => Date.now(),
};

/**
 * `trigger()` schedules `call` after the delay; triggers while one is scheduled join it. A call due
 * within the minimum interval of the last one is moved to the end of that interval, not dropped, so
 * the page the player ends on is always reported.
 */
export function createPageThrottle(call: () => void, timers: Timers = realTimers) {
  let pending: unknown;
  let lastCall_ms = Number.NEGATIVE_INFINITY;

  const fire = () => {
    pending = undefined;
    lastCall_ms = timers.now();
    call();
  };

  return {
    trigger() {
      if (pending !== undefined) return;
      const wait_ms = Math.max(PAGE_DELAY_MS, lastCall_ms + PAGE_MIN_INTERVAL_MS - timers.now());
      pending = timers.setTimeout(fire, wait_ms);
    },
    cancel() {
      if (pending !== undefined) timers.clearTimeout(pending as never);
      pending = undefined;
    },
  };
}
