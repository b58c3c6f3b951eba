import { describe, expect, it } from "vitest";
import { loadHouseConfig } from "./house-config.ts";

describe("HOUSE_LIVE_TIMINGS", () => {
  it("overrides every live table's betting, drawing and result seconds; unset keeps each table's own", () => {
    expect(loadHouseConfig({}).liveTimings).toBeNull();
    expect(loadHouseConfig({ HOUSE_LIVE_TIMINGS: "6,2,3" }).liveTimings).toEqual({ bettingSeconds: 6, drawSeconds: 2, resultSeconds: 3 });
  });

  it("refuses a window too short to bet in and malformed values", () => {
    expect(() => loadHouseConfig({ HOUSE_LIVE_TIMINGS: "2,1,1" })).toThrow(/HOUSE_LIVE_TIMINGS/);
    expect(() => loadHouseConfig({ HOUSE_LIVE_TIMINGS: "6,0,3" })).toThrow(/HOUSE_LIVE_TIMINGS/);
    expect(() => loadHouseConfig({ HOUSE_LIVE_TIMINGS: "6s,2,3" })).toThrow(/HOUSE_LIVE_TIMINGS/);
  });
});

describe("no jurisdiction switch of the provider's own (ADR 010)", () => {
  it("refuses HOUSE_JURISDICTION, HOUSE_MIN_SPIN_INTERVAL_MS and HOUSE_AUTOPLAY, saying to use JURISDICTION", () => {
    expect(() => loadHouseConfig({ HOUSE_JURISDICTION: "UK" })).toThrow(/HOUSE_JURISDICTION is no longer read; set JURISDICTION/);
    expect(() => loadHouseConfig({ HOUSE_MIN_SPIN_INTERVAL_MS: "2500", HOUSE_AUTOPLAY: "false" })).toThrow(/HOUSE_MIN_SPIN_INTERVAL_MS, HOUSE_AUTOPLAY are no longer read/);
    expect(loadHouseConfig({ HOUSE_JURISDICTION: "" })).not.toHaveProperty("jurisdiction");
  });
});
