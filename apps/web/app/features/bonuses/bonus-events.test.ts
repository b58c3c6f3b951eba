import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANNOUNCED_BONUS_MS, markBonusAnnounced } from "../../lib/announced-bonuses";
import { bonusEventToast, GRANT_TOAST_WAIT_MS, handleBonusStatusChanged, noteOwnBonusAction, type BonusStatusEvent } from "./bonus-events";

const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock("../../lib/toasts", () => ({
  toastSuccess: (message: string) => toasts.success.push(message),
  toastError: (message: string) => toasts.error.push(message),
  toastServerError: () => undefined,
}));

const event = (over: Partial<BonusStatusEvent> = {}): BonusStatusEvent => ({
  customer_bonus_guid: "80000000-0000-4000-8000-000000000001",
  bonus_guid: "71000000-0000-4000-8000-000000000001",
  wallet_guid: "90000000-0000-4000-8000-000000000001",
  currency_guid: "30000000-0000-4000-8000-000000000001",
  bonus_name: "Welcome bonus",
  event: "granted",
  status: "offered",
  bonus_amount: "50.00",
  wager_left: "500.00",
  wager_amount: "500.00",
  free_spin_count: 0,
  progress_percent: 0,
  ...over,
});

beforeEach(() => {
  toasts.success = [];
  toasts.error = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("bonus events", () => {
  it("words each transition for the player", () => {
    expect(bonusEventToast(event(), "USD")).toEqual({ tone: "success", text: "You have a new bonus: Welcome bonus" });
    expect(bonusEventToast(event({ event: "activated", status: "active" }), "USD")?.text).toBe("Your bonus is active: Welcome bonus");
    expect(bonusEventToast(event({ event: "completed", status: "completed", converted_amount: "1234.50" }), "USD")).toEqual({
      tone: "success",
      text: "Bonus complete: 1,234.50 USD moved to your cash balance",
    });
    expect(bonusEventToast(event({ event: "expired", status: "expired" }), "USD")?.tone).toBe("error");
    expect(bonusEventToast(event({ event: "lost", status: "lost" }), "USD")?.text).toContain("Welcome bonus");
    expect(bonusEventToast(event({ event: "cancelled", status: "cancelled" }), "USD")?.text).toBe("Your bonus was cancelled: Welcome bonus");
    expect(bonusEventToast(event({ event: "progress", status: "active", progress_percent: 50 }), "USD")).toBeNull();
    expect(bonusEventToast(event({ event: "spins_finished", status: "active" }), "USD")).toBeNull();
  });

  it("refetches every bonus query and toasts", () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    handleBonusStatusChanged(client, event(), "USD");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["bonuses"] });
    // The grant's toast waits a moment for a possible activation.
    expect(toasts.success).toEqual([]);
    vi.advanceTimersByTime(GRANT_TOAST_WAIT_MS);
    expect(toasts.success).toEqual(["You have a new bonus: Welcome bonus"]);
  });

  it("says an auto-activated grant once", () => {
    const client = new QueryClient();
    const guid = "80000000-0000-4000-8000-0000000000a1";
    handleBonusStatusChanged(client, event({ customer_bonus_guid: guid }), "USD");
    handleBonusStatusChanged(client, event({ customer_bonus_guid: guid, event: "activated", status: "active" }), "USD");
    vi.advanceTimersByTime(GRANT_TOAST_WAIT_MS * 2);
    expect(toasts.success).toEqual(["You have a new bonus: Welcome bonus. It is active now."]);
    // A later activation of another bonus is its own toast.
    handleBonusStatusChanged(client, event({ event: "activated", status: "active" }), "USD");
    expect(toasts.success.at(-1)).toBe("Your bonus is active: Welcome bonus");
  });

  it("does not repeat a new bonus the page already announced (a redeemed promo code), even if the page answers after the event", () => {
    const client = new QueryClient();
    const guid = "80000000-0000-4000-8000-0000000000b1";
    handleBonusStatusChanged(client, event({ customer_bonus_guid: guid, bonus_name: "FREE10" }), "USD");
    // The promo-code form's answer lands while the grant's toast waits.
    vi.advanceTimersByTime(GRANT_TOAST_WAIT_MS / 2);
    markBonusAnnounced(guid);
    vi.advanceTimersByTime(GRANT_TOAST_WAIT_MS * 2);
    expect(toasts.success).toEqual([]);

    // Announced first, then granted and auto-activated at once: still silent.
    const other = "80000000-0000-4000-8000-0000000000b2";
    markBonusAnnounced(other);
    handleBonusStatusChanged(client, event({ customer_bonus_guid: other }), "USD");
    handleBonusStatusChanged(client, event({ customer_bonus_guid: other, event: "activated", status: "active" }), "USD");
    vi.advanceTimersByTime(GRANT_TOAST_WAIT_MS * 2);
    expect(toasts.success).toEqual([]);

    // Another bonus is announced as usual, and so is this one's later news once the moment has passed.
    handleBonusStatusChanged(client, event({ customer_bonus_guid: "80000000-0000-4000-8000-0000000000b3", bonus_name: "Reload" }), "USD");
    vi.advanceTimersByTime(GRANT_TOAST_WAIT_MS);
    expect(toasts.success).toEqual(["You have a new bonus: Reload"]);
    vi.advanceTimersByTime(ANNOUNCED_BONUS_MS);
    handleBonusStatusChanged(client, event({ customer_bonus_guid: other, event: "completed", status: "completed", converted_amount: "10" }), "USD");
    expect(toasts.success.at(-1)).toBe("Bonus complete: 10 USD moved to your cash balance");
  });

  it("does not toast twice for the player's own cancel, but does for the next one", () => {
    const client = new QueryClient();
    const cancelled = event({ event: "cancelled", status: "cancelled", customer_bonus_guid: "80000000-0000-4000-8000-00000000000c" });
    noteOwnBonusAction(cancelled.customer_bonus_guid, "cancelled");
    handleBonusStatusChanged(client, cancelled, "USD");
    expect(toasts.error).toEqual([]);
    handleBonusStatusChanged(client, cancelled, "USD");
    expect(toasts.error).toEqual(["Your bonus was cancelled: Welcome bonus"]);
  });
});
