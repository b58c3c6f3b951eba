import { afterEach, describe, expect, it } from "vitest";
import {
  clearTokens,
  currentAccessToken,
  handOverRefreshToken,
  readTokens,
  subscribeAccessToken,
  writeTokens,
} from "./token-store";

// Issue #13, item 7: no token in a script-readable cookie; the access token lives in memory only.
afterEach(() => clearTokens());

describe("token store (memory only)", () => {
  it("keeps the access token in memory and writes nothing to document.cookie", () => {
    writeTokens({ access_token: "a.b.c", refresh_token: "r.e.f" });
    expect(currentAccessToken()).toBe("a.b.c");
    expect(document.cookie).toBe("");
    // A body's refresh token (an old browser without Sec-Fetch-Mode) is not kept: the cookie has it.
    expect(readTokens()).toEqual({ access: "a.b.c", refresh: null });
  });

  it("holds a handed-over refresh token only until the next tokens arrive, and clears everything", () => {
    handOverRefreshToken("handed.over.token");
    expect(readTokens()).toEqual({ access: null, refresh: "handed.over.token" });
    writeTokens({ access_token: "next.access.token", refresh_token: "" });
    expect(readTokens()).toEqual({ access: "next.access.token", refresh: null });
    clearTokens();
    expect(readTokens()).toEqual({ access: null, refresh: null });
  });

  it("tells subscribers when the access token changes (the session list marks this device once it arrives)", () => {
    const seen: (string | null)[] = [];
    const unsubscribe = subscribeAccessToken(() => seen.push(currentAccessToken()));
    writeTokens({ access_token: "first.access.token", refresh_token: "" });
    writeTokens({ access_token: "first.access.token", refresh_token: "" });
    clearTokens();
    unsubscribe();
    writeTokens({ access_token: "later.access.token", refresh_token: "" });
    expect(seen).toEqual(["first.access.token", null]);
  });
});
