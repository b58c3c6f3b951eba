import { afterEach, describe, expect, it, vi } from "vitest";
import { PIXEL_MISSING, trackPixel } from "./pixel-adapter";
import { vendorWindow } from "./vendor-globals";

afterEach(() => {
  delete vendorWindow().fbq;
});

describe("trackPixel", () => {
  it("logs the seed's error when the pixel is not installed", () => {
    const log = { error: vi.fn() };
    trackPixel({ name: "Lead" }, log);
    expect(log.error).toHaveBeenCalledWith(PIXEL_MISSING);
    expect(PIXEL_MISSING).toBe("Facebook Pixel not installed");
  });

  it("sends Lead, and Purchase with value and currency only when the value is above 0", () => {
    const fbq = vi.fn();
    vendorWindow().fbq = fbq;
    trackPixel({ name: "Lead" });
    trackPixel({ name: "Purchase", value: "25.50", currency: "EUR" });
    trackPixel({ name: "Purchase", value: "0.00", currency: "EUR" });
    trackPixel({ name: "Purchase", value: "10", currency: null });
    expect(fbq.mock.calls).toEqual([
      ["track", "Lead"],
      ["track", "Purchase", { value: 25.5, currency: "EUR" }],
      ["track", "Purchase"],
      ["track", "Purchase"],
    ]);
  });
});
