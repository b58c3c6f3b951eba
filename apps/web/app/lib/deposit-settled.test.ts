import { describe, expect, it, vi } from "vitest";
import { announceDepositSettled, onDepositSettled } from "./deposit-settled";

describe("deposit settled", () => {
  it("every listener hears every announcement once, also one made before it subscribed; re-subscribing hears nothing twice", async () => {
    announceDepositSettled();
    const promo = vi.fn();
    const stopPromo = onDepositSettled("promo", promo);
    await Promise.resolve();
    expect(promo).toHaveBeenCalledTimes(1);

    // The first-deposit bridge mounts later (it waits for the player): it still hears it.
    const bridge = vi.fn();
    let stopBridge = onDepositSettled("bridge", bridge);
    await Promise.resolve();
    expect(bridge).toHaveBeenCalledTimes(1);
    expect(promo).toHaveBeenCalledTimes(1);

    // Its effect re-runs: nothing new, nothing heard.
    stopBridge();
    const again = vi.fn();
    stopBridge = onDepositSettled("bridge", again);
    await Promise.resolve();
    expect(again).not.toHaveBeenCalled();

    announceDepositSettled();
    expect(promo).toHaveBeenCalledTimes(2);
    expect(again).toHaveBeenCalledTimes(1);
    expect(bridge).toHaveBeenCalledTimes(1);

    // Unsubscribed before its replay ran: the replay is dropped.
    stopPromo();
    announceDepositSettled();
    const late = vi.fn();
    const stopLate = onDepositSettled("promo", late);
    stopLate();
    await Promise.resolve();
    expect(late).not.toHaveBeenCalled();
    stopBridge();
  });
});
