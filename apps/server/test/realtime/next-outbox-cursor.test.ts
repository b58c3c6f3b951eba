import { describe, expect, it } from "vitest";
import { nextOutboxCursor, OUTBOX_GAP_TTL_MS, type OutboxGap } from "../../src/modules/realtime/next-outbox-cursor.ts";

const now = 1_000_000_000;

describe("nextOutboxCursor (ADR 041)", () => {
  it("moves the head to the highest id read and keeps the ids skipped on the way as gaps", () => {
    expect(nextOutboxCursor(10, [], [11, 12, 15, 19], now)).toEqual({
      head: 19,
      gaps: [
        [13, 14, now],
        [16, 18, now],
      ],
      changed: true,
      forgotten: 0,
    });
  });

  it("splits a gap around the ids that turned up in it and keeps its age", () => {
    const gaps: OutboxGap[] = [[13, 18, now - 500]];
    expect(nextOutboxCursor(19, gaps, [13, 15, 20], now)).toEqual({
      head: 20,
      gaps: [
        [14, 14, now - 500],
        [16, 18, now - 500],
      ],
      changed: true,
      forgotten: 0,
    });
  });

  it("reports no change when nothing was read and no gap expired", () => {
    const gaps: OutboxGap[] = [[5, 5, now - 1_000]];
    expect(nextOutboxCursor(9, gaps, [], now)).toEqual({ head: 9, gaps, changed: false, forgotten: 0 });
  });

  it("forgets gaps past their time-to-live, and the oldest first beyond the cap", () => {
    const expired: OutboxGap = [1, 1, now - OUTBOX_GAP_TTL_MS - 1];
    const young: OutboxGap = [3, 3, now - 10];
    expect(nextOutboxCursor(9, [expired, young], [], now)).toEqual({
      head: 9,
      gaps: [young],
      changed: true,
      forgotten: 1,
    });

    const many: OutboxGap[] = Array.from({ length: 5_000 }, (_, i) => [2 * i + 1, 2 * i + 1, now - 5_000 + i]);
    // One more gap appears (ids 10,001..10,002 skipped): the oldest range goes.
    const next = nextOutboxCursor(10_000, many, [10_003], now);
    expect(next.head).toBe(10_003);
    expect(next.gaps).toHaveLength(5_000);
    expect(next.gaps[0]).toEqual([3, 3, now - 5_000 + 1]);
    expect(next.gaps.at(-1)).toEqual([10_001, 10_002, now]);
    expect(next.forgotten).toBe(1);
  });
});
