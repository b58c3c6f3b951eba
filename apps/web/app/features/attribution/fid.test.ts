import { describe, expect, it } from "vitest";
import { attributionFields, cleanFid, fidSetCookie, readFid } from "./fid";

describe("fid attribution", () => {
  it("sets a first-party cookie from the address", () => {
    const header = fidSetCookie(new URL("https://casino.test/slots?fid=cmp-42&x=1"), null);
    expect(header).toMatch(/^fid=cmp-42; Max-Age=2592000; Path=\/; SameSite=Lax$/);
  });

  it("sets nothing without a fid, or when the cookie already holds it", () => {
    expect(fidSetCookie(new URL("https://casino.test/"), null)).toBeNull();
    expect(fidSetCookie(new URL("https://casino.test/?fid=cmp-42"), "a=1; fid=cmp-42")).toBeNull();
    expect(fidSetCookie(new URL("https://casino.test/?fid=cmp-43"), "fid=cmp-42")).toContain("fid=cmp-43");
  });

  it("refuses control characters and spaces, and cuts long values", () => {
    expect(cleanFid("a b")).toBeNull();
    expect(cleanFid("a\u0000b")).toBeNull();
    expect(cleanFid("  ")).toBeNull();
    expect(cleanFid("x".repeat(300))).toHaveLength(200);
  });

  it("is read back for trackers and sign-up", () => {
    expect(readFid("btag=b1; fid=cmp%2D7")).toBe("cmp-7");
    expect(attributionFields("fid=cmp-7")).toEqual({ fid: "cmp-7" });
    expect(attributionFields("btag=b1")).toEqual({});
  });
});
