import { describe, expect, it } from "vitest";
import { describeError } from "./errors.ts";

describe("error states", () => {
  it("titles the player-facing refusals and keeps the provider's message", () => {
    const funds = describeError({ code: "NOT_ENOUGH_MONEY", message: "Balance 0.50 USD is below the stake 1.00 USD" });
    expect(funds).toMatchObject({ title: "Insufficient funds", message: "Balance 0.50 USD is below the stake 1.00 USD", fatal: false });
    expect(describeError({ code: "LIMIT_REACHED", message: "Daily loss limit reached" })).toMatchObject({ title: "Limit reached", fatal: true });
    expect(describeError({ code: "PLAYER_BLOCKED", message: "x" })).toMatchObject({ title: "Player blocked", fatal: true });
    expect(describeError({ code: "TOKEN_EXPIRED", message: "x" })).toMatchObject({ title: "Session expired", fatal: true });
  });

  it("carries the wait of a too-fast spin and falls back for unknown codes", () => {
    expect(describeError({ code: "TOO_FAST", message: "m", retryAfterMs: 1200 }).retryAfterMs).toBe(1200);
    expect(describeError({ code: "WHATEVER", message: "", status: 503 })).toMatchObject({ title: "Game server error", message: "Please try again.", fatal: false });
  });

  it("tells the player to try again in a moment while the provider's database is unavailable (never fatal)", () => {
    const view = describeError({ code: "SERVICE_UNAVAILABLE", message: "The game server is briefly unavailable. Please try again in a moment.", retryAfterMs: 1000, status: 503 });
    expect(view).toMatchObject({ title: "Try again in a moment", fatal: false, retryAfterMs: 1000 });
  });
});
