import { beforeEach, describe, expect, it, vi } from "vitest";
import { allows, CONSENT_STORAGE_KEY, parseConsent, readConsent, saveConsent, subscribeConsent } from "./consent-store";

beforeEach(() => window.localStorage.clear());

describe("consent store", () => {
  it("no stored choice allows only the necessary category", () => {
    expect(readConsent()).toBeNull();
    expect(allows(null, "necessary")).toBe(true);
    expect(allows(null, "analytics")).toBe(false);
    expect(allows(null, "marketing")).toBe(false);
  });

  it("remembers the choice in localStorage, sets no cookie and tells subscribers", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    saveConsent({ analytics: true, marketing: false }, window.localStorage, new Date("2026-11-25T10:00:00.000Z"));
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? "")).toEqual({
      analytics: true,
      marketing: false,
      decided_at: "2026-11-25T10:00:00.000Z",
    });
    expect(document.cookie).toBe("");
    const consent = readConsent();
    expect(allows(consent, "analytics")).toBe(true);
    expect(allows(consent, "marketing")).toBe(false);
    // The same object while nothing changed (useSyncExternalStore needs a stable snapshot).
    expect(readConsent()).toBe(consent);
  });

  it("a malformed or foreign value counts as no choice", () => {
    expect(parseConsent("not json")).toBeNull();
    expect(parseConsent(JSON.stringify({ analytics: "yes", marketing: true, decided_at: "x" }))).toBeNull();
    expect(parseConsent(JSON.stringify({ analytics: true }))).toBeNull();
    expect(parseConsent("x".repeat(600))).toBeNull();
  });
});
