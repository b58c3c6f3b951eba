import { describe, expect, it } from "vitest";
import { createPageThrottle, PAGE_DELAY_MS, PAGE_MIN_INTERVAL_MS } from "./page-throttle";

/** A hand-driven clock: timers run only when the test advances time. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    timers: {
      setTimeout: (callback: () => void, ms: number) => {
        const id = next++;
        timers.set(id, { at: now + ms, callback });
        return id;
      },
      clearTimeout: (id: never) => void timers.delete(id),
      now: () => now,
    },
    advance(ms: number) {
      const target = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = target;
    },
    pending: () => [...timers.values()].map((t) => t.at),
  };
}

describe("createPageThrottle (engagement page calls)", () => {
  it("calls once, 150 ms after a burst of triggers", () => {
    const clock = manualTimers();
    const calls: number[] = [];
    const throttle = createPageThrottle(() => calls.push(clock.timers.now()), clock.timers);
    throttle.trigger();
    throttle.trigger();
    throttle.trigger();
    clock.advance(PAGE_DELAY_MS - 1);
    expect(calls).toEqual([]);
    clock.advance(1);
    expect(calls).toEqual([PAGE_DELAY_MS]);
  });

  it("keeps 2,000 ms between calls and moves a later trigger to the end of the interval instead of dropping it", () => {
    const clock = manualTimers();
    const calls: number[] = [];
    const throttle = createPageThrottle(() => calls.push(clock.timers.now()), clock.timers);
    throttle.trigger();
    clock.advance(PAGE_DELAY_MS);
    clock.advance(500);
    throttle.trigger();
    expect(clock.pending()).toEqual([PAGE_DELAY_MS + PAGE_MIN_INTERVAL_MS]);
    clock.advance(PAGE_MIN_INTERVAL_MS);
    expect(calls).toEqual([PAGE_DELAY_MS, PAGE_DELAY_MS + PAGE_MIN_INTERVAL_MS]);
  });

  it("cancel drops the scheduled call", () => {
    const clock = manualTimers();
    const calls: number[] = [];
    const throttle = createPageThrottle(() => calls.push(clock.timers.now()), clock.timers);
    throttle.trigger();
    throttle.cancel();
    clock.advance(10_000);
    expect(calls).toEqual([]);
  });
});
