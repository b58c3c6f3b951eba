import { describe, expect, it } from "vitest";
import { claimReload, RELOAD_GUARD_MS } from "./reload-guard";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("claimReload (reload guard, seed 000: 10,000 ms)", () => {
  it("allows one reload, refuses another within 10,000 ms and allows it again after", () => {
    const storage = memoryStorage();
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimReload("build", 1_000_000, storage)).toBe(true);
    expect(claimReload("build", 1_000_000 + 9_999, storage)).toBe(false);
    expect(claimReload("build", 1_000_000 + 10_000, storage)).toBe(true);
  });

  it("guards each reason separately", () => {
    const storage = memoryStorage();
    expect(claimReload("chunk:/slots", 5_000, storage)).toBe(true);
    expect(claimReload("chunk:/slots", 6_000, storage)).toBe(false);
    expect(claimReload("chunk:/live", 6_000, storage)).toBe(true);
    expect(claimReload("build", 6_000, storage)).toBe(true);
  });

  it("refuses without storage, so a tab that cannot remember never loops", () => {
    expect(claimReload("build", 1, null)).toBe(false);
    const broken = { getItem: () => { throw new Error("denied"); }, setItem: () => undefined };
    expect(claimReload("build", 1, broken)).toBe(false);
  });

  it("uses the tab's sessionStorage by default", () => {
    sessionStorage.clear();
    expect(claimReload("build", 50_000)).toBe(true);
    expect(claimReload("build", 55_000)).toBe(false);
  });
});
