import { describe, expect, it } from "vitest";
import { afterEmailApproval, emailApprovalParam, interpretPayloadParam, providerReturnParam, withoutProviderParams } from "./query-params";

const encode = (value: unknown) => btoa(JSON.stringify(value));
const params = (text: string) => new URLSearchParams(text);

describe("payload parameter", () => {
  it("'User not authorized' strips payload and alertify and stays", () => {
    const outcome = interpretPayloadParam(params(`foo=1&payload=${encodeURIComponent(encode({ error: "User not authorized" }))}&alertify=1`));
    expect(outcome?.kind).toBe("not-authorized");
    expect(outcome?.search.toString()).toBe("foo=1");
  });

  it("any other error strips them and opens the login dialog", () => {
    const outcome = interpretPayloadParam(params(`payload=${encodeURIComponent(encode({ error: "Provider refused" }))}&alertify=1`));
    expect(outcome?.kind).toBe("error");
    expect(outcome?.search.get("modal")).toBe("login");
    expect(outcome?.search.has("payload")).toBe(false);
    expect(outcome?.search.has("alertify")).toBe(false);
  });

  it("a refresh_token strips the parameters and hands the tokens over", () => {
    const outcome = interpretPayloadParam(params(`payload=${encode({ refresh_token: "r.t.x", access_token: "a.t.x" })}&page=2`));
    expect(outcome).toEqual({ kind: "tokens", search: params("page=2"), tokens: { refresh_token: "r.t.x", access_token: "a.t.x" } });
  });

  it("reads URL-safe base64 without padding", () => {
    const urlSafe = encode({ error: "User not authorized", note: "??>>" }).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(interpretPayloadParam(params(`payload=${urlSafe}`))?.kind).toBe("not-authorized");
  });

  it("an unreadable payload is stripped; no payload or an empty one asks for nothing", () => {
    expect(interpretPayloadParam(params("payload=%%%not-base64"))).toMatchObject({ kind: "unreadable" });
    expect(interpretPayloadParam(params("modal=login"))).toBeNull();
    expect(interpretPayloadParam(params(`payload=${encode({ hello: "world" })}`))).toBeNull();
  });
});

describe("token parameter (email approval)", () => {
  it("approves with the token and asks for the deposit dialog after a /deposit suffix", () => {
    expect(emailApprovalParam(params("token=abc123"))).toEqual({ token: "abc123", openDeposit: false });
    expect(emailApprovalParam(params("token=abc123/deposit"))).toEqual({ token: "abc123", openDeposit: true });
    expect(afterEmailApproval(params("token=abc123/deposit&x=1"), true).toString()).toBe("x=1&modal=deposit");
    expect(afterEmailApproval(params("token=abc123&modal=approveEmail"), false).toString()).toBe("");
  });

  it("ignores the token of a password reset link", () => {
    expect(emailApprovalParam(params("modal=setNewPassword&token=abc"))).toBeNull();
  });
});

describe("provider return", () => {
  it("needs state and code, and every provider parameter is removed afterwards", () => {
    expect(providerReturnParam(params("code=only"))).toBeNull();
    const search = params("state=s1&code=c1&scope=openid&authuser=0&prompt=consent&hd=example.com&keep=1");
    expect(providerReturnParam(search)).toEqual({ state: "s1", code: "c1", scope: "openid", authuser: "0", prompt: "consent", hd: "example.com" });
    expect(withoutProviderParams(search).toString()).toBe("keep=1");
  });
});
