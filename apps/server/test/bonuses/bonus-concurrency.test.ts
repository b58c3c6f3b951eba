import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { activateCustomerBonus } from "../../src/modules/bonuses/engine/activate-customer-bonus.ts";
import { cancelCustomerBonus } from "../../src/modules/bonuses/engine/cancel-customer-bonus.ts";
import { grantBonus } from "../../src/modules/bonuses/engine/grant-bonus.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { createTestDeposit } from "../../src/modules/payments/create-test-deposit.ts";
import type { PaymentsContext } from "../../src/modules/payments/payments-context.ts";
import { createProviderRegistry } from "../../src/modules/payments/psp/provider-registry.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bet, currencyGuid, hasPostgres, providerCall, rollback, seatPlayer, win, type Seat } from "../wallet/wallet-helpers.ts";
import { ageWallet, createCampaign, sweep, type Campaign } from "./correctness-fixtures.ts";

/**
 * The bonus engine under real concurrency (PostgreSQL only: PGlite runs one query at a time, so a
 * race there always "passes"). Bets racing the expiry sweeper, deposits racing for a deposit bonus,
 * sweepers racing each other: money is conserved, every bonus ends exactly once, nothing is granted twice.
 */

// Only the tick()s these tests start run: the app's own timer would make "two sweepers" three.
vi.mock("../../src/modules/bonuses/engine/bonus-sweeper.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/modules/bonuses/engine/bonus-sweeper.ts")>();
  return { ...original, createBonusSweeper: (...args: Parameters<typeof original.createBonusSweeper>) => ({ ...original.createBonusSweeper(...args), start: () => {} }) };
});

