import { describe, expect, it } from "vitest";
import { formatRemaining, parseUntil, remainingUntil, safeReturnPath } from "./countdown";

describe("maintenance countdown", () => {
  it("counts whole units down to zero and never below", () => {
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect(formatRemaining(remainingUntil(now + 3_723_000, now))).toBe("01:02:03");
    expect(formatRemaining(remainingUntil(now + 2 * 86_400_000 + 5_000, now))).toBe("2d 00:00:05");
    expect(remainingUntil(now - 10_000, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });

  it("reads until only when it is a date", () => {
    expect(parseUntil("2026-11-25T10:00:00.000Z")).toBe(Date.parse("2026-11-25T10:00:00Z"));
    expect(parseUntil("soon")).toBeNull();
    expect(parseUntil(null)).toBeNull();
  });

  it("goes back only to a path of this site", () => {
    expect(safeReturnPath("/slots?x=1")).toBe("/slots?x=1");
    expect(safeReturnPath("//evil.example/")).toBe("/");
    expect(safeReturnPath("/\\evil.example")).toBe("/");
    expect(safeReturnPath("javascript:alert(1)")).toBe("/");
    expect(safeReturnPath(null)).toBe("/");
  });
});
