import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceReadyLimitChanges } from "../../src/modules/responsible-gaming/limits/announce-ready-limit-changes.ts";
import { endSessionsOverLimit } from "../../src/modules/responsible-gaming/limits/end-sessions-over-limit.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { buildPaymentsApp, call, currencyGuid, newPlayer, type PaymentsTest, type Player } from "../payments/payments-helpers.ts";

// Limits through the player and staff APIs (issue #16, ADR 021): windows, cooling-off and
// confirmation, the lowest-room rule at deposit creation, staff's stricter limits (audited), the
// session-time limit ending the login session. Time passes by moving rows back, never by waiting.

let t: PaymentsTest;
let usd: string;
let eur: string;
let compliance: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  t = await buildPaymentsApp();
  usd = await currencyGuid(t, "USD");
  eur = await currencyGuid(t, "EUR");
  compliance = await createTestStaff(t, "compliance");
  support = await createTestStaff(t, "support");
});
afterAll(async () => {
  await t?.close();
});

const limits = async (player: Player) => {
  const res = await call(t, player, "GET", "/responsible-gaming/limits");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.limits as Array<Record<string, unknown> & { guid: string; pending: Record<string, unknown> | null }>;
};
const setLimit = (player: Player, body: Record<string, unknown>) => call(t, player, "PUT", "/responsible-gaming/limits", body);
const testDeposit = (player: Player, amount: string, currency = usd) =>
  call(t, player, "POST", "/billing/deposit/test", { amount, currency_guid: currency });
/** The cooling-off of every pending change of the player is over. */
const endCoolingOff = (player: Player) =>
  t.database.query(
    "UPDATE player_limits SET pending_effective_at = now() - interval '1 second', pending_requested_at = now() - interval '25 hours' WHERE user_guid = $1 AND pending_effective_at IS NOT NULL",
    [player.id],
  );
