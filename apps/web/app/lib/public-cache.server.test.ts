import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedPublic, clearPublicCache } from "./public-cache.server";

afterEach(() => {
  clearPublicCache();
  vi.useRealTimers();
});

describe("cachedPublic", () => {
  it("serves repeated calls from cache until the TTL passes", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const load = async () => ++calls;
    expect(await cachedPublic("k", 1000, load)).toBe(1);
    expect(await cachedPublic("k", 1000, load)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cachedPublic("k", 1000, load)).toBe(2);
  });

  it("shares one call between concurrent misses", async () => {
    let calls = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    const results = await Promise.all([cachedPublic("k", 1000, load), cachedPublic("k", 1000, load), cachedPublic("k", 1000, load)]);
    expect(results).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
  });

  it("does not keep values the caller rejects (a failed load's empty list)", async () => {
    let calls = 0;
    const load = async () => (++calls === 1 ? [] : ["tag"]);
    const keep = (value: string[]) => value.length > 0;
    expect(await cachedPublic("k", 1000, load, keep)).toEqual([]);
    expect(await cachedPublic("k", 1000, load, keep)).toEqual(["tag"]);
    expect(await cachedPublic("k", 1000, load, keep)).toEqual(["tag"]);
    expect(calls).toBe(2);
  });
});