describe.skipIf(!hasPostgres)("bonus engine under concurrency (PostgreSQL)", () => {
  let ctx: TestContext;
  let payments: PaymentsContext;
  let usd: string;
  let fixed: Campaign;
  let welcome: Campaign;

  beforeAll(async () => {
    ctx = await buildTestApp({}, { demo: true });
    payments = { db: ctx.database.db, env: ctx.app.env, providers: createProviderRegistry({ db: ctx.database.db, env: ctx.app.env }), log: ctx.app.log };
    usd = await currencyGuid(ctx.database, "USD");
    fixed = await createCampaign(ctx.database, { type: "fixed_amount", currencyGuid: usd, maxBonusSum: "5", wager: "10", maxCashout: "0" });
    // A first-deposit welcome offer (100 % up to 10.00, auto-activated), as operators run them.
    welcome = await createCampaign(ctx.database, {
      type: "deposit_match",
      trigger: "deposit",
      currencyGuid: usd,
      depositNumber: 1,
      bonusPercent: "100",
      maxBonusSum: "10",
      wager: "10",
      autoActivation: true,
      isCumulative: false,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const expectBooksClean = async () => {
    const report = await reconcileLedger(ctx.database.db);
    expect(report.culprits).toEqual([]);
    for (const currency of report.currencies) expect(currency.sum).toMatch(/^-?0(\.0+)?$/);
  };

  /** A seated player with the fixed 5.00 bonus active (cash as given). */
  async function seatWithBonus(cash?: string): Promise<{ seat: Seat; bonusGuid: string }> {
    const seat = await seatPlayer(ctx.database, { cash });
    const granted = await ctx.database.db.transaction((tx) =>
      grantBonus(tx, { versionGuid: fixed.versionGuid, playerGuid: seat.playerGuid, currencyGuid: usd, trigger: "manual", sourceKey: `race:${randomUUID()}` }),
    );
    if (granted.status !== "granted") throw new Error(JSON.stringify(granted));
    await activateCustomerBonus(ctx.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: granted.customerBonusGuid, actor: "player" });
    return { seat, bonusGuid: granted.customerBonusGuid };
  }

  const transfers = (bonusGuid: string) =>
    ctx.database.query<{ kind: string; key: string; amount: string }>(
      "SELECT kind, idempotency_key AS key, trim_scale(amount)::text AS amount FROM ledger_transfers WHERE bonus_guid = $1 ORDER BY created_at",
      [bonusGuid],
    );

  it("bets (and rollbacks) racing the expiry sweeper: the bonus ends once, no bet takes bonus money after the forfeit, cash untouched", async () => {
    for (let round = 0; round < 12; round += 1) {
      // Even rounds: bonus money only; odd rounds: 2.00 of cash first, then bonus money.
      const cash = round % 2 ? "2" : undefined;
      const { seat, bonusGuid } = await seatWithBonus(cash);
      const early = bet(seat, "1");
      expect((await providerCall(ctx.app, "bet", early)).status).toBe("OK");
      await ctx.database.query("UPDATE customer_bonuses SET wagering_expiration_date = now() - interval '1 second' WHERE guid = $1", [bonusGuid]);

      const bets = Array.from({ length: 6 }, () => bet(seat, "0.75"));
      const results = await Promise.all([
        ...bets.map((b) => providerCall(ctx.app, "bet", b)),
        providerCall(ctx.app, "rollback", rollback(seat, early)),
        sweep(ctx.database.db),
        sweep(ctx.database.db),
      ]);
      expect(results.length).toBe(bets.length + 3);

      // A sweep skips a wallet a bet holds right now (SKIP LOCKED) and acts on a later tick.
      for (let tick = 0; tick < 5; tick += 1) {
        const [row] = await ctx.database.query<{ status: string }>("SELECT status FROM customer_bonuses WHERE guid = $1", [bonusGuid]);
        if (row!.status !== "active") break;
        await sweep(ctx.database.db);
      }
      const [bonus] = await ctx.database.query<{ status: string; forfeited: string }>(
        "SELECT status, trim_scale(forfeited_amount)::text AS forfeited FROM customer_bonuses WHERE guid = $1",
        [bonusGuid],
      );
      expect(bonus!.status).toBe("expired");
      const moves = await transfers(bonusGuid);
      // One grant, at most one forfeit at the end (nothing to forfeit if the bets took it all first).
      expect(moves.filter((m) => m.kind === "bonus_grant")).toHaveLength(1);
      expect(moves.filter((m) => m.key === `bonus:${bonusGuid}:forfeit`).length).toBeLessThanOrEqual(1);
      expect(moves.filter((m) => m.kind === "bonus_conversion")).toEqual([]);

      // The wallet is free and its bonus pocket empty: a rollback after the end sends its bonus-funded
      // stake to bonus_cost (ADR 032), so no late money is left even after a quiet-time sweep.
      await ageWallet(ctx.database, seat.walletGuid);
      await sweep(ctx.database.db);
      const [wallet] = await ctx.database.query<{ balance: string; bonus_balance: string; wager: string; customer_bonus_guid: string | null }>(
        "SELECT trim_scale(balance)::text AS balance, trim_scale(bonus_balance)::text AS bonus_balance, trim_scale(wager)::text AS wager, customer_bonus_guid FROM wallets WHERE guid = $1",
        [seat.walletGuid],
      );
      expect(wallet).toEqual({ balance: expect.any(String), bonus_balance: "0", wager: "0", customer_bonus_guid: null });

      // Cash: what was deposited minus the cash parts of bets still standing. Bonus money never became cash.
      const [cashParts] = await ctx.database.query<{ cash: string; late_bonus: number; contributions: string }>(
        `SELECT COALESCE(sum(CASE WHEN t.freespin THEN 0 ELSE t.bet_sum - t.bonus_bet END)
                           FILTER (WHERE t.status = 'accepted'), 0)::text AS cash,
                count(*) FILTER (WHERE t.status = 'accepted' AND t.bonus_bet > 0 AND t.created_at > cb.finished_at)::int AS late_bonus,
                COALESCE(sum(t.wager_contribution), 0)::text AS contributions
           FROM game_transactions t, customer_bonuses cb
          WHERE t.wallet_guid = $1 AND t.operation = 'bet' AND cb.guid = $2`,
        [seat.walletGuid, bonusGuid],
      );
      expect(Number(wallet!.balance)).toBeCloseTo(Number(cash ?? 0) - Number(cashParts!.cash), 10);
      // No bet that started after the bonus ended was funded by bonus money.
      expect(cashParts!.late_bonus).toBe(0);
      // Bonus money in = bonus money staked and still standing + forfeited + the bonus-funded stake of a
      // bet refunded after the forfeit, which goes straight to bonus_cost (ADR 032) (nothing converted,
      // nothing left).
      const [flows] = await ctx.database.query<{ granted: string; staked: string; forfeited: string; refunded_to_cost: string }>(
        `SELECT (SELECT COALESCE(sum(amount), 0) FROM ledger_transfers WHERE bonus_guid = $2 AND kind = 'bonus_grant')::text AS granted,
                (SELECT COALESCE(sum(bonus_bet), 0) FROM game_transactions WHERE wallet_guid = $1 AND operation = 'bet' AND status = 'accepted')::text AS staked,
                (SELECT COALESCE(sum(amount), 0) FROM ledger_transfers WHERE bonus_guid = $2 AND kind = 'bonus_forfeit')::text AS forfeited,
                (SELECT COALESCE(sum(l.amount), 0) FROM ledger_transfers l
                   JOIN ledger_accounts a ON a.guid = l.credit_account_guid AND a.kind = 'bonus_cost'
                   JOIN game_transactions g ON g.guid = l.game_transaction_guid
                  WHERE g.wallet_guid = $1 AND l.kind = 'rollback')::text AS refunded_to_cost`,
        [seat.walletGuid, bonusGuid],
      );
      expect(Number(flows!.staked) + Number(flows!.forfeited) + Number(flows!.refunded_to_cost)).toBeCloseTo(Number(flows!.granted), 10);
    }
    await expectBooksClean();
  });

  it("deposits of one player settling at once: a deposit offer (not cumulative) is granted once; the first-deposit offer only to deposit number 1", async () => {
    const anyDeposit = await createCampaign(ctx.database, {
      type: "deposit_match",
      trigger: "deposit",
      currencyGuid: usd,
      depositNumber: null,
      bonusPercent: "50",
      maxBonusSum: "10",
      wager: "5",
      isCumulative: false,
    });
    for (let round = 0; round < 6; round += 1) {
      const seat = await seatPlayer(ctx.database);
      const settled = await Promise.allSettled(
        Array.from({ length: 4 }, () => createTestDeposit(payments, { playerGuid: seat.playerGuid, currencyGuid: usd, amount: "20", idempotency: null })),
      );
      expect(settled.map((s) => (s.status === "rejected" ? `${String(s.reason)} ${String((s.reason as { cause?: unknown }).cause)}` : "ok"))).toEqual(["ok", "ok", "ok", "ok"]);
      const grants = await ctx.database.query<{ bonus_guid: string; number: number; status: string }>(
        `SELECT cb.bonus_guid, p.number, cb.status FROM customer_bonuses cb JOIN payments p ON p.guid = cb.payment_guid
          WHERE cb.customer_guid = $1`,
        [seat.playerGuid],
      );
      expect(grants.filter((g) => g.bonus_guid === anyDeposit.bonusGuid)).toHaveLength(1);
      const first = grants.filter((g) => g.bonus_guid === welcome.bonusGuid);
      expect(first).toHaveLength(1);
      expect(first[0]!.number).toBe(1);
      // Deposit numbers are 1..4, each once; at most one bonus is active on the wallet.
      const numbers = await ctx.database.query<{ number: number }>(
        "SELECT number FROM payments WHERE customer_guid = $1 AND transaction_type = 'deposit' ORDER BY number",
        [seat.playerGuid],
      );
      expect(numbers.map((n) => n.number)).toEqual([1, 2, 3, 4]);
      const [active] = await ctx.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM customer_bonuses WHERE wallet_guid = $1 AND status = 'active'",
        [seat.walletGuid],
      );
      expect(active!.n).toBeLessThanOrEqual(1);
      const [cash] = await ctx.database.query<{ balance: string }>("SELECT trim_scale(balance)::text AS balance FROM wallets WHERE guid = $1", [seat.walletGuid]);
      expect(cash!.balance).toBe("80");
    }
    await ctx.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE bonus_guid = $1", [anyDeposit.bonusGuid]);
    await expectBooksClean();
  });

  it("two sweepers at once never act twice: expiries, completions, late money and auto-activations happen exactly once", async () => {
    const auto = await createCampaign(ctx.database, { type: "fixed_amount", currencyGuid: usd, maxBonusSum: "2", wager: "1", autoActivation: true, autoActivationSeconds: 3600 });
    for (let round = 0; round < 4; round += 1) {
      const expiring: string[] = [];
      const completing: string[] = [];
      const lateWallets: string[] = [];
      const autoBonuses: string[] = [];
      // Late money first (setting it up runs a sweep of its own): a bonus-funded bet whose win lands
      // after its bonus completed (an expired bonus's late win goes straight to bonus_cost, ADR 032).
      const lateBets: { seat: Seat; staked: ReturnType<typeof bet> }[] = [];
      for (let i = 0; i < 5; i += 1) {
        const c = await seatWithBonus();
        const staked = bet(c.seat, "1");
        expect((await providerCall(ctx.app, "bet", staked)).status).toBe("OK");
        await ctx.database.query("UPDATE wallets SET wager = 0 WHERE guid = $1", [c.seat.walletGuid]);
        lateBets.push({ seat: c.seat, staked });
      }
      await sweep(ctx.database.db);
      for (const { seat, staked } of lateBets) {
        expect((await providerCall(ctx.app, "win", win(seat, staked, "3"))).status).toBe("OK");
        await ageWallet(ctx.database, seat.walletGuid);
        lateWallets.push(seat.walletGuid);
      }
      for (let i = 0; i < 5; i += 1) {
        const a = await seatWithBonus("1");
        await ctx.database.query("UPDATE customer_bonuses SET wagering_expiration_date = now() - interval '1 second' WHERE guid = $1", [a.bonusGuid]);
        expiring.push(a.bonusGuid);

        const b = await seatWithBonus();
        await ctx.database.query("UPDATE wallets SET wager = 0 WHERE guid = $1", [b.seat.walletGuid]);
        completing.push(b.bonusGuid);

        // Auto-activation due: granted with a delay, the delay then passed.
        const d = await seatPlayer(ctx.database);
        const granted = await ctx.database.db.transaction((tx) =>
          grantBonus(tx, { versionGuid: auto.versionGuid, playerGuid: d.playerGuid, currencyGuid: usd, trigger: "manual", sourceKey: `auto:${randomUUID()}` }),
        );
        if (granted.status !== "granted") throw new Error(JSON.stringify(granted));
        await ctx.database.query("UPDATE customer_bonuses SET auto_activate_at = now() - interval '1 second' WHERE guid = $1", [granted.customerBonusGuid]);
        autoBonuses.push(granted.customerBonusGuid);
      }

      const reports = await Promise.all([sweep(ctx.database.db), sweep(ctx.database.db), sweep(ctx.database.db)]);
      const total = (key: string) => reports.reduce((sum, r) => sum + (r[key] ?? 0), 0);
      expect(total("expired")).toBeGreaterThanOrEqual(expiring.length);
      expect(total("completed")).toBeGreaterThanOrEqual(completing.length);
      for (const guid of autoBonuses) {
        const [row] = await ctx.database.query<{ status: string }>("SELECT status FROM customer_bonuses WHERE guid = $1", [guid]);
        expect(row!.status).toBe("active");
        expect((await transfers(guid)).filter((m) => m.kind === "bonus_grant")).toEqual([expect.objectContaining({ amount: "2" })]);
      }

      for (const guid of expiring) {
        const [row] = await ctx.database.query<{ status: string }>("SELECT status FROM customer_bonuses WHERE guid = $1", [guid]);
        expect(row!.status).toBe("expired");
        const moves = await transfers(guid);
        expect(moves.filter((m) => m.kind === "bonus_forfeit")).toHaveLength(1);
        expect(moves.find((m) => m.kind === "bonus_forfeit")!.amount).toBe("5");
      }
      for (const guid of completing) {
        const [row] = await ctx.database.query<{ status: string }>("SELECT status FROM customer_bonuses WHERE guid = $1", [guid]);
        expect(row!.status).toBe("completed");
        const moves = await transfers(guid);
        expect(moves.filter((m) => m.kind === "bonus_conversion")).toEqual([expect.objectContaining({ amount: "5" })]);
      }
      for (const walletGuid of lateWallets) {
        const [wallet] = await ctx.database.query<{ bonus_balance: string }>("SELECT trim_scale(bonus_balance)::text AS bonus_balance FROM wallets WHERE guid = $1", [walletGuid]);
        expect(wallet!.bonus_balance).toBe("0");
        const late = await ctx.database.query<{ n: number; total: string }>(
          `SELECT count(*)::int AS n, trim_scale(sum(t.amount))::text AS total FROM ledger_transfers t JOIN customer_bonuses cb ON cb.guid = t.bonus_guid
            WHERE cb.wallet_guid = $1 AND t.idempotency_key LIKE 'bonus:%:late-%'`,
          [walletGuid],
        );
        // The 3.00 late win was converted once (the bonus had completed, no cap).
        expect(late[0]).toEqual({ n: 1, total: "3" });
      }
      await expectBooksClean();
    }
  });

  it("activations racing on one wallet: exactly one bonus goes active, one grant transfer, the others get CONFLICT", async () => {
    for (let round = 0; round < 8; round += 1) {
      const seat = await seatPlayer(ctx.database);
      const offered: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const granted = await ctx.database.db.transaction((tx) =>
          grantBonus(tx, { versionGuid: fixed.versionGuid, playerGuid: seat.playerGuid, currencyGuid: usd, trigger: "manual", sourceKey: `act:${randomUUID()}` }),
        );
        if (granted.status !== "granted") throw new Error(JSON.stringify(granted));
        offered.push(granted.customerBonusGuid);
      }
      // Each bonus activated twice at once (a double click), all four bonuses at once.
      const results = await Promise.allSettled(
        [...offered, ...offered].map((guid) => activateCustomerBonus(ctx.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" })),
      );
      const won = results.filter((r) => r.status === "fulfilled");
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect((r.reason as { code?: string }).code).toBe("CONFLICT");
      const [state] = await ctx.database.query<{ active: number; grants: number; bonus_balance: string }>(
        `SELECT (SELECT count(*)::int FROM customer_bonuses WHERE wallet_guid = $1 AND status = 'active') AS active,
                (SELECT count(*)::int FROM ledger_transfers WHERE kind = 'bonus_grant' AND bonus_guid = ANY($2::uuid[])) AS grants,
                (SELECT trim_scale(bonus_balance)::text FROM wallets WHERE guid = $1) AS bonus_balance`,
        [seat.walletGuid, offered],
      );
      expect(state).toEqual({ active: 1, grants: 1, bonus_balance: "5" });
    }
    await expectBooksClean();
  });

  it("a player's cancel racing the completion sweep: the bonus ends once, as one or the other, and the money matches that outcome", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 10; round += 1) {
      const { seat, bonusGuid } = await seatWithBonus("1");
      await ctx.database.query("UPDATE wallets SET wager = 0 WHERE guid = $1", [seat.walletGuid]);
      await Promise.allSettled([
        cancelCustomerBonus(ctx.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: bonusGuid, actor: "player" }),
        sweep(ctx.database.db),
      ]);
      const [row] = await ctx.database.query<{ status: string }>("SELECT status FROM customer_bonuses WHERE guid = $1", [bonusGuid]);
      outcomes.add(row!.status);
      const moves = await transfers(bonusGuid);
      const [wallet] = await ctx.database.query<{ balance: string; bonus_balance: string }>(
        "SELECT trim_scale(balance)::text AS balance, trim_scale(bonus_balance)::text AS bonus_balance FROM wallets WHERE guid = $1",
        [seat.walletGuid],
      );
      if (row!.status === "completed") {
        expect(moves.map((m) => m.kind).sort()).toEqual(["bonus_conversion", "bonus_grant"]);
        expect(wallet).toEqual({ balance: "6", bonus_balance: "0" });
      } else {
        expect(row!.status).toBe("cancelled");
        expect(moves.map((m) => m.kind).sort()).toEqual(["bonus_forfeit", "bonus_grant"]);
        expect(wallet).toEqual({ balance: "1", bonus_balance: "0" });
      }
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
    await expectBooksClean();
  });

  it("two accounts of one person (same phone) making their first deposit at once: one welcome bonus between them", async () => {
    for (let round = 0; round < 6; round += 1) {
      const phone = String(7_700_000_000 + Math.floor(Math.random() * 99_999_999));
      const seats = await Promise.all(Array.from({ length: 3 }, () => seatPlayer(ctx.database)));
      for (const [i, seat] of seats.entries()) {
        // The same line written three ways.
        const [code, number] = [["+44", phone], ["44", `0${phone}`], ["0044", `${phone.slice(0, 4)} ${phone.slice(4)}`]][i]!;
        await ctx.database.query("UPDATE users SET phone_code = $2, phone_number = $3 WHERE guid = $1", [seat.playerGuid, code, number]);
      }
      const settled = await Promise.allSettled(
        seats.map((seat) => createTestDeposit(payments, { playerGuid: seat.playerGuid, currencyGuid: usd, amount: "20", idempotency: null })),
      );
      expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const [grants] = await ctx.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM customer_bonuses WHERE bonus_guid = $1 AND customer_guid = ANY($2::uuid[])",
        [welcome.bonusGuid, seats.map((s) => s.playerGuid)],
      );
      expect(grants!.n).toBe(1);
    }
    await expectBooksClean();
  });
});
