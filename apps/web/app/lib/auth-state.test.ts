import { describe, expect, it } from "vitest";
import { authStateFromRequest } from "./auth-state";

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const jwt = (claims: object) => `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.signature`;
const NOW = 1_800_000_000;

describe("authStateFromRequest (who a server render is for)", () => {
  it("is the player of the bearer token the host derived from the refresh cookie", () => {
    const headers = new Headers({ authorization: `Bearer ${jwt({ sub: "user-1", sid: "s", exp: NOW + 60 })}` });
    expect(authStateFromRequest(headers, NOW)).toEqual({ authenticated: true, userId: "user-1" });
  });

  it("is a visitor without a token, with an anonymous or an expired one, and whatever token cookies say", () => {
    expect(authStateFromRequest(new Headers(), NOW)).toEqual({ authenticated: false, userId: null });
    expect(
      authStateFromRequest(new Headers({ authorization: `Bearer ${jwt({ sid: "s", exp: NOW + 60 })}` }), NOW)
        .authenticated,
    ).toBe(false);
    expect(
      authStateFromRequest(new Headers({ authorization: `Bearer ${jwt({ sub: "u", exp: NOW - 1 })}` }), NOW)
        .authenticated,
    ).toBe(false);
    // The old script-written cookies prove nothing any more.
    const forged = new Headers({ cookie: `access_token=${jwt({ sub: "user-1", exp: NOW + 600 })}` });
    expect(authStateFromRequest(forged, NOW)).toEqual({ authenticated: false, userId: null });
  });
});
