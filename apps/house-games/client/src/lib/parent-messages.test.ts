import { describe, expect, it, vi } from "vitest";
import { closeMessage, isLocalPath, lobbyMessage, resolveParentOrigin, sendToParent } from "./parent-messages.ts";

describe("messages to the embedding page", () => {
  it("has exactly the close and lobby payloads", () => {
    expect(closeMessage()).toEqual({ type: "close" });
    expect(lobbyMessage()).toEqual({ type: "lobby" });
    expect(lobbyMessage(true)).toEqual({ type: "lobby", mobile_search: true });
  });

  it("resolves the parent origin: parameter, ancestors, referrer, then its own", () => {
    const base = { search: "", referrer: "", ownOrigin: "https://games.example" };
    expect(resolveParentOrigin({ ...base, search: "?parent_origin=https%3A%2F%2Fcasino.example%2Fgame%2Fx" })).toBe(
      "https://casino.example",
    );
    expect(resolveParentOrigin({ ...base, ancestorOrigins: ["https://a.example"], referrer: "https://b.example/x" })).toBe(
      "https://a.example",
    );
    expect(resolveParentOrigin({ ...base, referrer: "https://b.example/game/house/slot" })).toBe("https://b.example");
    expect(resolveParentOrigin({ ...base, referrer: "javascript:alert(1)" })).toBe("https://games.example");
    expect(resolveParentOrigin(base)).toBe("https://games.example");
  });

  it("posts to the parent with the explicit origin, never '*'", () => {
    const parent = { postMessage: vi.fn() };
    const navigate = vi.fn();
    const result = sendToParent(lobbyMessage(), { self: {}, parent, origin: "https://casino.example", navigate });
    expect(result).toBe("posted");
    expect(parent.postMessage).toHaveBeenCalledWith({ type: "lobby" }, "https://casino.example");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("without a frame goes to a local exit URL, or to / for anything else", () => {
    const self = { postMessage: vi.fn() };
    const navigate = vi.fn();
    expect(sendToParent(closeMessage(), { self, parent: self, origin: "x", navigate, exitUrl: "/slots" })).toBe("navigated");
    expect(navigate).toHaveBeenLastCalledWith("/slots");
    sendToParent(closeMessage(), { self, parent: self, origin: "x", navigate, exitUrl: "//evil.example/" });
    expect(navigate).toHaveBeenLastCalledWith("/");
    expect(self.postMessage).not.toHaveBeenCalled();
    expect(isLocalPath("/\\evil.example")).toBe(false);
  });
});
