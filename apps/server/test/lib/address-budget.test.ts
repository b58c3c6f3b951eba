import { describe, expect, it } from "vitest";
import { createAddressBudget } from "../../src/lib/address-budget.ts";

describe("createAddressBudget", () => {
  it("grants a minute's worth at once, then one token per 60/per_minute seconds", () => {
    const budget = createAddressBudget({ per_minute: 3 });
    expect([0, 0, 0].map(() => budget.take("a", 0))).toEqual([0, 0, 0]);
    expect(budget.take("a", 0)).toBe(20);
    expect(budget.take("a", 19_000)).toBe(1);
    expect(budget.take("a", 20_000)).toBe(0);
    expect(budget.take("a", 20_000)).toBe(20);
    // Idle time refills up to the cap, never past it.
    expect([0, 0, 0, 0].map(() => budget.take("a", 3_600_000))).toEqual([0, 0, 0, 20]);
  });

  it("keeps a budget per address and forgets the oldest beyond its bound", () => {
    const budget = createAddressBudget({ per_minute: 1, max_addresses: 2 });
    expect(budget.take("a", 0)).toBe(0);
    expect(budget.take("b", 0)).toBe(0);
    expect(budget.take("a", 0)).toBe(60);
    expect(budget.take("c", 0)).toBe(0);
    // "b" was the least recently used and was dropped: it starts full again.
    expect(budget.take("b", 0)).toBe(0);
  });
});
