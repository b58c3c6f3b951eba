import { describe, expect, it } from "vitest";
import { isUpdateSafe } from "./update-safe";

describe("isUpdateSafe (never reload mid-game or mid-payment)", () => {
  it("waits on a game page", () => {
    expect(isUpdateSafe("/game/house/roulette", "")).toBe(false);
    expect(isUpdateSafe("/game", "")).toBe(false);
  });

  it("waits while the deposit or withdraw dialog or page is open", () => {
    expect(isUpdateSafe("/slots", "?modal=deposit")).toBe(false);
    expect(isUpdateSafe("/", "?page=2&modal=withdraw")).toBe(false);
    expect(isUpdateSafe("/account/wallets/deposit", "")).toBe(false);
    expect(isUpdateSafe("/account/wallets/withdraw", "?step=2")).toBe(false);
  });

  it("allows it anywhere else", () => {
    expect(isUpdateSafe("/", "")).toBe(true);
    expect(isUpdateSafe("/games", "")).toBe(true);
    expect(isUpdateSafe("/slots", "?modal=login")).toBe(true);
    expect(isUpdateSafe("/account/wallets/balance", "")).toBe(true);
  });
});
