import { describe, expect, it } from "vitest";
import { installedRuleUpdate, isStandaloneDisplay } from "./installed-rule";

describe("installedRuleUpdate (seed 000, app-installed)", () => {
  it("standalone without pwa_opened saves pwa_opened, and pwa_installed when not set", () => {
    expect(installedRuleUpdate(true, { pwa_installed: false, pwa_opened: false })).toEqual({ pwa_opened: true, pwa_installed: true });
    expect(installedRuleUpdate(true, { pwa_installed: true, pwa_opened: false })).toEqual({ pwa_opened: true });
  });

  it("standalone with pwa_opened saves nothing", () => {
    expect(installedRuleUpdate(true, { pwa_installed: true, pwa_opened: true })).toBeNull();
  });

  it("a browser tab with pwa_opened saves pwa_opened false and leaves pwa_installed", () => {
    expect(installedRuleUpdate(false, { pwa_installed: true, pwa_opened: true })).toEqual({ pwa_opened: false });
  });

  it("a browser tab without pwa_opened saves nothing", () => {
    expect(installedRuleUpdate(false, { pwa_installed: true, pwa_opened: false })).toBeNull();
    expect(installedRuleUpdate(false, { pwa_installed: false, pwa_opened: false })).toBeNull();
  });
});

describe("isStandaloneDisplay", () => {
  const fakeWindow = (standaloneQuery: boolean, iosStandalone?: boolean) =>
    ({
      navigator: { standalone: iosStandalone },
      matchMedia: (query: string) => ({ matches: standaloneQuery && query === "(display-mode: standalone)" }),
    }) as unknown as Window;

  it("reads the display-mode media query and iOS's navigator.standalone", () => {
    expect(isStandaloneDisplay(fakeWindow(true))).toBe(true);
    expect(isStandaloneDisplay(fakeWindow(false, true))).toBe(true);
    expect(isStandaloneDisplay(fakeWindow(false))).toBe(false);
  });
});
