import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import {
  buildPaymentsApp,
  call,
  expectReconciled,
  newPlayer,
  type PaymentsTest,
} from "../payments/payments-helpers.ts";
import { expectOutboxInVocabulary } from "../realtime/event-vocabulary-helpers.ts";
import { deposit } from "../wallet/wallet-helpers.ts";
import {
  adjustmentTransfers,
  fundedPlayer,
  key,
  paymentRow,
  playRound,
  pocketsOf,
  requestWithdrawal,
  staffCall,
} from "./money-review-helpers.ts";

// Issue #15 capabilities 2 and 3 (ADR 018): manual adjustments with four eyes, and the withdrawal review.
// The demo's rule: withdrawals up to 50 USD of players without bonus money go out at once; adjustments
// above 100 USD wait for a second staff member.

let t: PaymentsTest;
let finance: TestStaff;
let finance2: TestStaff;
let admin: TestStaff;
let compliance: TestStaff;
let support: TestStaff;
let marketing: TestStaff;

beforeAll(async () => {
  t = await buildPaymentsApp({ ADJUSTMENT_APPROVAL_THRESHOLD: "100", WITHDRAWAL_AUTO_APPROVE_MAX: "50" });
  finance = await createTestStaff(t, "finance");
  finance2 = await createTestStaff(t, "finance");
  admin = await createTestStaff(t, "admin");
  compliance = await createTestStaff(t, "compliance");
  support = await createTestStaff(t, "support");
  marketing = await createTestStaff(t, "marketing");
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectOutboxInVocabulary(t.database);
  await expectReconciled(t);
});

const adjust = (staff: TestStaff, body: Record<string, unknown>) => staffCall(t, staff, "POST", "/adjustments", body);

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await t.database.query<{ action: string }>(
    "SELECT action FROM staff_audit_log WHERE target_id = $1 ORDER BY id",
    [targetId],
  );
  return rows.map((r) => r.action);
}