const staffCall = (staff: TestStaff, method: "GET" | "PUT", url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/backoffice/v1${url}`, headers: staff.headers, ...(payload ? { payload } : {}) });

describe("setting limits", () => {
  it("applies a new limit at once and shows its usage and room", async () => {
    const player = await newPlayer(t, "new-limit");
    const res = await setLimit(player, { limit_type: "deposit", period: "day", currency_guid: usd, amount: "100" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ outcome: "applied", limit: { limit_type: "deposit", period: "day", amount: "100", used: "0", remaining: "100", currency_code: "USD", pending: null } });
    expect(await limits(player)).toHaveLength(1);
  });

  it("refuses bad input with the validation envelope naming the field", async () => {
    const player = await newPlayer(t, "bad-input");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ limit_type: "deposit", period: "day", currency_guid: usd, amount: "-5" }, "amount"],
      [{ limit_type: "deposit", period: "day", currency_guid: usd, amount: "ten" }, "amount"],
      [{ limit_type: "deposit", period: "day", currency_guid: usd, amount: "10.001" }, "amount"],
      [{ limit_type: "deposit", period: "day", currency_guid: usd, amount: "0" }, "amount"],
      [{ limit_type: "deposit", period: "day", currency_guid: usd, amount: "1000000001" }, "amount"],
      [{ limit_type: "loss", period: "year", currency_guid: usd, amount: "10" }, "period"],
      [{ limit_type: "wager", period: "day", currency_guid: "00000000-0000-4000-8000-000000000000", amount: "10" }, "currency_guid"],
      [{ limit_type: "session_time", minutes: 2 }, "minutes"],
      [{ limit_type: "session_time", minutes: 1441 }, "minutes"],
      [{ limit_type: "bonus", period: "day", currency_guid: usd, amount: "10" }, "limit_type"],
    ];
    for (const [body, field] of cases) {
      const res = await setLimit(player, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe("error");
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(field);
    }
    expect(await limits(player)).toEqual([]);
  });

  it("holds an increase through the 24-hour cooling-off, then applies it only when the player confirms", async () => {
    const player = await newPlayer(t, "increase");
    const set = (await setLimit(player, { limit_type: "loss", period: "week", currency_guid: usd, amount: "50" })).json().payload;
    const raised = await setLimit(player, { limit_type: "loss", period: "week", currency_guid: usd, amount: "80" });
    expect(raised.json().payload).toMatchObject({ outcome: "pending", limit: { amount: "50", pending: { amount: "80", removal: false, confirmable: false } } });
    const pending = raised.json().payload.limit.pending;
    const hours = (Date.parse(pending.effective_at) - Date.parse(pending.requested_at)) / 3_600_000;
    expect(hours).toBe(24);

    // Asking again keeps the clock; confirming early is refused and changes nothing.
    const again = (await setLimit(player, { limit_type: "loss", period: "week", currency_guid: usd, amount: "80" })).json().payload;
    expect(again.limit.pending.effective_at).toBe(pending.effective_at);
    const early = await call(t, player, "POST", `/responsible-gaming/limits/${set.limit.guid}/confirm`);
    expect(early.statusCode).toBe(409);
    expect(early.json().payload.message).toContain("cooling-off");
    expect((await limits(player))[0]).toMatchObject({ amount: "50" });

    // Cooling-off over: announced once, then confirmed.
    await endCoolingOff(player);
    expect((await limits(player))[0]!.pending).toMatchObject({ confirmable: true });
    await announceReadyLimitChanges(t.database.db);
    await announceReadyLimitChanges(t.database.db);
    const ready = await t.database.query("SELECT kind FROM notifications WHERE user_guid = $1 AND kind = 'limit_increase_ready'", [player.id]);
    expect(ready).toHaveLength(1);
    const confirmed = await call(t, player, "POST", `/responsible-gaming/limits/${set.limit.guid}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().payload.limit).toMatchObject({ amount: "80", pending: null });
    const effective = await t.database.query("SELECT kind FROM notifications WHERE user_guid = $1 AND kind = 'limit_change_effective'", [player.id]);
    expect(effective.length).toBeGreaterThanOrEqual(1);
  });

  it("applies a decrease at once and drops a pending increase", async () => {
    const player = await newPlayer(t, "decrease");
    await setLimit(player, { limit_type: "wager", period: "day", currency_guid: usd, amount: "100" });
    await setLimit(player, { limit_type: "wager", period: "day", currency_guid: usd, amount: "300" });
    const lowered = await setLimit(player, { limit_type: "wager", period: "day", currency_guid: usd, amount: "40" });
    expect(lowered.json().payload).toMatchObject({ outcome: "applied", limit: { amount: "40", pending: null } });
    const history = (await staffCall(support, "GET", `/players/${player.id}/limits`)).json().payload.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(["decreased", "increase_requested", "set"]);
  });

  it("removes a limit only after the cooling-off and a confirmation; the player may cancel meanwhile", async () => {
    const player = await newPlayer(t, "removal");
    const { limit } = (await setLimit(player, { limit_type: "session_time", minutes: 60 })).json().payload;
    const removal = await call(t, player, "DELETE", `/responsible-gaming/limits/${limit.guid}`);
    expect(removal.json().payload.limit).toMatchObject({ minutes: 60, pending: { removal: true } });
    const cancelled = await call(t, player, "POST", `/responsible-gaming/limits/${limit.guid}/cancel`);
    expect(cancelled.json().payload.limit.pending).toBeNull();

    await call(t, player, "DELETE", `/responsible-gaming/limits/${limit.guid}`);
    expect((await call(t, player, "POST", `/responsible-gaming/limits/${limit.guid}/confirm`)).statusCode).toBe(409);
    await endCoolingOff(player);
    const confirmed = await call(t, player, "POST", `/responsible-gaming/limits/${limit.guid}/confirm`);
    expect(confirmed.json().payload.limit).toBeNull();
    expect(await limits(player)).toEqual([]);
  });

  it("concurrent changes of one limit go one after the other: one row, the lowest amount in force", async () => {
    const player = await newPlayer(t, "concurrent");
    const amounts = ["70", "30", "90", "50", "40", "80"];
    const answers = await Promise.all(
      amounts.map((amount) => setLimit(player, { limit_type: "wager", period: "week", currency_guid: usd, amount })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(amounts.map(() => 200));
    const list = await limits(player);
    expect(list).toHaveLength(1);
    // The amount only ever goes down at once; anything higher waits as a pending increase.
    expect(list[0]).toMatchObject({ amount: "30" });
  });

  it("answers 404 for another player's limit", async () => {
    const owner = await newPlayer(t, "owner");
    const other = await newPlayer(t, "other");
    const { limit } = (await setLimit(owner, { limit_type: "deposit", period: "month", currency_guid: usd, amount: "500" })).json().payload;
    for (const [method, path] of [["DELETE", ""], ["POST", "/confirm"], ["POST", "/cancel"]] as const) {
      const res = await call(t, other, method, `/responsible-gaming/limits/${limit.guid}${path}`);
      expect(res.statusCode).toBe(404);
    }
    expect((await limits(owner))[0]).toMatchObject({ amount: "500", pending: null });
    expect((await call(t, null, "GET", "/responsible-gaming/limits")).statusCode).toBe(401);
  });
});

