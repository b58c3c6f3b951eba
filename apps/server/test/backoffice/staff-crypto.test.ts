import { afterEach, describe, expect, it, vi } from "vitest";
import { Secret, TOTP } from "otpauth";
import { signChallengeToken, verifyChallengeToken } from "../../src/modules/staff/challenge-token.ts";
import { hashRecoveryCode } from "../../src/modules/staff/staff-recovery-codes.ts";
import { openStaffSecret, sealStaffSecret } from "../../src/modules/staff/staff-secret-box.ts";
import { signStaffToken, verifyStaffToken } from "../../src/modules/staff/staff-token.ts";
import { newTotpSecret, totpStepOf, totpUri } from "../../src/modules/staff/staff-totp.ts";

// The staff module's building blocks: the secret box, TOTP steps, challenge tokens, recovery code hashes.
const KEY = "k".repeat(40);
const env = { JWT_SECRET: "j".repeat(40), JWT_ISSUER: "croupier", JWT_AUDIENCE: "croupier-player" };
const STAFF_ID = "5b0c9f1e-8d7a-4c2b-9e3f-1a2b3c4d5e6f";

afterEach(() => {
  vi.useRealTimers();
});

describe("staff secret box (AES-256-GCM)", () => {
  it("round-trips, never stores the plain secret, and differs each time (random IV)", () => {
    const secret = newTotpSecret();
    const a = sealStaffSecret(KEY, secret);
    const b = sealStaffSecret(KEY, secret);
    expect(a).not.toContain(secret);
    expect(a).not.toBe(b);
    expect(openStaffSecret(KEY, a)).toBe(secret);
    expect(openStaffSecret(KEY, b)).toBe(secret);
  });

  it("opens nothing under another key, tampered, or in another format", () => {
    const sealed = sealStaffSecret(KEY, newTotpSecret());
    expect(openStaffSecret("x".repeat(40), sealed)).toBeNull();
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = body!.slice(0, -2) + (body!.endsWith("AA") ? "BA" : "AA");
    expect(openStaffSecret(KEY, [v, iv, tag, flipped].join("."))).toBeNull();
    expect(openStaffSecret(KEY, "test-secret")).toBeNull();
    expect(openStaffSecret(KEY, `v2.${iv}.${tag}.${body}`)).toBeNull();
  });
});

describe("TOTP (RFC 6238)", () => {
  it("accepts the current step and one either side, with the step it belongs to", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = Date.UTC(2026, 10, 25, 12, 0, 10);
    const step = Math.floor(now / 30_000);
    const at = (offset: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + offset * 30_000 });
    expect(totpStepOf(secret, at(0), now)).toBe(step);
    expect(totpStepOf(secret, at(-1), now)).toBe(step - 1);
    expect(totpStepOf(secret, at(1), now)).toBe(step + 1);
    expect(totpStepOf(secret, at(-2), now)).toBeNull();
    expect(totpStepOf(secret, at(2), now)).toBeNull();
  });

  it("matches the RFC 6238 SHA-1 test vector (8 digits there, the last 6 here)", () => {
    // Appendix B: secret "12345678901234567890", T = 59 s → 94287082.
    const secret = new Secret({ buffer: new TextEncoder().encode("12345678901234567890").buffer as ArrayBuffer })
      .base32;
    expect(totpStepOf(secret, "287082", 59_000)).toBe(1);
  });

  it("names the issuer and the account in the otpauth URI", () => {
    const uri = new URL(totpUri("JBSWY3DPEHPK3PXP", "ops@example.test"));
    expect(uri.host).toBe("totp");
    expect(uri.searchParams.get("issuer")).toBe("Croupier back office");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(uri.pathname)).toBe("/Croupier back office:ops@example.test");
  });
});

describe("challenge tokens", () => {
  it("live 5 minutes, for one step, and are neither staff tokens nor the reverse", async () => {
    const token = await signChallengeToken(env, STAFF_ID, "verify");
    expect(await verifyChallengeToken(env, token, "verify")).toBe(STAFF_ID);
    await expect(verifyChallengeToken(env, token, "enrol")).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(verifyStaffToken(env, token)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const staffToken = await signStaffToken(env, {
      sessionId: STAFF_ID,
      staffId: STAFF_ID,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    });
    await expect(verifyChallengeToken(env, staffToken, "verify")).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    await expect(verifyChallengeToken(env, token, "verify")).rejects.toThrow(/took too long/);
  });
});

describe("recovery code hashes", () => {
  it("ignore case, spaces and the dash, so a code typed loosely still matches", () => {
    expect(hashRecoveryCode("abcde-fghjk")).toBe(hashRecoveryCode("ABCDEFGHJK"));
    expect(hashRecoveryCode(" ABCDE FGHJK ")).toBe(hashRecoveryCode("ABCDE-FGHJK"));
    expect(hashRecoveryCode("ABCDE-FGHJK")).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode("ABCDE-FGHJL")).not.toBe(hashRecoveryCode("ABCDE-FGHJK"));
  });
});