describe("manual adjustments", () => {
  it("at or below the threshold: applied at once through the ledger, the header balance told, audited", async () => {
    const { player, wallet } = await fundedPlayer(t, "100");
    const res = await adjust(finance, {
      wallet_guid: wallet,
      pocket: "cash",
      direction: "credit",
      amount: "100.00",
      reason: "Goodwill for an outage",
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const adjustment = res.json().payload;
    expect(adjustment).toMatchObject({
      status: "applied",
      requires_approval: false,
      amount: "100.00",
      base_amount: "100.00",
      player_guid: player.id,
      currency_code: "USD",
    });
    expect(adjustment.transfer_guid).toBeTruthy();
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "200", bonus_balance: "0" });
    expect(await adjustmentTransfers(t, adjustment.id)).toEqual([
      { kind: "manual_adjustment", debit: "operator_adjustment", credit: "player_cash", amount: "100" },
    ]);
    const events = await t.database.query<{ payload: { operation_type: string; balance: string } }>(
      "SELECT payload FROM outbox_events WHERE user_guid = $1 AND type = 'user_balance_updated' ORDER BY id DESC LIMIT 1",
      [player.id],
    );
    expect(events[0]!.payload).toMatchObject({ operation_type: "manual_adjustment", balance: "200.00" });
    expect(await auditActions(adjustment.id)).toEqual(["adjustment.apply"]);

    // The bonus pocket, debited within what it holds.
    await deposit(t.database, wallet, "30", "bonus_balance");
    const debit = await adjust(finance, {
      wallet_guid: wallet,
      pocket: "bonus",
      direction: "debit",
      amount: "12.5",
      reason: "Bonus abuse",
      idempotency_key: key(),
    });
    expect(debit.statusCode, debit.body).toBe(200);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "200", bonus_balance: "17.5" });
    expect(await adjustmentTransfers(t, debit.json().payload.id)).toEqual([
      { kind: "manual_adjustment", debit: "player_bonus", credit: "operator_adjustment", amount: "12.5" },
    ]);
  });

  it("idempotent: a retry answers the same adjustment and moves nothing; other parameters with the key are a CONFLICT", async () => {
    const { wallet } = await fundedPlayer(t, "100");
    const body = {
      wallet_guid: wallet,
      pocket: "cash",
      direction: "credit",
      amount: "10",
      reason: "Retry me",
      idempotency_key: key(),
    };
    const first = await adjust(finance, body);
    const second = await adjust(finance, body);
    expect(second.statusCode).toBe(200);
    expect(second.json().payload.id).toBe(first.json().payload.id);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "110", bonus_balance: "0" });
    const other = await adjust(finance, { ...body, amount: "11" });
    expect(other.statusCode).toBe(409);
    expect(other.json().payload.code).toBe("CONFLICT");
    // The same key from another staff member is not theirs to replay.
    expect((await adjust(admin, body)).statusCode).toBe(409);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "110", bonus_balance: "0" });
  });

  it("a debit never makes a pocket negative: NOT_ENOUGH_MONEY names what is available, nothing is written", async () => {
    const { wallet } = await fundedPlayer(t, "40");
    const idempotencyKey = key();
    const res = await adjust(finance, {
      wallet_guid: wallet,
      pocket: "cash",
      direction: "debit",
      amount: "40.01",
      reason: "Chargeback",
      idempotency_key: idempotencyKey,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().payload.code).toBe("NOT_ENOUGH_MONEY");
    expect(res.json().payload.message).toContain("40.00 USD");
    const rows = await t.database.query("SELECT 1 FROM adjustment_requests WHERE idempotency_key = $1", [
      idempotencyKey,
    ]);
    expect(rows).toEqual([]);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "40", bonus_balance: "0" });
    // Exactly the balance is fine.
    const all = await adjust(finance, {
      wallet_guid: wallet,
      pocket: "cash",
      direction: "debit",
      amount: "40",
      reason: "Chargeback",
      idempotency_key: key(),
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "0", bonus_balance: "0" });
  });

  it("bad input gets a field-named VALIDATION_ERROR and writes nothing", async () => {
    const { wallet } = await fundedPlayer(t, "10");
    const base = {
      wallet_guid: wallet,
      pocket: "cash",
      direction: "credit",
      amount: "1",
      reason: "ok",
      idempotency_key: key(),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, amount: "1.001" }, "body.amount"],
      [{ ...base, amount: "-1" }, "body.amount"],
      [{ ...base, amount: "0" }, "body.amount"],
      [{ ...base, reason: "   " }, "body.reason"],
      [{ ...base, reason: "x".repeat(501) }, "body.reason"],
      [{ ...base, pocket: "deferred" }, "body.pocket"],
      [{ ...base, idempotency_key: "short" }, "body.idempotency_key"],
      [{ ...base, wallet_guid: "nope" }, "body.wallet_guid"],
    ];
    for (const [body, field] of cases) {
      const res = await adjust(finance, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().payload.code).toBe("VALIDATION_ERROR");
      expect(JSON.stringify(res.json().payload.fields ?? res.json().payload), JSON.stringify(body)).toContain(field);
    }
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "10", bonus_balance: "0" });
  });

  it("above the threshold: pending until a DIFFERENT approver approves; requester and wrong roles refused; decided once", async () => {
    const { player, wallet } = await fundedPlayer(t, "100");
    const res = await adjust(finance, {
      wallet_guid: wallet,
      pocket: "cash",
      direction: "credit",
      amount: "100.01",
      reason: "Large goodwill",
      idempotency_key: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json().payload;
    expect(pending).toMatchObject({ status: "pending", requires_approval: true, transfer_guid: null });
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "100", bonus_balance: "0" });

    const queue = await staffCall(t, finance2, "GET", "/adjustments?status=pending&limit=100");
    expect(queue.statusCode).toBe(200);
    expect(queue.json().payload.items.map((a: { id: string }) => a.id)).toContain(pending.id);

    const self = await staffCall(t, finance, "POST", `/adjustments/${pending.id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json().payload.message).toMatch(/four eyes/);
    for (const staff of [compliance, support, marketing])
      expect((await staffCall(t, staff, "POST", `/adjustments/${pending.id}/approve`)).statusCode).toBe(403);
    expect(
      (
        await staffCall(t, support, "POST", "/adjustments", {
          wallet_guid: wallet,
          pocket: "cash",
          direction: "credit",
          amount: "1",
          reason: "x",
          idempotency_key: key(),
        })
      ).statusCode,
    ).toBe(403);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "100", bonus_balance: "0" });

    const approved = await staffCall(t, finance2, "POST", `/adjustments/${pending.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().payload).toMatchObject({
      status: "applied",
      decided_by: finance2.staffId,
      decided_by_email: finance2.email,
    });
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "200.01", bonus_balance: "0" });

    const again = await staffCall(t, admin, "POST", `/adjustments/${pending.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(
      (await staffCall(t, admin, "POST", `/adjustments/${pending.id}/reject`, { reason: "late" })).statusCode,
    ).toBe(409);
    expect(await adjustmentTransfers(t, pending.id)).toHaveLength(1);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "200.01", bonus_balance: "0" });
    expect(await auditActions(pending.id)).toEqual(["adjustment.request", "adjustment.approve"]);
    const audit = await t.database.query<{ staff_guid: string; player_guid: string }>(
      "SELECT staff_guid, player_guid FROM staff_audit_log WHERE target_id = $1 AND action = 'adjustment.approve'",
      [pending.id],
    );
    expect(audit[0]).toMatchObject({ staff_guid: finance2.staffId, player_guid: player.id });
  });

  it("reject: a reason is required, no money moves; the requester may withdraw their own request", async () => {
    const { wallet } = await fundedPlayer(t, "100");
    const a = (
      await adjust(finance, {
        wallet_guid: wallet,
        pocket: "cash",
        direction: "credit",
        amount: "500",
        reason: "Big",
        idempotency_key: key(),
      })
    ).json().payload;
    const missing = await staffCall(t, finance2, "POST", `/adjustments/${a.id}/reject`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().payload.code).toBe("VALIDATION_ERROR");
    const rejected = await staffCall(t, finance2, "POST", `/adjustments/${a.id}/reject`, {
      reason: "No ticket for it",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().payload).toMatchObject({
      status: "rejected",
      decision_reason: "No ticket for it",
      transfer_guid: null,
    });
    expect((await staffCall(t, admin, "POST", `/adjustments/${a.id}/approve`)).statusCode).toBe(409);

    const b = (
      await adjust(finance, {
        wallet_guid: wallet,
        pocket: "cash",
        direction: "credit",
        amount: "500",
        reason: "Typo",
        idempotency_key: key(),
      })
    ).json().payload;
    expect(
      (await staffCall(t, finance, "POST", `/adjustments/${b.id}/reject`, { reason: "Wrong amount" })).statusCode,
    ).toBe(200);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "100", bonus_balance: "0" });
    expect(
      (await staffCall(t, finance2, "POST", "/adjustments/00000000-0000-4000-8000-000000000000/approve")).statusCode,
    ).toBe(404);
  });

  it("an approved debit the pocket can no longer cover is NOT_ENOUGH_MONEY and stays pending", async () => {
    const { wallet } = await fundedPlayer(t, "300");
    const a = (
      await adjust(finance, {
        wallet_guid: wallet,
        pocket: "cash",
        direction: "debit",
        amount: "250",
        reason: "Fraud recovery",
        idempotency_key: key(),
      })
    ).json().payload;
    expect(a.status).toBe("pending");
    await adjust(finance, {
      wallet_guid: wallet,
      pocket: "cash",
      direction: "debit",
      amount: "100",
      reason: "Other",
      idempotency_key: key(),
    });
    const res = await staffCall(t, finance2, "POST", `/adjustments/${a.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().payload.code).toBe("NOT_ENOUGH_MONEY");
    expect(res.json().payload.message).toContain("200.00 USD");
    const [row] = await t.database.query<{ status: string; decided_by: string | null }>(
      "SELECT status, decided_by FROM adjustment_requests WHERE guid = $1",
      [a.id],
    );
    expect(row).toEqual({ status: "pending", decided_by: null });
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "200", bonus_balance: "0" });
  });

  it("the threshold is in the default currency: other currencies convert with the stored rate", async () => {
    const { wallet } = await fundedPlayer(t, "100", { currency: "EUR" });
    // EUR/USD 1.08 (demo rates): 92 EUR = 99.36 USD, 93 EUR = 100.44 USD.
    const below = (
      await adjust(finance, {
        wallet_guid: wallet,
        pocket: "cash",
        direction: "credit",
        amount: "92",
        reason: "EUR",
        idempotency_key: key(),
      })
    ).json().payload;
    expect(below).toMatchObject({ status: "applied", base_amount: "99.36", currency_code: "EUR" });
    const above = (
      await adjust(finance, {
        wallet_guid: wallet,
        pocket: "cash",
        direction: "credit",
        amount: "93",
        reason: "EUR",
        idempotency_key: key(),
      })
    ).json().payload;
    expect(above).toMatchObject({ status: "pending", base_amount: "100.44" });
  });
});

