import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../src/plugins/web-app";

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("contentSecurityPolicy (server-rendered pages)", () => {
  it("allows only this origin and the response's nonce when captcha is off", () => {
    const policy = contentSecurityPolicy("abc123", { captcha: false, websocketOrigin: "wss://casino.example" });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc123'");
    expect(directive(policy, "frame-src")).toBe("frame-src 'self'");
    expect(policy).not.toContain("google");
    expect(policy).not.toContain("gstatic");
  });

  it("lets pages connect only to this origin and its own websocket origin, never any host (issue #13, item 7)", () => {
    const policy = contentSecurityPolicy("abc123", { captcha: false, websocketOrigin: "ws://127.0.0.1:3000" });
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' ws://127.0.0.1:3000");
    for (const wildcard of ["ws:", "wss:", "https:", "http:", "*"]) expect(directive(policy, "connect-src")!.split(" ")).not.toContain(wildcard);
  });

  it("adds Google's reCAPTCHA hosts to scripts and frames when captcha is on, and nowhere else", () => {
    const policy = contentSecurityPolicy("abc123", { captcha: true, websocketOrigin: "wss://casino.example" });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc123' https://www.google.com https://www.gstatic.com");
    expect(directive(policy, "frame-src")).toBe("frame-src 'self' https://www.google.com https://www.gstatic.com");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' wss://casino.example");
    expect(directive(policy, "default-src")).toBe("default-src 'self'");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'self'");
  });
});
