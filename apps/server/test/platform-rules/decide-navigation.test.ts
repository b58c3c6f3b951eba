import { describe, expect, it } from "vitest";
import { decideNavigation, pathMatches, type ActiveRule } from "../../src/modules/site-rules/decide-navigation.ts";

const now = new Date("2026-11-25T10:00:00Z");
const rule = (r: Partial<ActiveRule> & Pick<ActiveRule, "kind" | "path_prefix">): ActiveRule => ({
  target: null,
  ends_at: null,
  countries: [],
  ...r,
});
const decide = (path: string, over: Partial<Parameters<typeof decideNavigation>[0]> = {}) =>
  decideNavigation({ path, search: "", country: null, allowedCountries: [], rules: [], now, ...over });

describe("decideNavigation (the per-path rules check)", () => {
  it("matches prefixes on segment boundaries", () => {
    expect(pathMatches("/promo", "/promo")).toBe(true);
    expect(pathMatches("/promo/summer", "/promo")).toBe(true);
    expect(pathMatches("/promotions", "/promo")).toBe(false);
    expect(pathMatches("/anything", "/")).toBe(true);
  });

  it("sends a visitor from a country outside allowed_countries to the restricted-region page, and lets an unknown country through", () => {
    expect(decide("/slots", { country: "FR", allowedCountries: ["GB", "MT"] })).toEqual({
      location: "/restricted-region",
      external: false,
      reason: "country",
    });
    expect(decide("/slots", { country: "GB", allowedCountries: ["GB", "MT"] })).toBeNull();
    expect(decide("/slots", { country: null, allowedCountries: ["GB"] })).toBeNull();
    expect(decide("/slots", { country: "FR", allowedCountries: [] })).toBeNull();
    // The restricted page itself is never redirected (no loop).
    expect(decide("/restricted-region", { country: "FR", allowedCountries: ["GB"] })).toBeNull();
  });

  it("applies a restrict rule only on its path and only to its countries", () => {
    const rules = [rule({ kind: "restrict", path_prefix: "/live", countries: ["DE"] })];
    expect(decide("/live/roulette", { country: "DE", rules })?.location).toBe("/restricted-region");
    expect(decide("/slots", { country: "DE", rules })).toBeNull();
    expect(decide("/live", { country: "FR", rules })).toBeNull();
  });

  it("sends a path under maintenance to the maintenance page with its end for the countdown, until it ends", () => {
    const rules = [rule({ kind: "maintenance", path_prefix: "/live", ends_at: "2026-11-25T11:30:00Z" })];
    expect(decide("/live/blackjack", { rules })).toEqual({
      location: "/maintenance?from=%2Flive%2Fblackjack&until=2026-11-25T11%3A30%3A00.000Z",
      external: false,
      reason: "maintenance",
    });
    expect(decide("/live", { rules, now: new Date("2026-11-25T11:30:01Z") })).toBeNull();
    expect(decide("/live", { rules: [rule({ kind: "maintenance", path_prefix: "/live" })] })?.location).toBe(
      "/maintenance?from=%2Flive",
    );
  });

  it("moves a path internally (keeping the query) or externally (as written), the longest prefix winning", () => {
    const rules = [
      rule({ kind: "redirect", path_prefix: "/old", target: "/new" }),
      rule({ kind: "redirect", path_prefix: "/old/blog", target: "https://blog.example.com/" }),
    ];
    expect(decide("/old/page", { rules, search: "?modal=login" })).toEqual({
      location: "/new?modal=login",
      external: false,
      reason: "redirect",
    });
    expect(decide("/old/blog/post", { rules, search: "?a=1" })).toEqual({
      location: "https://blog.example.com/",
      external: true,
      reason: "redirect",
    });
  });

  it("never redirects to a dangerous protocol, even one stored around the API", () => {
    for (const target of ["javascript:alert(1)", "java\tscript:alert(1)", "data:text/html,hi", "//evil.example/"]) {
      expect(decide("/x", { rules: [rule({ kind: "redirect", path_prefix: "/x", target })] }), target).toBeNull();
    }
  });

  it("puts the country check before maintenance, and maintenance before a move", () => {
    const rules = [
      rule({ kind: "maintenance", path_prefix: "/" }),
      rule({ kind: "redirect", path_prefix: "/a", target: "/b" }),
    ];
    expect(decide("/a", { rules, country: "FR", allowedCountries: ["GB"] })?.reason).toBe("country");
    expect(decide("/a", { rules })?.reason).toBe("maintenance");
    expect(decide("/maintenance", { rules })).toBeNull();
  });
});
