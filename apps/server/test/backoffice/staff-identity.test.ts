import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { loadEnv } from "../../src/env.ts";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { signUp } from "../identity/identity-helpers.ts";
import { API, bearer, codeAt, enrolledStaff, freshIp, newStaff, post, testAdmin } from "./staff-test-helpers.ts";

// Staff sign-in (issue #15, ADR 017): password, then TOTP enrolled at first sign-in or verified,
// recovery codes, sessions, limits. TOTP codes are computed as an authenticator app would.
describe("staff sign-in", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx?.close());

  const me = (token: string) => ctx.app.inject({ method: "GET", url: `${API}/me`, headers: bearer(token) });
  const auditOf = (staffId: string) =>
    queryRows<{ action: string; staff_guid: string | null; details: unknown; ip: string | null }>(
      ctx.database.db,
      sql`SELECT action, staff_guid, details, ip FROM staff_audit_log WHERE target_id = ${staffId} OR staff_guid = ${staffId} ORDER BY id`,
    );

  it("enrols TOTP at first sign-in, then signs in with the next code; a code is good once", async () => {
    const staff = await newStaff(ctx, "finance");
    const ip = freshIp();
    const login = await post(
      ctx,
      "/auth/login",
      { email: staff.email.toUpperCase(), password: staff.password },
      { ip },
    );
    expect(login.statusCode).toBe(200);
    const first = login.json().payload;
    expect(first.step).toBe("enrol");
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(first.otpauth_uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Croupier back office");
    expect(uri.searchParams.get("secret")).toBe(first.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(staff.email);

    // The secret is kept encrypted; signing in again before enrolling shows the same secret.
    const [stored] = await queryRows<{ totp_secret: string }>(
      ctx.database.db,
      sql`SELECT totp_secret FROM staff_users WHERE guid = ${staff.id}`,
    );
    expect(stored!.totp_secret).not.toContain(first.secret);
    expect(stored!.totp_secret.startsWith("v1.")).toBe(true);
    const again = await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip });
    expect(again.json().payload.secret).toBe(first.secret);

    // The challenge token is not a staff token.
    expect((await me(first.challenge_token)).statusCode).toBe(401);

    const wrong = await post(
      ctx,
      "/auth/enrol",
      { challenge_token: first.challenge_token, code: "000000" === codeAt(first.secret) ? "111111" : "000000" },
      { ip },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().payload.message).toBe("Wrong code.");

    const enrolCode = codeAt(first.secret);
    const enrol = await post(ctx, "/auth/enrol", { challenge_token: first.challenge_token, code: enrolCode }, { ip });
    expect(enrol.statusCode).toBe(200);
    const enrolled = enrol.json().payload;
    expect(enrolled.recovery_codes).toHaveLength(10);
    expect(new Set(enrolled.recovery_codes).size).toBe(10);
    expect(enrolled.recovery_codes[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(enrolled.staff).toMatchObject({ id: staff.id, email: staff.email, role: "finance" });
    expect(enrolled.staff.permissions).toContain("adjustments.approve");
    expect(Date.parse(enrolled.expires_at) - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    const meRes = await me(enrolled.token);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().payload).toMatchObject({
      id: staff.id,
      display_name: expect.stringContaining("Sign-in finance"),
    });

    // Enrolling twice is refused; the next sign-in asks for a code.
    const twice = await post(ctx, "/auth/enrol", { challenge_token: first.challenge_token, code: enrolCode }, { ip });
    expect(twice.statusCode).toBe(409);
    const second = await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip });
    expect(second.json().payload).toEqual({ step: "verify", challenge_token: expect.any(String) });
    const challenge = second.json().payload.challenge_token;

    // The enrolment code was used: replaying it is refused. An enrol challenge does not verify, nor the reverse.
    const replayed = await post(ctx, "/auth/verify", { challenge_token: challenge, code: enrolCode }, { ip });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().payload.message).toBe("Wrong code.");
    const wrongStep = await post(
      ctx,
      "/auth/verify",
      { challenge_token: first.challenge_token, code: codeAt(first.secret, 30) },
      { ip },
    );
    expect(wrongStep.statusCode).toBe(401);

    const nextCode = codeAt(first.secret, 30);
    const verify = await post(ctx, "/auth/verify", { challenge_token: challenge, code: nextCode }, { ip });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().payload).toMatchObject({ recovery_codes_left: 10, staff: { id: staff.id } });
    expect((await me(verify.json().payload.token)).statusCode).toBe(200);
    const replay = await post(ctx, "/auth/verify", { challenge_token: challenge, code: nextCode }, { ip });
    expect(replay.statusCode).toBe(401);

    const actions = (await auditOf(staff.id)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(["staff.create", "staff.two_factor_enrol", "staff.login", "staff.login_failed"]),
    );
    expect(actions.filter((a) => a === "staff.login")).toHaveLength(2);
    const sessions = await queryRows<{ ip: string; user_agent: string | null }>(
      ctx.database.db,
      sql`SELECT ip, user_agent FROM staff_sessions WHERE staff_guid = ${staff.id}`,
    );
    expect(sessions.map((s) => s.ip)).toEqual([ip, ip]);
  });

  it("the same code sent twice at once signs in once", async () => {
    const staff = await enrolledStaff(ctx);
    const ip = freshIp();
    const challenge = async () =>
      (await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip })).json().payload
        .challenge_token;
    const [a, b] = [await challenge(), await challenge()];
    const code = codeAt(staff.secret, 30);
    const answers = await Promise.all([
      post(ctx, "/auth/verify", { challenge_token: a, code }, { ip }),
      post(ctx, "/auth/verify", { challenge_token: b, code }, { ip }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
  });

  it("a recovery code signs in once, and is audited", async () => {
    const staff = await enrolledStaff(ctx);
    const ip = freshIp();
    const challenge = async () =>
      (await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip })).json().payload
        .challenge_token;
    const code = staff.recovery_codes[3]!;
    const used = await post(
      ctx,
      "/auth/verify",
      { challenge_token: await challenge(), recovery_code: code.toLowerCase() },
      { ip },
    );
    expect(used.statusCode).toBe(200);
    expect(used.json().payload.recovery_codes_left).toBe(9);
    const again = await post(ctx, "/auth/verify", { challenge_token: await challenge(), recovery_code: code }, { ip });
    expect(again.statusCode).toBe(401);
    const audit = await auditOf(staff.id);
    expect(audit.filter((row) => row.action === "staff.recovery_code_used")).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(code.replace("-", ""));

    // Neither both nor none: a field-named error.
    const both = await post(
      ctx,
      "/auth/verify",
      { challenge_token: await challenge(), code: "123456", recovery_code: code },
      { ip },
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().payload.fields[0].field).toBe("body.code");
  });

  it("renews recovery codes against a fresh code: the old set stops working", async () => {
    const staff = await enrolledStaff(ctx);
    const wrong = await post(ctx, "/me/recovery-codes", { code: "12345" }, { headers: bearer(staff.token) });
    expect(wrong.statusCode).toBe(400);
    const renewed = await post(
      ctx,
      "/me/recovery-codes",
      { code: codeAt(staff.secret, 30) },
      { headers: bearer(staff.token) },
    );
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().payload.recovery_codes;
    expect(fresh).toHaveLength(10);
    const ip = freshIp();
    const challenge = async () =>
      (await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip })).json().payload
        .challenge_token;
    expect(
      (
        await post(
          ctx,
          "/auth/verify",
          { challenge_token: await challenge(), recovery_code: staff.recovery_codes[0] },
          { ip },
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (await post(ctx, "/auth/verify", { challenge_token: await challenge(), recovery_code: fresh[0] }, { ip }))
        .statusCode,
    ).toBe(200);
  });

  it("changes one's own password with the current one and a fresh code; other sessions end, this one stays", async () => {
    const staff = await enrolledStaff(ctx);
    await ctx.database.db.execute(
      sql`INSERT INTO staff_sessions (staff_guid, expires_at) VALUES (${staff.id}, now() + interval '8 hours')`,
    );
    const change = (body: Record<string, string>) => post(ctx, "/me/password", body, { headers: bearer(staff.token) });
    const fresh = "my-own-new-password-7";
    const wrongCurrent = await change({
      current_password: "not-it-at-all-1",
      new_password: fresh,
      code: codeAt(staff.secret, 30),
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().payload.fields[0].field).toBe("body.current_password");
    const weak = await change({
      current_password: staff.password,
      new_password: "administrator",
      code: codeAt(staff.secret, 30),
    });
    expect(weak.json().payload.fields[0].field).toBe("body.new_password");
    const same = await change({
      current_password: staff.password,
      new_password: staff.password,
      code: codeAt(staff.secret, 30),
    });
    expect(same.json().payload.fields[0].field).toBe("body.new_password");
    const wrongCode = await change({
      current_password: staff.password,
      new_password: fresh,
      code: codeAt(staff.secret, -600),
    });
    expect(wrongCode.statusCode).toBe(401);

    const done = await change({
      current_password: staff.password,
      new_password: fresh,
      code: codeAt(staff.secret, 30),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().payload).toEqual({ other_sessions_ended: 1 });
    expect((await me(staff.token)).statusCode).toBe(200);
    const ip = freshIp();
    expect((await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip })).statusCode).toBe(
      401,
    );
    expect((await post(ctx, "/auth/login", { email: staff.email, password: fresh }, { ip })).json().payload.step).toBe(
      "verify",
    );
    const audit = await auditOf(staff.id);
    expect(audit.filter((row) => row.action === "staff.password_change")).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });

  it("a wrong password and an unknown email get the same answer; the attempt is audited without the password", async () => {
    const staff = await newStaff(ctx);
    const ip = freshIp();
    const wrong = await post(ctx, "/auth/login", { email: staff.email, password: "not-the-password-1" }, { ip });
    const unknown = await post(
      ctx,
      "/auth/login",
      { email: `nobody-${Date.now()}@staff.test`, password: "not-the-password-1" },
      { ip },
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().payload).toEqual(unknown.json().payload);
    expect(wrong.json().payload.message).toBe("Wrong email or password.");
    const [failed] = (await auditOf(staff.id)).filter((row) => row.action === "staff.login_failed");
    expect(failed).toMatchObject({ staff_guid: null, ip, details: { email: staff.email, reason: "wrong_password" } });
    const all = await queryRows<{ row: string }>(
      ctx.database.db,
      sql`SELECT row_to_json(a)::text AS row FROM staff_audit_log a`,
    );
    expect(all.some((r) => r.row.includes("not-the-password-1"))).toBe(false);

    const invalid = await post(ctx, "/auth/login", { email: "not an email", password: "x" }, { ip });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().payload.fields[0].field).toBe("body.email");
  });

  it("locks the account after 5 wrong passwords from one address: 429 with Retry-After, right password included", async () => {
    const staff = await newStaff(ctx);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push(
        (await post(ctx, "/auth/login", { email: staff.email, password: `wrong-password-${i}` }, { ip })).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().payload.code).toBe("RATE_LIMITED");
    const retryAfter = Number(locked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not locked out by this one (the per-account limit across addresses is higher).
    expect(
      (await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip: freshIp() })).statusCode,
    ).toBe(200);
  });

  it("limits wrong codes per staff member: 5 then 429", async () => {
    const staff = await enrolledStaff(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const ip = freshIp();
      const challenge = (
        await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip })
      ).json().payload.challenge_token;
      // A code from ten minutes ago: well-formed, never valid now.
      statuses.push(
        (await post(ctx, "/auth/verify", { challenge_token: challenge, code: codeAt(staff.secret, -600) }, { ip }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it("logout ends the session", async () => {
    const staff = await enrolledStaff(ctx);
    expect((await post(ctx, "/auth/logout", {}, { headers: bearer(staff.token) })).statusCode).toBe(200);
    expect((await me(staff.token)).statusCode).toBe(401);
    const [session] = await queryRows<{ end_reason: string }>(
      ctx.database.db,
      sql`SELECT end_reason FROM staff_sessions WHERE staff_guid = ${staff.id}`,
    );
    expect(session!.end_reason).toBe("logout");
    expect((await auditOf(staff.id)).map((row) => row.action)).toContain("staff.logout");
  });

  it("a session ends after its 8 hours, even when active", async () => {
    const staff = await enrolledStaff(ctx);
    const [session] = await queryRows<{ hours: number }>(
      ctx.database.db,
      sql`SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM staff_sessions WHERE staff_guid = ${staff.id}`,
    );
    expect(Number(session!.hours)).toBe(8);
    await ctx.database.db.execute(
      sql`UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE staff_guid = ${staff.id}`,
    );
    expect((await me(staff.token)).statusCode).toBe(401);
    const [ended] = await queryRows<{ end_reason: string }>(
      ctx.database.db,
      sql`SELECT end_reason FROM staff_sessions WHERE staff_guid = ${staff.id}`,
    );
    expect(ended!.end_reason).toBe("expired");
  });

  it("disabling a staff member ends their sessions and refuses their sign-in with a clear message", async () => {
    const staff = await enrolledStaff(ctx, "compliance");
    const admin = await testAdmin(ctx);
    const disable = await ctx.app.inject({
      method: "PATCH",
      url: `${API}/staff/${staff.id}`,
      headers: admin.headers,
      payload: { status: "disabled" },
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json().payload.status).toBe("disabled");
    expect((await me(staff.token)).statusCode).toBe(401);
    const login = await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip: freshIp() });
    expect(login.statusCode).toBe(401);
    expect(login.json().payload.message).toMatch(/disabled/);
    // The wrong password still says only that.
    const wrong = await post(
      ctx,
      "/auth/login",
      { email: staff.email, password: "wrong-password-x" },
      { ip: freshIp() },
    );
    expect(wrong.json().payload.message).toBe("Wrong email or password.");
    const [audit] = (await auditOf(staff.id)).filter((row) => row.action === "staff.disable");
    expect(audit!.details).toEqual({ sessions_ended: 1 });
  });

  it("resetting two-factor ends sessions and the next sign-in enrols a new secret", async () => {
    const staff = await enrolledStaff(ctx);
    const admin = await testAdmin(ctx);
    const reset = await post(ctx, `/staff/${staff.id}/reset-two-factor`, undefined, { headers: admin.headers });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().payload.two_factor_enrolled).toBe(false);
    expect((await me(staff.token)).statusCode).toBe(401);
    const login = await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip: freshIp() });
    expect(login.json().payload.step).toBe("enrol");
    expect(login.json().payload.secret).not.toBe(staff.secret);
    const ip = freshIp();
    const recovery = await post(ctx, "/auth/login", { email: staff.email, password: staff.password }, { ip });
    // Old recovery codes died with the reset (and an enrol challenge cannot verify).
    expect(
      (
        await post(
          ctx,
          "/auth/verify",
          { challenge_token: recovery.json().payload.challenge_token, recovery_code: staff.recovery_codes[0] },
          { ip },
        )
      ).statusCode,
    ).toBe(401);
  });

  it("a player's token is no staff token, and a staff token is no player's", async () => {
    const player = await signUp(ctx.app, `staff-gate-${Date.now()}@example.test`);
    expect((await me(player.access_token)).statusCode).toBe(401);
    const staff = await enrolledStaff(ctx);
    const asPlayer = await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(staff.token) });
    expect(asPlayer.statusCode).toBe(401);
  });
});

describe("STAFF_SECRET_KEY", () => {
  it("refuses the public default in production, like JWT_SECRET", () => {
    const production = {
      NODE_ENV: "production",
      JWT_SECRET: "p".repeat(40),
      PROVIDER_HOUSE_SECRET: "h".repeat(20),
      DOCUMENTS_KEY: "d".repeat(64),
    };
    expect(() => loadEnv(production)).toThrow(/STAFF_SECRET_KEY/);
    expect(() => loadEnv({ ...production, STAFF_SECRET_KEY: "short" })).toThrow(/STAFF_SECRET_KEY/);
    expect(loadEnv({ ...production, STAFF_SECRET_KEY: "s".repeat(32) }).STAFF_SECRET_KEY).toBe("s".repeat(32));
  });
});
