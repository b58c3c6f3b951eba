import { afterEach, describe, expect, it } from "vitest";
import { CONSENT_DECIDED_ATTRIBUTE, CONSENT_HINT_SCRIPT } from "./consent-hint";
import { CONSENT_STORAGE_KEY, parseConsent } from "./consent-store";

function runHint(stored: string | null) {
  document.documentElement.removeAttribute(CONSENT_DECIDED_ATTRIBUTE);
  window.localStorage.clear();
  if (stored !== null) window.localStorage.setItem(CONSENT_STORAGE_KEY, stored);
  // What the browser does with the inline script in <head>.
  new Function(CONSENT_HINT_SCRIPT)();
  return document.documentElement.hasAttribute(CONSENT_DECIDED_ATTRIBUTE);
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute(CONSENT_DECIDED_ATTRIBUTE);
});

describe("the consent hint script", () => {
  const decided = JSON.stringify({ analytics: false, marketing: true, decided_at: "2026-11-01T00:00:00Z" });
  const cases: Array<[string, string | null]> = [
    ["a stored choice", decided],
    ["nothing stored", null],
    ["not JSON", "{analytics"],
    ["JSON null", "null"],
    ["a category missing", JSON.stringify({ analytics: true, decided_at: "2026-11-01T00:00:00Z" })],
    [
      "a category not a boolean",
      JSON.stringify({ analytics: "yes", marketing: true, decided_at: "2026-11-01T00:00:00Z" }),
    ],
    ["no decision time", JSON.stringify({ analytics: true, marketing: true })],
    ["over 500 characters", JSON.stringify({ analytics: true, marketing: true, decided_at: "x".repeat(500) })],
  ];

  it.each(cases)("marks <html> exactly when parseConsent accepts the value: %s", (_name, stored) => {
    expect(runHint(stored)).toBe(parseConsent(stored) !== null);
  });

  it("marks a stored choice and leaves an undecided visitor unmarked", () => {
    expect(runHint(decided)).toBe(true);
    expect(runHint(null)).toBe(false);
  });
});
