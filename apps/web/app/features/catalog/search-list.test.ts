import { describe, expect, it } from "vitest";
import { addRecent, moveActive, readRecent, RECENT_SEARCHES_KEY, RECENT_SEARCHES_MAX, searchTerm, writeRecent } from "./search-list";

describe("moveActive", () => {
  it("steps through the options with the arrows and wraps at both ends", () => {
    expect(moveActive(-1, "ArrowDown", 3)).toBe(0);
    expect(moveActive(0, "ArrowDown", 3)).toBe(1);
    expect(moveActive(2, "ArrowDown", 3)).toBe(0);
    expect(moveActive(-1, "ArrowUp", 3)).toBe(2);
    expect(moveActive(1, "ArrowUp", 3)).toBe(0);
    expect(moveActive(0, "ArrowUp", 3)).toBe(2);
  });

  it("jumps with Home and End and ignores other keys", () => {
    expect(moveActive(1, "Home", 5)).toBe(0);
    expect(moveActive(1, "End", 5)).toBe(4);
    expect(moveActive(1, "Enter", 5)).toBeNull();
    expect(moveActive(1, "a", 5)).toBeNull();
  });

  it("keeps no option active in an empty list", () => {
    expect(moveActive(-1, "ArrowDown", 0)).toBe(-1);
    expect(moveActive(3, "ArrowUp", 0)).toBe(-1);
    expect(moveActive(-1, "Home", 0)).toBeNull();
  });

  it("recovers from an index past the end (the list shrank)", () => {
    expect(moveActive(7, "ArrowDown", 3)).toBe(0);
    expect(moveActive(7, "ArrowUp", 3)).toBe(2);
  });
});

describe("searchTerm", () => {
  it("trims, collapses spaces, needs two characters and caps at 64", () => {
    expect(searchTerm("  gold  ")).toBe("gold");
    expect(searchTerm("pharaoh   gold")).toBe("pharaoh gold");
    expect(searchTerm(" g ")).toBe("");
    expect(searchTerm("x".repeat(80))).toHaveLength(64);
  });
});

describe("recent searches", () => {
  it("puts the newest first, drops case-insensitive duplicates and keeps a few", () => {
    let recent: string[] = [];
    for (const term of ["gold", "roulette", "GOLD", " ", "dice"]) recent = addRecent(recent, term);
    expect(recent).toEqual(["dice", "GOLD", "roulette"]);
    for (let i = 0; i < 10; i++) recent = addRecent(recent, `term ${i}`);
    expect(recent).toHaveLength(RECENT_SEARCHES_MAX);
    expect(recent[0]).toBe("term 9");
  });

  it("round-trips through storage and survives junk in it", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    writeRecent(storage, ["gold", "dice"]);
    expect(readRecent(storage)).toEqual(["gold", "dice"]);
    store.set(RECENT_SEARCHES_KEY, "{not json");
    expect(readRecent(storage)).toEqual([]);
    store.set(RECENT_SEARCHES_KEY, JSON.stringify(["ok", 3, null, "x", "fine"]));
    expect(readRecent(storage)).toEqual(["ok", "fine"]);
    writeRecent(storage, []);
    expect(store.has(RECENT_SEARCHES_KEY)).toBe(false);
    expect(readRecent(undefined)).toEqual([]);
  });
});
