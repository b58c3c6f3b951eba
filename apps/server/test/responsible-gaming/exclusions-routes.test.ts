import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { bearer, login } from "../identity/identity-helpers.ts";
import { buildPaymentsApp, call, cashOf, currencyGuid, futureYear, newPlayer, systemGuid, walletOf, type PaymentsTest } from "../payments/payments-helpers.ts";

let t: PaymentsTest;
let usd: string;
let compliance: TestStaff;
let support: TestStaff;
beforeAll(async () => {
  t = await buildPaymentsApp();
  usd = await currencyGuid(t, "USD");
  compliance = await createTestStaff(t, "compliance");
  support = await createTestStaff(t, "support");
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = "correct-horse-9"; // signUp's default
const staffCall = (staff: TestStaff, method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/backoffice/v1${url}`, headers: staff.headers, ...(payload ? { payload } : {}) });
const emailOf = async (id: string) => (await t.database.query<{ email: string }>("SELECT email FROM users WHERE guid = $1", [id]))[0]!.email;
const rowsOf = (id: string) => t.database.query<{ kind: string; period: string | null }>("SELECT kind, period FROM player_exclusions WHERE user_guid = $1", [id]);
const auditOf = (id: string, action: string) =>
  t.database.query<{ staff_guid: string; after: unknown; details: unknown }>(
    "SELECT staff_guid, after, details FROM staff_audit_log WHERE player_guid = $1 AND action = $2",
    [id, action],
  );

describe("the player's own time-out and self-exclusion", () => {
  it("a wrong password writes nothing; the right one excludes at once and ends every session with reason 'excluded'", async () => {
    const player = await newPlayer(t, "self");
    const email = await emailOf(player.id);
    const second = (await login(t.app, email, PASSWORD)).json().payload as { access_token: string; refresh_token: string };

    const wrong = await call(t, player, "POST", "/responsible-gaming/exclusions", { kind: "self_exclusion", period: "6m", password: "nope-nope-1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().payload.fields[0].field).toBe("body.password");
    expect(await rowsOf(player.id)).toEqual([]);

    const bad = await call(t, player, "POST", "/responsible-gaming/exclusions", { kind: "time_out", period: "6m", password: PASSWORD });
    expect(bad.statusCode).toBe(400);

    const res = await call(t, player, "POST", "/responsible-gaming/exclusions", { kind: "self_exclusion", period: "6m", password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ kind: "self_exclusion", period: "6m", active: true, ended_at: null });
    expect(res.json().payload).not.toHaveProperty("reason");

    // This tab and the other device: access refused at the next call, refresh refused, each told by session_closed.
    expect((await call(t, player, "GET", "/profile")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(second.access_token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token: second.refresh_token } })).statusCode).toBe(401);
    const events = await t.database.query<{ payload: { reason: string } }>(
      "SELECT payload FROM outbox_events WHERE type = 'session_closed' AND user_guid = $1",
      [player.id],
    );
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(new Set(events.map((e) => e.payload.reason))).toEqual(new Set(["excluded"]));
    const live = await t.database.query("SELECT 1 FROM sessions WHERE user_guid = $1 AND finished_at IS NULL", [player.id]);
    expect(live).toEqual([]);
    const relogin = await login(t.app, email, PASSWORD);
    expect(relogin.statusCode).toBe(403);
    expect(relogin.json().payload.message).toMatch(/^You are self-excluded until /);
  });

  it("a self-exclusion may have no end date; a time-out may not", async () => {
    const player = await newPlayer(t, "forever");
    const res = await call(t, player, "POST", "/responsible-gaming/exclusions", { kind: "self_exclusion", period: "indefinite", password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ kind: "self_exclusion", period: "indefinite", ends_at: null, active: true });
    const refused = await login(t.app, await emailOf(player.id), PASSWORD);
    expect(refused.json().payload.message).toMatch(/^You have self-excluded with no end date\./);
    const other = await newPlayer(t, "forever-to");
    const timeOut = await call(t, other, "POST", "/responsible-gaming/exclusions", { kind: "time_out", period: "indefinite", password: PASSWORD });
    expect(timeOut.statusCode).toBe(400);
    await expect(
      t.database.query("INSERT INTO player_exclusions (user_guid, kind, period, ends_at) VALUES ($1, 'time_out', 'indefinite', NULL)", [player.id]),
    ).rejects.toThrow(/player_exclusions_end_check/);
  });

  it("an account without a password confirms with its email address", async () => {
    const player = await newPlayer(t, "nopw");
    await t.database.query("UPDATE users SET password_hash = NULL, passwordless = true WHERE guid = $1", [player.id]);
    const wrong = await call(t, player, "POST", "/responsible-gaming/exclusions", { kind: "time_out", period: "24h", password: "x" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().payload.message).toMatch(/email address/);
    const email = await emailOf(player.id);
    const res = await call(t, player, "POST", "/responsible-gaming/exclusions", { kind: "time_out", period: "24h", password: email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("lists its own exclusions, current and past, without staff notes", async () => {
    const player = await newPlayer(t, "list");
    await t.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, starts_at, ends_at) VALUES ($1, 'time_out', '24h', now() - interval '3 days', now() - interval '2 days')",
      [player.id],
    );
    const res = await call(t, player, "GET", "/responsible-gaming/exclusions");
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toEqual([expect.objectContaining({ kind: "time_out", period: "24h", active: false })]);
    expect((await call(t, null, "GET", "/responsible-gaming/exclusions")).statusCode).toBe(401);
  });
});

describe("money while excluded", () => {
  it("refuses a deposit with the exclusion's message, reports promotions off, and still lets cash be withdrawn", async () => {
    const player = await newPlayer(t, "money");
    expect((await call(t, player, "POST", "/billing/deposit/test", { amount: "50", currency_guid: usd })).statusCode).toBe(200);
    const card = await systemGuid(t, "sandbox_card");
    const saved = await call(t, player, "POST", "/billing/card", { card_number: "4242424242424242", cardholder_name: "M Player", expiration_month: 12, expiration_year: Number(futureYear) });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.database.query("UPDATE users SET opt_in_promo = true WHERE guid = $1", [player.id]);
    // Written directly so this session survives: the refusals below must come from the exclusion itself.
    await t.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, ends_at) VALUES ($1, 'time_out', '1w', now() + interval '7 days')",
      [player.id],
    );

    const deposit = await call(t, player, "POST", "/billing/deposit/test", { amount: "10", currency_guid: usd });
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json().payload.code).toBe("PLAYER_BLOCKED");
    expect(deposit.json().payload.message).toMatch(/^You are taking a time-out until /);

    const profile = await call(t, player, "GET", "/profile");
    expect(profile.json().payload.opt_in_promo).toBe(false);
    const [stored] = await t.database.query<{ opt_in_promo: boolean }>("SELECT opt_in_promo FROM users WHERE guid = $1", [player.id]);
    expect(stored!.opt_in_promo).toBe(true);

    const wallet = await walletOf(t, player.id, "USD");
    const withdrawal = await call(t, player, "POST", "/billing/withdrawal", { psp_guid: card, amount: "50", wallet_guid: wallet, card_guid: saved.json().payload.guid });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  });
});

describe("staff", () => {
  it("lists a player's exclusions with players.read; applying needs protection.manage", async () => {
    const player = await newPlayer(t, "staff-list");
    await t.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, ends_at) VALUES ($1, 'self_exclusion', '1y', now() + interval '1 year')",
      [player.id],
    );
    const list = await staffCall(support, "GET", `/players/${player.id}/exclusions`);
    expect(list.statusCode).toBe(200);
    expect(list.json().payload).toEqual([expect.objectContaining({ kind: "self_exclusion", active: true, reason: null })]);
    const refused = await staffCall(support, "POST", `/players/${player.id}/exclusions`, { reason: "affordability", ends_at: null });
    expect(refused.statusCode).toBe(403);
    expect(await rowsOf(player.id)).toHaveLength(1);
    expect((await staffCall(support, "GET", `/players/00000000-0000-4000-8000-000000000000/exclusions`)).statusCode).toBe(404);
  });

  it("applies an operator exclusion (audited, sessions end) and ends it early (audited); a player's own cannot be ended", async () => {
    const player = await newPlayer(t, "staff-op");
    const applied = await staffCall(compliance, "POST", `/players/${player.id}/exclusions`, { reason: "affordability check", ends_at: null });
    expect(applied.statusCode, applied.body).toBe(200);
    const exclusion = applied.json().payload as { guid: string; ends_at: string | null };
    expect(exclusion.ends_at).toBeNull();
    expect((await call(t, player, "GET", "/profile")).statusCode).toBe(401);
    const [audit] = await auditOf(player.id, "exclusion.apply");
    expect(audit).toMatchObject({ staff_guid: compliance.staffId, after: { kind: "operator", reason: "affordability check" } });
    const email = await emailOf(player.id);
    expect((await login(t.app, email, PASSWORD)).json().payload.message).toMatch(/by the operator until further notice/);

    // Only extends: an indefinite one cannot be replaced by a dated one.
    const dated = await staffCall(compliance, "POST", `/players/${player.id}/exclusions`, {
      reason: "shorter",
      ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(dated.statusCode).toBe(409);

    expect((await staffCall(support, "POST", `/players/${player.id}/exclusions/${exclusion.guid}/end`, { reason: "resolved" })).statusCode).toBe(403);
    const ended = await staffCall(compliance, "POST", `/players/${player.id}/exclusions/${exclusion.guid}/end`, { reason: "check passed" });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().payload).toMatchObject({ active: false, ended_by_staff: compliance.staffId });
    expect(await auditOf(player.id, "exclusion.end")).toEqual([expect.objectContaining({ details: { reason: "check passed" } })]);
    expect((await staffCall(compliance, "POST", `/players/${player.id}/exclusions/${exclusion.guid}/end`, { reason: "again" })).statusCode).toBe(409);
    expect((await login(t.app, email, PASSWORD)).statusCode).toBe(200);

    const [own] = await t.database.query<{ guid: string }>(
      "INSERT INTO player_exclusions (user_guid, kind, period, ends_at) VALUES ($1, 'time_out', '24h', now() + interval '1 day') RETURNING guid",
      [player.id],
    );
    const refused = await staffCall(compliance, "POST", `/players/${player.id}/exclusions/${own!.guid}/end`, { reason: "asked nicely" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message).toMatch(/cannot be ended early/);
    expect(await auditOf(player.id, "exclusion.end")).toHaveLength(1);
  });

  it("pays an excluded player's remaining cash out to their saved card (protection.manage, audited, once)", async () => {
    const player = await newPlayer(t, "payout");
    expect((await call(t, player, "POST", "/billing/deposit/test", { amount: "40", currency_guid: usd })).statusCode).toBe(200);
    const saved = await call(t, player, "POST", "/billing/card", { card_number: "4242424242424242", cardholder_name: "P Player", expiration_month: 12, expiration_year: Number(futureYear) });
    expect(saved.statusCode, saved.body).toBe(200);
    const wallet = await walletOf(t, player.id, "USD");

    const notExcluded = await staffCall(compliance, "POST", `/players/${player.id}/exclusions/payout`, { wallet_guid: wallet });
    expect(notExcluded.statusCode).toBe(409);

    const self = await call(t, player, "POST", "/responsible-gaming/exclusions", { kind: "self_exclusion", period: "1y", password: PASSWORD });
    expect(self.statusCode).toBe(200);
    expect((await staffCall(support, "POST", `/players/${player.id}/exclusions/payout`, { wallet_guid: wallet })).statusCode).toBe(403);

    const paid = await staffCall(compliance, "POST", `/players/${player.id}/exclusions/payout`, { wallet_guid: wallet });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payload).toMatchObject({ amount: "40", currency: "USD" });
    expect(await cashOf(t, wallet)).toBe("0");
    const [payment] = await t.database.query<{ transaction_type: string; card_guid: string; amount: string }>(
      "SELECT transaction_type, card_guid, trim_scale(amount)::text AS amount FROM payments WHERE guid = $1",
      [paid.json().payload.payment_guid],
    );
    expect(payment).toEqual({ transaction_type: "withdrawal", card_guid: saved.json().payload.guid, amount: "40" });
    expect(await auditOf(player.id, "exclusion.payout")).toEqual([
      expect.objectContaining({ staff_guid: compliance.staffId, details: expect.objectContaining({ amount: "40", currency: "USD" }) }),
    ]);
    const again = await staffCall(compliance, "POST", `/players/${player.id}/exclusions/payout`, { wallet_guid: wallet });
    expect(again.statusCode).toBe(409);
    expect(await auditOf(player.id, "exclusion.payout")).toHaveLength(1);
  });
});