describe("deposit limits at deposit creation", () => {
  it("refuses a deposit above the lowest remaining room, naming it, and counts only that currency's deposits", async () => {
    const player = await newPlayer(t, "deposit-limit");
    await setLimit(player, { limit_type: "deposit", period: "day", currency_guid: usd, amount: "100" });
    expect((await testDeposit(player, "60")).statusCode).toBe(200);
    const refused = await testDeposit(player, "50");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().payload).toMatchObject({ code: "LIMIT_REACHED" });
    expect(refused.json().payload.message).toContain("daily deposit limit of 100.00 USD");
    expect(refused.json().payload.message).toContain("at most 40.00 USD");
    expect((await testDeposit(player, "40")).statusCode).toBe(200);
    // Another currency has its own limits (none here).
    expect((await testDeposit(player, "500", eur)).statusCode).toBe(200);

    // A weekly limit with less room than the day's wins; the day's window rolls, the week's does not yet.
    await setLimit(player, { limit_type: "deposit", period: "week", currency_guid: usd, amount: "120" });
    await t.database.query("UPDATE payments SET created_at = now() - interval '25 hours' WHERE customer_guid = $1", [player.id]);
    const week = await testDeposit(player, "30");
    expect(week.statusCode).toBe(403);
    expect(week.json().payload.message).toContain("weekly deposit limit of 120.00 USD");
    expect(week.json().payload.message).toContain("at most 20.00 USD");
    expect((await testDeposit(player, "20")).statusCode).toBe(200);
    const list = await limits(player);
    expect(list.map((l) => [l.period, l.used, l.remaining])).toEqual([
      ["day", "20", "80"],
      ["week", "120", "0"],
    ]);
  });

  it("counts a pending card deposit until it fails", async () => {
    const player = await newPlayer(t, "pending-deposit");
    await setLimit(player, { limit_type: "deposit", period: "month", currency_guid: usd, amount: "100" });
    const card = await t.database.query<{ guid: string }>("SELECT guid FROM payment_systems WHERE name = 'sandbox_card'");
    const pending = await call(t, player, "POST", "/billing/deposit", { amount: "80", currency_guid: usd, psp_guid: card[0]!.guid });
    expect(pending.statusCode, pending.body).toBe(200);
    const refused = await call(t, player, "POST", "/billing/deposit", { amount: "30", currency_guid: usd, psp_guid: card[0]!.guid });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().payload.message).toContain("monthly deposit limit of 100.00 USD");
    await t.database.query("UPDATE payments SET status = 'failed' WHERE customer_guid = $1", [player.id]);
    expect((await testDeposit(player, "30")).statusCode).toBe(200);
  });

  it("does not give room back for a withdrawal", async () => {
    const player = await newPlayer(t, "withdrawal-room");
    await setLimit(player, { limit_type: "deposit", period: "day", currency_guid: usd, amount: "50" });
    await testDeposit(player, "50");
    await t.database.query(
      `INSERT INTO payments (customer_guid, wallet_guid, currency_guid, payment_system_guid, transaction_type, status, amount)
       SELECT customer_guid, wallet_guid, currency_guid, payment_system_guid, 'withdrawal', 'successful', 50
         FROM payments WHERE customer_guid = $1 LIMIT 1`,
      [player.id],
    );
    expect((await testDeposit(player, "10")).statusCode).toBe(403);
  });
});

describe("staff", () => {
  it("view a player's limits with players.read and set a stricter one with protection.manage, audited", async () => {
    const player = await newPlayer(t, "staff-view");
    await setLimit(player, { limit_type: "deposit", period: "day", currency_guid: usd, amount: "100" });
    const view = await staffCall(support, "GET", `/players/${player.id}/limits`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().payload.limits[0]).toMatchObject({ amount: "100" });

    const body = { limit_type: "deposit", period: "day", currency_guid: usd, amount: "30", reason: "Affordability concern" };
    expect((await staffCall(support, "PUT", `/players/${player.id}/limits`, body)).statusCode).toBe(403);
    const stricter = await staffCall(compliance, "PUT", `/players/${player.id}/limits`, body);
    expect(stricter.statusCode, stricter.body).toBe(200);
    expect(stricter.json().payload).toMatchObject({ outcome: "applied", limit: { amount: "30" } });
    const looser = await staffCall(compliance, "PUT", `/players/${player.id}/limits`, { ...body, amount: "60" });
    expect(looser.statusCode).toBe(409);
    expect((await limits(player))[0]).toMatchObject({ amount: "30" });

    const audit = await t.database.query<{ action: string; details: { reason: string } }>(
      "SELECT action, details FROM staff_audit_log WHERE player_guid = $1 AND action = 'player.limit_set'",
      [player.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details.reason).toBe("Affordability concern");
    const history = (await staffCall(support, "GET", `/players/${player.id}/limits`)).json().payload.history;
    expect(history[0]).toMatchObject({ action: "decreased", actor: "staff", old_amount: "100", new_amount: "30" });
  });
});

describe("session-time limit", () => {
  it("ends the login session once it has lasted longer than the limit, with a session_closed event", async () => {
    const player = await newPlayer(t, "session-time");
    await setLimit(player, { limit_type: "session_time", minutes: 30 });
    expect(await endSessionsOverLimit(t.database.db)).toBe(0);
    expect((await call(t, player, "GET", "/responsible-gaming/limits")).statusCode).toBe(200);

    await t.database.query(
      "UPDATE sessions SET created_at = created_at - interval '31 minutes', logged_in_at = logged_in_at - interval '31 minutes' WHERE user_guid = $1",
      [player.id],
    );
    const [usage] = await limits(player);
    expect(usage!.used_minutes).toBeGreaterThanOrEqual(31);
    expect(await endSessionsOverLimit(t.database.db)).toBeGreaterThanOrEqual(1);
    const events = await t.database.query<{ payload: { reason: string } }>(
      "SELECT payload FROM outbox_events WHERE user_guid = $1 AND type = 'session_closed'",
      [player.id],
    );
    expect(events.map((e) => e.payload.reason)).toContain("session_limit");
    expect((await call(t, player, "GET", "/responsible-gaming/limits")).statusCode).toBe(401);
  });
});
