import { describe, expect, it } from "vitest";
import { toSafeExternalUrl, UnsafeNavigationError } from "./safe-external-url";

describe("toSafeExternalUrl", () => {
  it("accepts https and http targets with the external flag", () => {
    expect(toSafeExternalUrl("https://pay.example.com/checkout?id=1", { external: true }).href).toBe(
      "https://pay.example.com/checkout?id=1",
    );
    expect(toSafeExternalUrl("http://example.org", { external: true }).hostname).toBe("example.org");
  });

  it("refuses without the explicit external flag", () => {
    expect(() => toSafeExternalUrl("https://example.com", {})).toThrow(UnsafeNavigationError);
    expect(() => toSafeExternalUrl("https://example.com", { external: false })).toThrow(UnsafeNavigationError);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "  javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    "VBSCRIPT:msgbox(1)",
  ])("rejects the dangerous target %j", (target) => {
    expect(() => toSafeExternalUrl(target, { external: true })).toThrow(UnsafeNavigationError);
  });

  it("rejects what is not a URL", () => {
    expect(() => toSafeExternalUrl("not a url", { external: true })).toThrow(UnsafeNavigationError);
  });

  it("resolves relative targets against a base", () => {
    expect(toSafeExternalUrl("/api/v1/x", { external: true }, "https://casino.example/").href).toBe(
      "https://casino.example/api/v1/x",
    );
  });
});