describe("withdrawal review", () => {
  it("the demo rule: up to 50 USD without bonus money goes out at once; above it waits, nothing reaches the PSP", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer(t, "200");
    const small = await requestWithdrawal(t, player, wallet, cardGuid, "50");
    expect((await paymentRow(t, small)).review_status).toBe("auto_approved");
    const large = await requestWithdrawal(t, player, wallet, cardGuid, "50.01");
    expect(await paymentRow(t, large)).toMatchObject({
      status: "pending",
      review_status: "in_review",
      external_id: null,
    });
    await t.worker.tick();
    await t.worker.tick();
    expect((await paymentRow(t, small)).status).toBe("successful");
    expect(await paymentRow(t, large)).toMatchObject({
      status: "pending",
      review_status: "in_review",
      external_id: null,
    });
    // The player sees it pending, as any withdrawal before it is paid.
    const seen = (await call(t, player, "GET", `/billing/transactions?guid=${large}`)).json().payload[0];
    expect(seen.status).toBe("pending");

    // Bonus money in the wallet sends even a small one to review.
    await deposit(t.database, wallet, "5", "bonus_balance");
    const withBonus = await requestWithdrawal(t, player, wallet, cardGuid, "20");
    expect((await paymentRow(t, withBonus)).review_status).toBe("in_review");
  });

  it("defaults: production reviews every withdrawal; demo mode auto-approves up to 50 without requiring verification", () => {
    expect(loadEnv({}).WITHDRAWAL_AUTO_APPROVE_MAX).toBeUndefined();
    expect(loadEnv({}).WITHDRAWAL_AUTO_APPROVE_VERIFIED_ONLY).toBe(true);
    const demo = loadEnv({ DEMO_MODE: "true" });
    expect(demo.WITHDRAWAL_AUTO_APPROVE_MAX).toBe("50");
    expect(demo.WITHDRAWAL_AUTO_APPROVE_VERIFIED_ONLY).toBe(false);
    expect(loadEnv({}).ADJUSTMENT_APPROVAL_THRESHOLD).toBe("100");
    expect(() => loadEnv({ ADJUSTMENT_APPROVAL_THRESHOLD: "1e3" })).toThrow(/ADJUSTMENT_APPROVAL_THRESHOLD/);
  });

  it("approve pays out through the sandbox PSP, once; a second decision is refused", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer(t, "300");
    const guid = await requestWithdrawal(t, player, wallet, cardGuid, "120");
    expect((await pocketsOf(t, wallet)).balance).toBe("180");
    expect((await staffCall(t, support, "POST", `/withdrawals/${guid}/approve`)).statusCode).toBe(403);
    const res = await staffCall(t, compliance, "POST", `/withdrawals/${guid}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      review_status: "approved",
      reviewed_by_email: compliance.email,
      status: "pending",
    });
    expect((await paymentRow(t, guid)).external_id).toBeTruthy();
    expect((await staffCall(t, finance, "POST", `/withdrawals/${guid}/approve`)).statusCode).toBe(409);
    expect((await staffCall(t, finance, "POST", `/withdrawals/${guid}/decline`, { reason: "late" })).statusCode).toBe(
      409,
    );
    await t.worker.tick();
    await t.worker.tick();
    expect((await paymentRow(t, guid)).status).toBe("successful");
    expect((await pocketsOf(t, wallet)).balance).toBe("180");
    expect(await auditActions(guid)).toContain("withdrawal.approve");
  });

  it("decline returns the reserved cash through the ledger, tells the player (event and mail), once", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer(t, "300");
    const guid = await requestWithdrawal(t, player, wallet, cardGuid, "150");
    expect((await pocketsOf(t, wallet)).balance).toBe("150");
    const missing = await staffCall(t, finance, "POST", `/withdrawals/${guid}/decline`, { reason: "" });
    expect(missing.statusCode).toBe(400);
    const res = await staffCall(t, finance, "POST", `/withdrawals/${guid}/decline`, {
      reason: "Please verify your identity first",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      review_status: "declined",
      status: "cancelled",
      cash_balance: "300.00",
    });
    expect(res.json().payload.logs.map((l: { event_type: string }) => l.event_type)).toContain("declined");
    expect((await pocketsOf(t, wallet)).balance).toBe("300");
    const legs = await t.database.query<{ kind: string }>(
      "SELECT kind FROM ledger_transfers WHERE payment_guid = $1 ORDER BY created_at",
      [guid],
    );
    expect(legs.map((l) => l.kind)).toEqual(["withdrawal", "withdrawal_refund"]);
    const events = await t.database.query<{ event_type: string; payload: { status?: string } }>(
      "SELECT type AS event_type, payload FROM outbox_events WHERE user_guid = $1 ORDER BY id DESC LIMIT 3",
      [player.id],
    );
    expect(events.map((e) => e.event_type).sort()).toEqual(["notification_created", "payment_status_changed", "user_balance_updated"]);
    // The in-app notification carries the reason (issue #16).
    expect(events.find((e) => e.event_type === "notification_created")?.payload).toMatchObject({
      notification: { kind: "withdrawal_declined", params: { reason: "Please verify your identity first" } },
    });
    const [user] = await t.database.query<{ email: string }>("SELECT email FROM users WHERE guid = $1", [player.id]);
    const mails = await t.database.query<{ subject: string; text: string }>(
      "SELECT subject, text FROM dev_outbox WHERE recipient = $1",
      [user!.email],
    );
    expect(
      mails.some((m) => m.subject.includes("declined") && m.text.includes("Please verify your identity first")),
    ).toBe(true);
    expect((await staffCall(t, admin, "POST", `/withdrawals/${guid}/decline`, { reason: "again" })).statusCode).toBe(
      409,
    );
    expect((await staffCall(t, admin, "POST", `/withdrawals/${guid}/approve`)).statusCode).toBe(409);
    await t.worker.tick();
    expect((await paymentRow(t, guid)).external_id).toBeNull();
    expect((await pocketsOf(t, wallet)).balance).toBe("300");
    expect(await auditActions(guid)).toContain("withdrawal.decline");
  });

  it("a player's own cancel of a withdrawal in review still follows the rules, and then staff cannot decide it", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer(t, "200");
    const guid = await requestWithdrawal(t, player, wallet, cardGuid, "100");
    const cancelled = await call(t, player, "PATCH", `/billing/transaction/${guid}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await pocketsOf(t, wallet)).balance).toBe("200");
    const res = await staffCall(t, finance, "POST", `/withdrawals/${guid}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().payload.message).toContain("cancelled");
  });

  it("the queue: in review oldest first with risk signals, keyset pages, by permission, audited", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer(t, "500");
    // Another player saved the same card; this player changed their password; they won far above any RTP.
    await fundedPlayer(t, "10");
    await t.database.query("UPDATE users SET password_hash = 'changed' WHERE guid = $1", [player.id]);
    await playRound(t, player.id, wallet, "10", "100");
    const guid = await requestWithdrawal(t, player, wallet, cardGuid, "400");

    expect((await staffCall(t, marketing, "GET", "/withdrawals")).statusCode).toBe(403);
    const detail = await staffCall(t, support, "GET", `/withdrawals/${guid}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const item = detail.json().payload;
    expect(item).toMatchObject({
      amount: "400.00",
      base_amount: "400.00",
      review_status: "in_review",
      destination: "424242******4242",
      cash_balance: "190.00",
    });
    expect(item.risk).toMatchObject({
      is_verified: false,
      deposits_total: "500.00",
      withdrawals_total: "0.00",
      stakes_30d: "10.00",
      wins_30d: "100.00",
      return_percent_30d: "1000.00",
    });
    expect(item.risk.password_changed_at).toBeTruthy();
    expect(item.risk.email_changed_at).toBeNull();
    expect(item.risk.shared_destination_players).toBeGreaterThanOrEqual(1);
    expect(item.risk.flags).toEqual(
      expect.arrayContaining(["unverified", "recent_password_change", "shared_payout_destination", "unusual_win_rate"]),
    );
    expect(item.risk.flags).not.toContain("withdrawing_more_than_deposited");

    // Walk the whole queue two at a time: oldest first, every in-review withdrawal once, ours among them.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/withdrawals?status=in_review&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await staffCall(t, support, "GET", url);
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().payload.items.map((i: { id: string }) => i.id));
      cursor = page.json().payload.next_cursor;
    } while (cursor);
    const [count] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payments WHERE review_status = 'in_review'",
    );
    expect(seen).toHaveLength(count!.n);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.at(-1)).toBe(guid);
    expect((await staffCall(t, support, "GET", "/withdrawals?cursor=bogus")).statusCode).toBe(400);
    expect((await staffCall(t, support, "GET", "/withdrawals?limit=101")).statusCode).toBe(400);
    const [audited] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_audit_log WHERE staff_guid = $1 AND action = 'withdrawals.list'",
      [support.staffId],
    );
    expect(audited!.n).toBeGreaterThan(0);
    await staffCall(t, finance, "POST", `/withdrawals/${guid}/decline`, { reason: "Risk" });
  });

  it("an email change is stamped by the trigger too", async () => {
    const player = await newPlayer(t, "em");
    await t.database.query("UPDATE users SET email = $2 WHERE guid = $1", [
      player.id,
      `changed-${player.id}@example.com`,
    ]);
    const [row] = await t.database.query<{ email_changed_at: string | null; password_changed_at: string | null }>(
      "SELECT email_changed_at, password_changed_at FROM users WHERE guid = $1",
      [player.id],
    );
    expect(row!.email_changed_at).not.toBeNull();
    expect(row!.password_changed_at).toBeNull();
  });
});
