import { describe, expect, it } from "vitest";
import { loginRedirectPath, nextAccountReturnPath, safeReturnPath, shouldScrollToTop } from "./navigation-rules";

const at = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

describe("shouldScrollToTop", () => {
  it("scrolls to top on an ordinary route change", () => {
    expect(shouldScrollToTop(at("/"), at("/live"))).toBe(true);
    expect(shouldScrollToTop(null, at("/slots"))).toBe(true);
  });

  it("keeps position for a hash, a modal, or when leaving a game page", () => {
    expect(shouldScrollToTop(at("/"), at("/faq", "", "#deposits"))).toBe(false);
    expect(shouldScrollToTop(at("/live"), at("/live", "?modal=login"))).toBe(false);
    expect(shouldScrollToTop(at("/game/house/dice"), at("/slots"))).toBe(false);
    expect(shouldScrollToTop(at("/game/house/dice"), at("/game/house/mines"))).toBe(true);
  });
});

describe("nextAccountReturnPath", () => {
  it("remembers the page before the account area and keeps it inside", () => {
    const first = nextAccountReturnPath(null, at("/slots", "?x=1"), at("/account/limit"));
    expect(first).toBe("/slots?x=1");
    expect(nextAccountReturnPath(first, at("/account/limit"), at("/account/history"))).toBe("/slots?x=1");
  });

  it("clears it when leaving the account area", () => {
    expect(nextAccountReturnPath("/slots", at("/account/limit"), at("/live"))).toBeNull();
  });

  it("has nothing to remember on a direct load", () => {
    expect(nextAccountReturnPath(null, null, at("/account"))).toBeNull();
  });
});

describe("login redirect", () => {
  it("opens the login dialog on the base page and remembers the target", () => {
    expect(loginRedirectPath("/slots?x=1", "/account/limit")).toBe(
      "/slots?x=1&modal=login&return_to=%2Faccount%2Flimit",
    );
  });

  it("never uses another origin as base or return target", () => {
    expect(loginRedirectPath("//evil.example/x", "/account")).toBe("/?modal=login&return_to=%2Faccount");
    expect(safeReturnPath("https://evil.example")).toBeNull();
    expect(safeReturnPath("/\\evil.example")).toBeNull();
    expect(safeReturnPath("/account/limit")).toBe("/account/limit");
  });
});
