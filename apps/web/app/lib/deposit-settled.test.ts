import { describe, expect, it, vi } from "vitest";
import { announceDepositSettled, onDepositSettled } from "./deposit-settled";

describe("deposit settled", () => {
  it("an announcement before any listener reaches the first listener once, later ones only hear new ones", async () => {
    announceDepositSettled();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onDepositSettled(first);
    await Promise.resolve();
    expect(first).toHaveBeenCalledTimes(1);
    const stopSecond = onDepositSettled(second);
    await Promise.resolve();
    expect(second).not.toHaveBeenCalled();

    announceDepositSettled();
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(1);
    stopFirst();
    stopSecond();
  });
});
