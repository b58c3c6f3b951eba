import { afterEach, describe, expect, it, vi } from "vitest";
import { deviceClassFromWidth, isLandscape, throttle } from "./device-class";
import { getDeviceSnapshot, subscribeDevice } from "./device-store";

describe("deviceClassFromWidth", () => {
  it.each([
    [320, "mobile"],
    [767, "mobile"],
    [768, "tablet"],
    [1000, "tablet"],
    [1024, "tablet"],
    [1025, "desktop"],
    [1920, "desktop"],
  ] as const)("%i px is %s", (width, expected) => {
    expect(deviceClassFromWidth(width)).toBe(expected);
  });

  it("treats a viewport at most 500 px high as landscape", () => {
    expect(isLandscape(500)).toBe(true);
    expect(isLandscape(501)).toBe(false);
  });
});

describe("throttle", () => {
  afterEach(() => vi.useRealTimers());

  it("runs once per window with the latest arguments", () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const throttled = throttle((n: number) => calls.push(n), 100);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(calls).toEqual([3]);
    throttled(4);
    throttled(5);
    vi.advanceTimersByTime(50);
    expect(calls).toEqual([3]);
    vi.advanceTimersByTime(50);
    expect(calls).toEqual([3, 5]);
  });
});

describe("device store", () => {
  afterEach(() => vi.useRealTimers());

  it("follows resize and orientation change, throttled to 100 ms", () => {
    vi.useFakeTimers();
    window.innerWidth = 1280;
    window.innerHeight = 900;
    const seen: string[] = [];
    const unsubscribe = subscribeDevice(() => seen.push(getDeviceSnapshot().deviceClass));
    expect(getDeviceSnapshot()).toEqual({ deviceClass: "desktop", landscape: false });

    window.innerWidth = 800;
    window.dispatchEvent(new Event("resize"));
    window.innerWidth = 375;
    window.dispatchEvent(new Event("resize"));
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual(["mobile"]);

    window.innerWidth = 812;
    window.innerHeight = 375;
    window.dispatchEvent(new Event("orientationchange"));
    vi.advanceTimersByTime(100);
    expect(getDeviceSnapshot()).toEqual({ deviceClass: "tablet", landscape: true });
    unsubscribe();
  });
});
