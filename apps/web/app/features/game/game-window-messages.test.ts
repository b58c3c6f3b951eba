import { describe, expect, it } from "vitest";
import { parseGameWindowMessage, returnPathFor } from "./game-window-messages";

describe("parseGameWindowMessage", () => {
  it("reads the house provider's messages", () => {
    expect(parseGameWindowMessage({ type: "close" })).toEqual({ action: "close", mobileSearch: false });
    expect(parseGameWindowMessage({ type: "lobby" })).toEqual({ action: "lobby", mobileSearch: false });
    expect(parseGameWindowMessage({ type: "lobby", mobile_search: true })).toEqual({ action: "lobby", mobileSearch: true });
  });

  it("reads other providers' wordings: bare strings, JSON strings, other keys", () => {
    expect(parseGameWindowMessage("closeGame")).toEqual({ action: "close", mobileSearch: false });
    expect(parseGameWindowMessage("GAME_CLOSE")).toEqual({ action: "close", mobileSearch: false });
    expect(parseGameWindowMessage('{"event":"returnToLobby","mobileSearch":true}')).toEqual({ action: "lobby", mobileSearch: true });
    expect(parseGameWindowMessage({ action: "go-to-lobby" })).toEqual({ action: "lobby", mobileSearch: false });
    expect(parseGameWindowMessage({ msgId: "exit" })).toEqual({ action: "close", mobileSearch: false });
  });

  it("ignores everything else", () => {
    for (const data of [null, 42, "", "spin", { type: "balance", value: "1" }, { type: 5 }, "{broken", "x".repeat(100), ["close"]]) {
      expect(parseGameWindowMessage(data)).toBeNull();
    }
  });
});

describe("returnPathFor", () => {
  const close = { action: "close" as const, mobileSearch: false };
  it("returns to the stored previous page, or / when none or unsafe", () => {
    expect(returnPathFor(close, "/slots/popular?x=1")).toBe("/slots/popular?x=1");
    expect(returnPathFor(close, null)).toBe("/");
    expect(returnPathFor(close, "//evil.example/")).toBe("/");
  });

  it("the mobile-search flag resets the sidebar: the search drawer is not reopened", () => {
    expect(returnPathFor({ action: "lobby", mobileSearch: true }, "/live?modal=search&filter=x")).toBe("/live?filter=x");
    expect(returnPathFor({ action: "lobby", mobileSearch: true }, "/?modal=search")).toBe("/");
    expect(returnPathFor({ action: "lobby", mobileSearch: false }, "/?modal=search")).toBe("/?modal=search");
  });
});
