import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";

// Log in by SMS code (the sms-auth flag, ADR 025), with texts going through the HTTP gateway adapter
// to a local server that plays the gateway; phone verification (/profile/sms-code/*) goes the same way.

const texts: { to: string; text: string }[] = [];
let server: http.Server;
let gatewayUrl: string;
let ctx: TestContext;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      texts.push(JSON.parse(raw) as { to: string; text: string });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  ctx = await buildTestApp({ FEATURE_FLAGS: "sms-auth", SMS_GATEWAY_URL: gatewayUrl, SMS_GATEWAY_TOKEN: "t" });
});
afterAll(async () => {
  await ctx?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  texts.length = 0;
});

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
/** The login code goes out after the answer (so a known number answers no later than an unknown one): wait for it. */
const nextText = async () => {
  await vi.waitFor(() => expect(texts.length).toBeGreaterThan(0));
  return texts.shift()!;
};
const loginCodesOf = async (userId: string) =>
  (
    await ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM sms_login_codes WHERE user_guid = $1", [
      userId,
    ])
  )[0]!.n;
const newPhone = () => ({ code: "44", number: `7700${String(randomInt(0, 1_000_000)).padStart(6, "0")}` });
// Each test comes from an address of its own: the per-address quotas would otherwise carry over.
let address = "";
beforeEach(() => {
  address = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
});
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: address,
  });

/** A player whose phone went through the profile's verification, its code read off the gateway. */
async function playerWithVerifiedPhone() {
  const email = `sms-${randomUUID()}@example.com`;
  const account = await signUp(ctx.app, email);
  const phone = newPhone();
  await ctx.database.query("UPDATE users SET phone_code = $2, phone_number = $3 WHERE guid = $1", [
    account.profile.id,
    phone.code,
    phone.number,
  ]);
  expect((await post("/profile/sms-code/request", {}, bearer(account.access_token))).statusCode).toBe(200);
  const sent = texts.pop()!;
  expect(sent.to).toBe(`+${phone.code}${phone.number}`);
  expect(
    (await post("/profile/sms-code/verify", { code: codeIn(sent.text) }, bearer(account.access_token))).statusCode,
  ).toBe(200);
  return { id: account.profile.id, email, phone };
}

describe("log in by SMS code", () => {
  it("texts a code to a verified phone and logs in with it once, as a normal session", async () => {
    const player = await playerWithVerifiedPhone();
    const asked = await post("/authorization/sms-code/request", { phone: player.phone });
    expect(asked.statusCode).toBe(200);
    const text = await nextText();
    expect(text.to).toBe(`+44${player.phone.number}`);
    expect(texts).toEqual([]);
    const code = codeIn(text.text)!;
    const res = await post("/authorization/sms-code/login", { phone: player.phone, code });
    expect(res.statusCode).toBe(200);
    const info = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/authorization/info",
      headers: bearer(res.json().payload.access_token),
    });
    expect(info.json().payload.email).toBe(player.email);
    const again = await post("/authorization/sms-code/login", { phone: player.phone, code });
    expect(again.statusCode).toBe(400);
  });

  it("answers an unknown or unverified number exactly as a known one, and texts nothing", async () => {
    const known = await playerWithVerifiedPhone();
    const unverified = await signUp(ctx.app, `unverified-${randomUUID()}@example.com`);
    const unverifiedPhone = newPhone();
    await ctx.database.query("UPDATE users SET phone_code = $2, phone_number = $3 WHERE guid = $1", [
      unverified.profile.id,
      unverifiedPhone.code,
      unverifiedPhone.number,
    ]);
    const strip = (body: string) => ({ ...JSON.parse(body), metadata: null });
    const forKnown = await post("/authorization/sms-code/request", { phone: known.phone });
    const knownCode = codeIn((await nextText()).text);
    const codesBefore = (await ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM sms_login_codes"))[0]!
      .n;
    const forUnknown = await post("/authorization/sms-code/request", { phone: newPhone() });
    const forUnverified = await post("/authorization/sms-code/request", { phone: unverifiedPhone });
    expect([forUnknown.statusCode, forUnverified.statusCode]).toEqual([forKnown.statusCode, forKnown.statusCode]);
    expect(strip(forUnknown.body)).toEqual(strip(forKnown.body));
    expect(strip(forUnverified.body)).toEqual(strip(forKnown.body));
    // Nothing was issued for either, so nothing can be texted.
    expect(await loginCodesOf(unverified.profile.id)).toBe(0);
    expect((await ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM sms_login_codes"))[0]!.n).toBe(
      codesBefore,
    );
    // A guess at an unknown number reads like a wrong code for a known one.
    const unknownLogin = await post("/authorization/sms-code/login", { phone: newPhone(), code: "123456" });
    const wrongLogin = await post("/authorization/sms-code/login", {
      phone: known.phone,
      code: knownCode === "999999" ? "999998" : "999999",
    });
    expect(unknownLogin.statusCode).toBe(400);
    expect(strip(unknownLogin.body)).toEqual(strip(wrongLogin.body));
  });

  it("lets a code die after 5 wrong tries", async () => {
    const player = await playerWithVerifiedPhone();
    await post("/authorization/sms-code/request", { phone: player.phone });
    const code = codeIn((await nextText()).text)!;
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i += 1)
      expect((await post("/authorization/sms-code/login", { phone: player.phone, code: wrong })).statusCode).toBe(400);
    expect((await post("/authorization/sms-code/login", { phone: player.phone, code })).statusCode).toBe(400);
  });

  it("limits requests per number, whether or not it has an account", async () => {
    for (const phone of [(await playerWithVerifiedPhone()).phone, newPhone()]) {
      const statuses = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await post("/authorization/sms-code/request", { phone })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    // The known number's one code (the others were within its minute): let it land before the next test.
    await nextText();
  });

  it("goes through the login gate: a self-excluded player is refused with the end date", async () => {
    const player = await playerWithVerifiedPhone();
    await post("/authorization/sms-code/request", { phone: player.phone });
    const code = codeIn((await nextText()).text)!;
    await ctx.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, ends_at) VALUES ($1, 'self_exclusion', '6_months', now() + interval '6 months')",
      [player.id],
    );
    const res = await post("/authorization/sms-code/login", { phone: player.phone, code });
    expect(res.statusCode).toBe(403);
    expect(res.json().payload).toMatchObject({
      code: "PLAYER_BLOCKED",
      message: expect.stringMatching(/self-excluded until/),
    });
  });
});

describe("without the sms-auth flag", () => {
  it("has no SMS login", async () => {
    const off = await buildTestApp({ FEATURE_FLAGS: "" });
    try {
      const res = await off.app.inject({
        method: "POST",
        url: "/api/v1/authorization/sms-code/request",
        payload: { phone: newPhone() },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().payload.code).toBe("FEATURE_DISABLED");
    } finally {
      await off.close();
    }
  });
});
