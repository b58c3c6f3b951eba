import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExclusion } from "../../src/modules/responsible-gaming/exclusions/create-exclusion.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff } from "../helpers/staff-session.ts";
import { bearer, login, mailedLink, signUp } from "../identity/identity-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: "http://casino.test" });
});
afterAll(async () => {
  await ctx?.close();
});

let n = 0;
const email = (tag: string) => `excl-login-${tag}-${Date.now()}-${n++}@example.com`;
const PASSWORD = "correct-horse-9";

/** The refusal names the kind and the end date as the player reads it ("12 May 2027, 14:30 UTC"). */
const expectRefusal = (
  res: { statusCode: number; json: () => { payload: { code: string; message: string } } },
  pattern: RegExp,
) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().payload.code).toBe("PLAYER_BLOCKED");
  expect(res.json().payload.message).toMatch(pattern);
  expect(res.json().payload.message).toMatch(/contact support/);
};

describe("the login gate refuses an excluded player on every way in", () => {
  it("password login: self-exclusion with its end date; a wrong password still answers as before", async () => {
    const address = email("pw");
    const { profile } = await signUp(ctx.app, address, PASSWORD);
    const row = await createExclusion(ctx.database.db, profile.id, { kind: "self_exclusion", period: "1y" });
    const year = new Date(row.ends_at!).getUTCFullYear();
    const res = await login(ctx.app, address, PASSWORD);
    expectRefusal(res, new RegExp(`^You are self-excluded until \\d{1,2} \\w+ ${year}, \\d{2}:\\d{2} UTC\\.`));
    const wrong = await login(ctx.app, address, "not-the-password-1");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().payload.message).toBe("Invalid email or password.");
  });

  it("password login: time-out wording and operator wording (indefinite: until further notice)", async () => {
    const a = email("to");
    const { profile } = await signUp(ctx.app, a, PASSWORD);
    await createExclusion(ctx.database.db, profile.id, { kind: "time_out", period: "24h" });
    expectRefusal(await login(ctx.app, a, PASSWORD), /^You are taking a time-out until .+ UTC\./);

    const b = email("op");
    const other = await signUp(ctx.app, b, PASSWORD);
    const [staff] = await ctx.database.query<{ guid: string }>("SELECT guid FROM staff_users LIMIT 1");
    await createExclusion(ctx.database.db, other.profile.id, {
      kind: "operator",
      endsAt: null,
      staffId: staff?.guid ?? other.profile.id,
      reason: "test",
    });
    expectRefusal(await login(ctx.app, b, PASSWORD), /closed for play by the operator until further notice/);
  });

  it("a lock is still refused with the lock's own message", async () => {
    const address = email("lock");
    const { profile } = await signUp(ctx.app, address, PASSWORD);
    await ctx.database.query("UPDATE users SET status = 'locked', status_reason = 'fraud review' WHERE guid = $1", [
      profile.id,
    ]);
    const res = await login(ctx.app, address, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().payload.message).toBe("Your account is locked: fraud review. Please contact support.");
  });

  it("login code and magic link", async () => {
    const address = email("code");
    const { profile } = await signUp(ctx.app, address, PASSWORD);
    await createExclusion(ctx.database.db, profile.id, { kind: "time_out", period: "1w" });
    const asked = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/authorization/request-login-code",
      payload: { email: address },
    });
    expect(asked.statusCode).toBe(200);
    const code = (await mailedLink(ctx.app, address, /login link/)).searchParams.get("magic_link")!;
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/authorization/code-login",
      payload: { token: code },
    });
    expectRefusal(res, /time-out until/);
  });

  it("refresh: a session that outlived the start of an exclusion is refused and ended", async () => {
    const address = email("refresh");
    const { profile, refresh_token } = await signUp(ctx.app, address, PASSWORD);
    // Written directly, without createExclusion ending the sessions: the gate alone must refuse.
    await ctx.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, ends_at) VALUES ($1, 'self_exclusion', '6m', now() + interval '6 months')",
      [profile.id],
    );
    const res = await ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token } });
    expectRefusal(res, /self-excluded until/);
    const [session] = await ctx.database.query<{ finished_at: string | null }>(
      "SELECT finished_at FROM sessions WHERE user_guid = $1 ORDER BY created_at DESC LIMIT 1",
      [profile.id],
    );
    expect(session!.finished_at).not.toBeNull();
  });

  it("identity-provider login of a linked account", async () => {
    const address = email("oidc");
    const trip = async () => {
      const start = await ctx.app.inject({
        method: "GET",
        url: "/api/v1/authorization/provider-redirect?provider=dev",
      });
      const authorize = new URL(start.json().payload.redirect_url);
      const approve = new URLSearchParams(authorize.search);
      approve.set("email", address);
      approve.set("email_verified", "true");
      const back = await ctx.app.inject({ method: "GET", url: `/dev/oidc/approve?${approve}` });
      const q = new URLSearchParams({
        provider: "dev",
        ...Object.fromEntries(new URL(back.headers.location as string).searchParams),
      });
      return ctx.app.inject({ method: "POST", url: `/api/v1/authorization/provider-login?${q}` });
    };
    const first = await trip();
    expect(first.statusCode).toBe(200);
    const profile = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/profile",
      headers: bearer(first.json().payload.access_token),
    });
    await createExclusion(ctx.database.db, profile.json().payload.id, { kind: "self_exclusion", period: "5y" });
    expectRefusal(await trip(), /self-excluded until/);
  });

  it("an exclusion that has ended lets the player in again", async () => {
    const address = email("over");
    const { profile } = await signUp(ctx.app, address, PASSWORD);
    await ctx.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, starts_at, ends_at) VALUES ($1, 'time_out', '24h', now() - interval '2 days', now() - interval '1 day')",
      [profile.id],
    );
    expect((await login(ctx.app, address, PASSWORD)).statusCode).toBe(200);
  });
});

