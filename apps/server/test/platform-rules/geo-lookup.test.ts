import { describe, expect, it, vi } from "vitest";
import { geoLookup } from "../../src/modules/geo/geo-lookup.ts";
import { writeTestCountryDb } from "./write-test-mmdb.ts";

describe("GeoIP country lookup (local MaxMind DB through mmdb-lib)", () => {
  it("answers the country of an address inside a network, null outside", () => {
    const file = writeTestCountryDb({ "203.0.113.0/24": "FR", "198.51.100.0/25": "GB" });
    const lookup = geoLookup(file, { warn: vi.fn() });
    expect(lookup.available).toBe(true);
    expect(lookup.country("203.0.113.7")).toBe("FR");
    expect(lookup.country("::ffff:203.0.113.200")).toBe("FR");
    expect(lookup.country("198.51.100.1")).toBe("GB");
    expect(lookup.country("198.51.100.200")).toBeNull();
    expect(lookup.country("192.0.2.1")).toBeNull();
    expect(lookup.country("not an address")).toBeNull();
    expect(lookup.country(null)).toBeNull();
  });

  it("is skipped with a warning when the file is absent, and every lookup is unknown", () => {
    const warn = vi.fn();
    const lookup = geoLookup("/nonexistent/GeoLite2-Country.mmdb", { warn });
    expect(lookup.available).toBe(false);
    expect(lookup.country("203.0.113.7")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![1])).toContain("GeoIP database absent");
  });
});
