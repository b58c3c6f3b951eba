import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { buildPaymentsApp, call, expectReconciled, type PaymentsTest } from "../payments/payments-helpers.ts";
import {
  adjustmentTransfers,
  fundedPlayer,
  key,
  paymentRow,
  pocketsOf,
  requestWithdrawal,
  staffCall,
} from "./money-review-helpers.ts";

// Four eyes and the withdrawal decision under real concurrency (ADR 018). PGlite runs one query at a time
// and would hide the race, so this runs on PostgreSQL only (TEST_DATABASE_URL; CI always sets it).
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) console.warn("[money review] TEST_DATABASE_URL is unset: the concurrent approval tests are SKIPPED.");

let t: PaymentsTest;
let approvers: TestStaff[];
let requester: TestStaff;

beforeAll(async () => {
  if (!hasPostgres) return;
  t = await buildPaymentsApp({ ADJUSTMENT_APPROVAL_THRESHOLD: "100", WITHDRAWAL_AUTO_APPROVE_MAX: "50" });
  requester = await createTestStaff(t, "finance");
  approvers = [
    ...(await Promise.all(Array.from({ length: 4 }, () => createTestStaff(t, "finance")))),
    ...(await Promise.all(Array.from({ length: 4 }, () => createTestStaff(t, "admin")))),
  ];
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!hasPostgres)("money review under concurrency (PostgreSQL)", () => {
  it("eight approvers approve the same adjustment at once: exactly one movement, the rest CONFLICT", async () => {
    for (let round = 0; round < 5; round += 1) {
      const { wallet } = await fundedPlayer(t, "300");
      const created = await staffCall(t, requester, "POST", "/adjustments", {
        wallet_guid: wallet,
        pocket: round % 2 === 0 ? "cash" : "bonus",
        direction: "credit",
        amount: "250",
        reason: "Race",
        idempotency_key: key(),
      });
      expect(created.json().payload.status).toBe("pending");
      const id = created.json().payload.id as string;
      const answers = await Promise.all(
        approvers.map((staff) => staffCall(t, staff, "POST", `/adjustments/${id}/approve`)),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(approvers.length - 1);
      expect(await adjustmentTransfers(t, id)).toHaveLength(1);
      expect(await pocketsOf(t, wallet)).toEqual(
        round % 2 === 0 ? { balance: "550", bonus_balance: "0" } : { balance: "300", bonus_balance: "250" },
      );
    }
    await expectReconciled(t);
  });

  it("the same adjustment request sent concurrently with one key: one request, one movement", async () => {
    const { wallet } = await fundedPlayer(t, "100");
    const body = {
      wallet_guid: wallet,
      pocket: "cash",
      direction: "credit",
      amount: "20",
      reason: "Twin",
      idempotency_key: key(),
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => staffCall(t, requester, "POST", "/adjustments", body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().payload.id)).size).toBe(1);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "120", bonus_balance: "0" });
    await expectReconciled(t);
  });

  it("concurrent debits by adjustment never overdraw", async () => {
    const { wallet } = await fundedPlayer(t, "100");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        staffCall(t, requester, "POST", "/adjustments", {
          wallet_guid: wallet,
          pocket: "cash",
          direction: "debit",
          amount: "30",
          reason: "Drain",
          idempotency_key: key(),
        }),
      ),
    );
    const applied = answers.filter((a) => a.statusCode === 200).length;
    expect(applied).toBe(3);
    expect(answers.filter((a) => a.statusCode === 409 && a.json().payload.code === "NOT_ENOUGH_MONEY")).toHaveLength(7);
    expect(await pocketsOf(t, wallet)).toEqual({ balance: "10", bonus_balance: "0" });
    await expectReconciled(t);
  });

  it("approve and decline of one withdrawal at once: exactly one decision wins and the money agrees with it", async () => {
    for (let round = 0; round < 5; round += 1) {
      const { player, wallet, cardGuid } = await fundedPlayer(t, "300");
      const guid = await requestWithdrawal(t, player, wallet, cardGuid, "200");
      const answers = await Promise.all(
        approvers.map((staff, i) =>
          i % 2 === 0
            ? staffCall(t, staff, "POST", `/withdrawals/${guid}/approve`)
            : staffCall(t, staff, "POST", `/withdrawals/${guid}/decline`, { reason: "Race" }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      const row = await paymentRow(t, guid);
      if (row.review_status === "declined") {
        expect(row).toMatchObject({ status: "cancelled", external_id: null });
        expect((await pocketsOf(t, wallet)).balance).toBe("300");
      } else {
        expect(row.review_status).toBe("approved");
        expect(row.external_id).toBeTruthy();
        expect((await pocketsOf(t, wallet)).balance).toBe("100");
      }
    }
    await expectReconciled(t);
  });
  it("a staff decision racing the player's own cancel: the reserved cash comes back at most once", async () => {
    for (let round = 0; round < 6; round += 1) {
      const { player, wallet, cardGuid } = await fundedPlayer(t, "300");
      const guid = await requestWithdrawal(t, player, wallet, cardGuid, "200");
      const staff = approvers[round % approvers.length]!;
      const decision =
        round % 2 === 0
          ? staffCall(t, staff, "POST", `/withdrawals/${guid}/decline`, { reason: "Race" })
          : staffCall(t, staff, "POST", `/withdrawals/${guid}/approve`);
      const [decided, cancelled] = await Promise.all([
        decision,
        call(t, player, "PATCH", `/billing/transaction/${guid}`),
      ]);
      expect([decided.statusCode, cancelled.statusCode]).toContain(200);
      const row = await paymentRow(t, guid);
      const refunds = await t.database.query(
        "SELECT 1 FROM ledger_transfers WHERE payment_guid = $1 AND kind = 'withdrawal_refund'",
        [guid],
      );
      if (row.status === "cancelled") {
        // Declined, or cancelled by the player (before the approval, or after it through the PSP's payout cancel).
        expect(refunds).toHaveLength(1);
        expect((await pocketsOf(t, wallet)).balance).toBe("300");
      } else {
        expect(row).toMatchObject({ status: "pending", review_status: "approved" });
        expect(refunds).toHaveLength(0);
        expect((await pocketsOf(t, wallet)).balance).toBe("100");
      }
    }
    await expectReconciled(t);
  });
});
