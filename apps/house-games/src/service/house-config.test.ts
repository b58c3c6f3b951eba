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