describe("gb: an ended self-exclusion holds until the player asks to return, then a day", () => {
  let gb: TestContext;
  beforeAll(async () => {
    gb = await buildTestApp({ PUBLIC_URL: "http://casino.test", JURISDICTION: "gb" });
  });
  afterAll(async () => {
    await gb?.close();
  });

  it("refuses login after the end, support records the request (audited), login reopens 24 hours later", async () => {
    const address = email("gb-return");
    const { profile } = await signUp(gb.app, address, PASSWORD);
    await gb.database.query("UPDATE users SET is_verified = true WHERE guid = $1", [profile.id]);
    const [row] = await gb.database.query<{ guid: string }>(
      "INSERT INTO player_exclusions (user_guid, kind, period, starts_at, ends_at) VALUES ($1, 'self_exclusion', '6m', now() - interval '7 months', now() - interval '1 hour') RETURNING guid",
      [profile.id],
    );
    const first = await login(gb.app, address, PASSWORD);
    expect(first.statusCode).toBe(403);
    expect(first.json().payload.message).toMatch(
      /^Your self-exclusion ended on .+ UTC\. To play again, contact support and ask to return/,
    );

    const compliance = await createTestStaff(gb, "compliance");
    const staff = (url: string, payload?: Record<string, unknown>) =>
      gb.app.inject({
        method: payload ? "POST" : "GET",
        url: `/api/backoffice/v1${url}`,
        headers: compliance.headers,
        ...(payload ? { payload } : {}),
      });
    expect((await staff(`/players/${profile.id}/exclusions`)).json().payload[0]).toMatchObject({
      holds_until_return: true,
      return_requested_at: null,
    });
    const recorded = await staff(`/players/${profile.id}/exclusions/${row!.guid}/return`, { note: "Asked by phone" });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().payload).toMatchObject({ holds_until_return: true });
    expect((await staff(`/players/${profile.id}/exclusions/${row!.guid}/return`, { note: "Again" })).statusCode).toBe(
      409,
    );
    const [audit] = await gb.database.query<{ action: string }>(
      "SELECT action FROM staff_audit_log WHERE player_guid = $1 AND action = 'exclusion.return_request'",
      [profile.id],
    );
    expect(audit).toBeDefined();

    const waiting = await login(gb.app, address, PASSWORD);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().payload.message).toMatch(
      /^You asked to return after your self-exclusion: your account reopens on /,
    );

    await gb.database.query(
      "UPDATE player_exclusions SET return_requested_at = now() - interval '25 hours' WHERE guid = $1",
      [row!.guid],
    );
    expect((await login(gb.app, address, PASSWORD)).statusCode).toBe(200);
  });

  it("a time-out that has ended needs no request, and outside gb nothing needs one", async () => {
    const address = email("gb-timeout");
    const { profile } = await signUp(gb.app, address, PASSWORD);
    await gb.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, starts_at, ends_at) VALUES ($1, 'time_out', '24h', now() - interval '2 days', now() - interval '1 day')",
      [profile.id],
    );
    expect((await login(gb.app, address, PASSWORD)).statusCode).toBe(200);

    const other = email("none-self");
    const none = await signUp(ctx.app, other, PASSWORD);
    await ctx.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, starts_at, ends_at) VALUES ($1, 'self_exclusion', '6m', now() - interval '7 months', now() - interval '1 hour')",
      [none.profile.id],
    );
    expect((await login(ctx.app, other, PASSWORD)).statusCode).toBe(200);
    const compliance = await createTestStaff(ctx, "compliance");
    const [row] = await ctx.database.query<{ guid: string }>(
      "SELECT guid FROM player_exclusions WHERE user_guid = $1",
      [none.profile.id],
    );
    const refused = await ctx.app.inject({
      method: "POST",
      url: `/api/backoffice/v1/players/${none.profile.id}/exclusions/${row!.guid}/return`,
      headers: compliance.headers,
      payload: { note: "Asked by mail" },
    });
    expect(refused.statusCode).toBe(409);
  });
});
