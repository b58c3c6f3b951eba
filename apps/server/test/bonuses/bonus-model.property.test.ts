import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { activateCustomerBonus } from "../../src/modules/bonuses/engine/activate-customer-bonus.ts";
import { cancelCustomerBonus } from "../../src/modules/bonuses/engine/cancel-customer-bonus.ts";
import { grantBonus } from "../../src/modules/bonuses/engine/grant-bonus.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { createTestDeposit } from "../../src/modules/payments/create-test-deposit.ts";
import { createWithdrawal } from "../../src/modules/payments/create-withdrawal.ts";
import type { PaymentsContext } from "../../src/modules/payments/payments-context.ts";
import { createProviderRegistry } from "../../src/modules/payments/psp/provider-registry.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { currencyGuid, providerCall, seatPlayer, type Seat } from "../wallet/wallet-helpers.ts";
import { ageWallet, createCampaign, sweep, type Campaign } from "./correctness-fixtures.ts";

/**
 * Model-based property test of the bonus engine over the real provider wallet (ADR 004, 031, 032):
 * random sequences of deposits, grants, activations, cash / mixed / bonus-funded / free-spin bets,
 * wins, rollbacks, cancellations, expiries and sweeper ticks. Provider calls are predicted exactly
 * by a few lines of integer arithmetic (cents; wagering in 1/10,000 of a unit); engine steps are
 * checked against what each end must do (activation adds exactly the bonus, a cancel or expiry
 * forfeits every bonus cent and never touches cash, a completion converts at most max_cashout),
 * then the model takes the database's state. After every step: the ledger reconciles and sums to
 * zero, no pocket or wagering is negative, wagering never exceeds what the active bonus requires,
 * no conversion exceeds its bonus's max_cashout, at most one bonus is active on the wallet.
 */

// The test drives the sweeper itself (one pass between steps): the app's timer would change the wallet mid-step.
vi.mock("../../src/modules/bonuses/engine/bonus-sweeper.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/modules/bonuses/engine/bonus-sweeper.ts")>();
  return { ...original, createBonusSweeper: (...args: Parameters<typeof original.createBonusSweeper>) => ({ ...original.createBonusSweeper(...args), start: () => {} }) };
});

const MAX_BONUS_BET = 500; // USD max_bet_slot_bonus 5
const MAX_BET = 50_000; // USD max_bet_slot_real 500
const GAME_WAGE = 50; // percent of a stake that counts towards wagering (set on the test game)

type Op =
  | { t: "deposit"; cents: number }
  | { t: "grant"; which: "fixed" | "spins" | "split" | "deferred" }
  | { t: "activate"; nth: number }
  | { t: "bet"; cents: number; free: boolean }
  | { t: "win"; recent: boolean; nth: number; cents: number }
  | { t: "rollback"; nth: number }
  | { t: "cancel"; nth: number }
  | { t: "expire" }
  | { t: "tick"; quiet: boolean }
  | { t: "withdraw"; cents: number; policy: "forfeit" | "refuse"; confirm: boolean };

type Bet = { uuid: string; cash: number; bonus: number; amount: number; contribution: number; free: boolean; bonusGuid: string | null; status: "accepted" | "rolled_back" };
/** spinBet: the free-spin stake in cents (null without free spins); spinHere: a free spin may be played on the test game. */
type Wallet = {
  cash: number;
  bonus: number;
  deferred: number;
  wager: number;
  spins: number;
  spinBet: number | null;
  spinHere: boolean;
  /** The active bonus's winnings distribution (percent of bonus-funded winnings that stay bonus money). */
  distribution: number;
  active: string | null;
};

const cents = (value: string | null | undefined) => {
  const [i = "0", f = ""] = (value ?? "0").split(".");
  return Number(i) * 100 + Number(f.padEnd(2, "0").slice(0, 2));
};
/** Wagering in 1/10,000 of a unit: a stake in cents × the game's percent is exact there. */
const wagerUnits = (value: string | null | undefined) => {
  const [i = "0", f = ""] = (value ?? "0").split(".");
  return Number(i) * 10_000 + Number(f.padEnd(4, "0").slice(0, 4));
};
const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ t: fc.constant("deposit" as const), cents: fc.integer({ min: 1_000, max: 4_000 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("grant" as const), which: fc.constantFrom("fixed" as const, "spins" as const, "split" as const, "deferred" as const) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("activate" as const), nth: fc.nat(5) }) },
  {
    weight: 8,
    arbitrary: fc.record({
      t: fc.constant("bet" as const),
      cents: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 500 }) }, { weight: 1, arbitrary: fc.integer({ min: 501, max: 1_200 }) }),
      free: fc.boolean(),
    }),
  },
  { weight: 5, arbitrary: fc.record({ t: fc.constant("win" as const), recent: fc.boolean(), nth: fc.nat(30), cents: fc.integer({ min: 0, max: 1_500 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("rollback" as const), nth: fc.nat(30) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("cancel" as const), nth: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("expire" as const) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("tick" as const), quiet: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant("withdraw" as const),
      cents: fc.integer({ min: 2_000, max: 4_000 }), // the sandbox card method takes 20 USD at least
      policy: fc.constantFrom("forfeit" as const, "refuse" as const),
      confirm: fc.boolean(),
    }),
  },
);

let ctx: TestContext;
let payments: PaymentsContext;
let usd: string;
let fixed: Campaign;
let spins: Campaign;
let split: Campaign;
let deferred: Campaign;
let gameGuid: string;
let cardSystem: string;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  payments = { db: ctx.database.db, env: ctx.app.env, providers: createProviderRegistry({ db: ctx.database.db, env: ctx.app.env }), log: ctx.app.log };
  usd = await currencyGuid(ctx.database, "USD");
  const probe = await seatPlayer(ctx.database);
  const [game] = await ctx.database.query<{ guid: string }>("SELECT guid FROM games WHERE external_guid = $1 AND game_provider = 'house'", [probe.gameCode]);
  gameGuid = game!.guid;
  const [system] = await ctx.database.query<{ guid: string }>("SELECT guid FROM payment_systems WHERE name = 'sandbox_card'");
  cardSystem = system!.guid;
  await ctx.database.query("UPDATE games SET bonus_wage = $2 WHERE guid = $1", [game!.guid, GAME_WAGE]);
  // 5.00 bonus, 1× wagering (10.00 of stakes at the game's 50 %), at most 3.00 converts: the cap binds on a lucky run.
  fixed = await createCampaign(ctx.database, { type: "fixed_amount", currencyGuid: usd, maxBonusSum: "5", wager: "1", maxCashout: "3" });
  // 3 spins of 0.50 on the test game; their winnings become a bonus wagered 1×, no cap.
  // 4.00 bonus, 30 % of bonus-funded winnings stay bonus money (70 % to cash), lost under 1.00.
  split = await createCampaign(ctx.database, { type: "fixed_amount", currencyGuid: usd, maxBonusSum: "4", wager: "1", distributionPercent: "30", threshold: "1" });
  // 3.00 held in the deferred pocket until the next deposit.
  deferred = await createCampaign(ctx.database, { type: "fixed_amount", currencyGuid: usd, maxBonusSum: "3", wager: "1", depositDefer: true });
  // The deposit hook's offers: a first-deposit match (100 % up to 10.00, auto-activated, a welcome bonus).
  await createCampaign(ctx.database, {
    type: "deposit_match",
    trigger: "deposit",
    currencyGuid: usd,
    depositNumber: 1,
    bonusPercent: "100",
    maxBonusSum: "10",
    wager: "2",
    autoActivation: true,
    isCumulative: false,
  });
  spins = await createCampaign(ctx.database, { type: "free_spins", currencyGuid: usd, wager: "1", spins: 3, spinBet: "0.5", gameGuids: [game!.guid] });
});
afterAll(async () => {
  await ctx?.close();
});

async function walletRow(walletGuid: string): Promise<Wallet> {
  const [row] = await ctx.database.query<{ balance: string; bonus_balance: string; deferred: string; distribution: string | null; wager: string; free_spin_count: number; free_spin_bet: string | null; spin_here: boolean; customer_bonus_guid: string | null }>(
    `SELECT w.balance::text, w.bonus_balance::text, w.deferred_bonus_balance::text AS deferred, w.winnings_distribution_percent::text AS distribution, w.wager::text, w.free_spin_count, w.free_spin_bet::text, w.customer_bonus_guid,
            COALESCE(CASE WHEN cardinality(v.game_guids) > 0 THEN g.guid = ANY (v.game_guids) ELSE g.can_freespins END, false) AS spin_here
       FROM wallets w
       LEFT JOIN customer_bonuses cb ON cb.guid = w.customer_bonus_guid
       LEFT JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid
       LEFT JOIN games g ON g.guid = $2
      WHERE w.guid = $1`,
    [walletGuid, gameGuid],
  );
  return {
    cash: cents(row!.balance),
    bonus: cents(row!.bonus_balance),
    deferred: cents(row!.deferred),
    wager: wagerUnits(row!.wager),
    spins: row!.free_spin_count,
    spinBet: row!.free_spin_bet === null ? null : cents(row!.free_spin_bet),
    spinHere: row!.spin_here,
    distribution: row!.customer_bonus_guid ? Number(row!.distribution ?? 0) : 0,
    active: row!.customer_bonus_guid,
  };
}

/**
 * Whether a win or refund of this bet is stray (ADR 032): its bonus-funded money must not reach the
 * pocket. It is when another bonus than the bet's is active, or when none is and the bet's bonus was
 * forfeited (expired, cancelled, lost); a completed bonus's late money still goes to the pocket.
 */
async function isStray(bet: Bet, w: Wallet): Promise<boolean> {
  if (w.active === bet.bonusGuid) return false;
  if (w.active !== null) return true;
  const [row] = await ctx.database.query<{ status: string }>("SELECT status FROM customer_bonuses WHERE guid = $1", [bet.bonusGuid]);
  return ["expired", "cancelled", "lost"].includes(row!.status);
}

/** Invariants that hold after every step, whatever the step was. */
async function checkInvariants(seat: Seat, label: string) {
  const report = await reconcileLedger(ctx.database.db);
  expect(report.culprits, label).toEqual([]);
  for (const currency of report.currencies) expect(currency.sum, label).toMatch(/^-?0(\.0+)?$/);
  const [w] = await ctx.database.query<{ neg: boolean; wager_neg: boolean; active: string | null; required: string | null; over: boolean; stray_spins: boolean }>(
    `SELECT (w.balance < 0 OR w.bonus_balance < 0 OR w.deferred_bonus_balance < 0 OR w.free_spin_count < 0) AS neg,
            w.wager < 0 AS wager_neg, w.customer_bonus_guid AS active, cb.wager_amount::text AS required,
            -- Wagering still required can never exceed what the active bonus asked for in total.
            COALESCE(w.wager > cb.wager_amount, w.wager > 0) AS over,
            -- Free spins exist only for the active free-spin bonus, at most as many as it granted.
            w.free_spin_count > 0 AND (cb.guid IS NULL OR cb.bonus_type <> 'free_spins' OR w.free_spin_count > cb.free_spin_count) AS stray_spins
       FROM wallets w LEFT JOIN customer_bonuses cb ON cb.guid = w.customer_bonus_guid WHERE w.guid = $1`,
    [seat.walletGuid],
  );
  expect(w!.neg, label).toBe(false);
  expect(w!.wager_neg, label).toBe(false);
  expect(w!.over, `${label}: wagering left is above the active bonus's requirement ${w!.required}`).toBe(false);
  expect(w!.stray_spins, `${label}: free spins on the wallet that no active free-spin bonus granted`).toBe(false);
  const actives = await ctx.database.query<{ guid: string }>("SELECT guid FROM customer_bonuses WHERE wallet_guid = $1 AND status = 'active'", [seat.walletGuid]);
  expect(actives.map((a) => a.guid), label).toEqual(w!.active ? [w!.active] : []);
  const overCap = await ctx.database.query<{ guid: string; converted: string; max_cashout: string }>(
    `SELECT cb.guid, sum(t.amount)::text AS converted, cb.max_cashout::text AS max_cashout
       FROM ledger_transfers t JOIN customer_bonuses cb ON cb.guid = t.bonus_guid
      WHERE t.kind = 'bonus_conversion' AND cb.wallet_guid = $1
      GROUP BY cb.guid, cb.max_cashout HAVING cb.max_cashout > 0 AND sum(t.amount) > cb.max_cashout`,
    [seat.walletGuid],
  );
  expect(overCap, label).toEqual([]);
}

describe("bonus engine against a model (fast-check)", () => {
  it("predicts every provider answer and balance; engine steps keep the books and the rules", async () => {
    const runs = process.env.TEST_DATABASE_URL ? 25 : 8;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2_000 }), fc.array(opArb, { minLength: 8, maxLength: 40 }), async (initialCash, ops) => {
        const seat = await seatPlayer(ctx.database, { cash: initialCash ? money(initialCash) : undefined });
        const run = randomUUID().slice(0, 8);
        const round = `${run}-round`;
        let w = await walletRow(seat.walletGuid);
        const offered: string[] = [];
        const bets: Bet[] = [];
        let n = 0;
        const trace: string[] = [];

        for (const op of ops) {
          n += 1;
          trace.push(JSON.stringify(op));
          const label = trace.join("\n");
          if (op.t === "deposit") {
            const payment = await createTestDeposit(payments, { playerGuid: seat.playerGuid, currencyGuid: usd, amount: money(op.cents), idempotency: null });
            const after = await walletRow(seat.walletGuid);
            // The first-deposit offer goes through the real hook (and the welcome guard).
            const granted = await ctx.database.query<{ guid: string; status: string; bonus_amount: string; wager_amount: string; free_spin_count: number; bonus_type: string }>(
              "SELECT guid, status, bonus_amount::text, wager_amount::text, free_spin_count, bonus_type FROM customer_bonuses WHERE payment_guid = $1 ORDER BY created_at",
              [payment],
            );
            offered.push(...granted.map((g) => g.guid));
            // A deposit adds exactly its amount to cash; bonus money only through an activated deposit bonus.
            expect(after.cash, label).toBe(w.cash + op.cents);
            const activated = granted.find((g) => g.status === "active");
            if (activated) {
              expect(w.active, label).toBeNull();
              expect(after.active, label).toBe(activated.guid);
              expect(after.bonus, label).toBe(w.bonus + cents(activated.bonus_amount));
              expect(after.wager, label).toBe(wagerUnits(activated.wager_amount));
              expect(after.spins, label).toBe(activated.bonus_type === "free_spins" ? activated.free_spin_count : 0);
            } else {
              // A deposit releases the active bonus's deferred money (no minimum in these terms) and starts its wagering.
              const release = w.active ? w.deferred : 0;
              const [active] = w.active && release > 0
                ? await ctx.database.query<{ wager_amount: string }>("SELECT wager_amount::text FROM customer_bonuses WHERE guid = $1", [w.active])
                : [];
              const wager = active ? wagerUnits(active.wager_amount) : w.wager;
              expect(after, label).toEqual({ ...w, cash: w.cash + op.cents, bonus: w.bonus + release, deferred: w.deferred - release, wager });
            }
            w = after;
          } else if (op.t === "grant") {
            const campaign = { fixed, spins, split, deferred }[op.which];
            const result = await ctx.database.db.transaction((tx) =>
              grantBonus(tx, { versionGuid: campaign.versionGuid, playerGuid: seat.playerGuid, currencyGuid: usd, trigger: "manual", sourceKey: `model:${run}:${n}` }),
            );
            expect(result.status, `${label}\n${JSON.stringify(result)}`).toBe("granted");
            if (result.status === "granted") offered.push(result.customerBonusGuid);
            // An offered bonus moves no money.
            const after = await walletRow(seat.walletGuid);
            expect(after, label).toEqual(w);
          } else if (op.t === "activate") {
            const guid = offered[op.nth % Math.max(offered.length, 1)];
            if (!guid) continue;
            const [row] = await ctx.database.query<{ status: string; bonus_type: string; bonus_amount: string; wager_amount: string; free_spin_count: number; deposit_defer: boolean }>(
              `SELECT cb.status, cb.bonus_type, cb.bonus_amount::text, cb.wager_amount::text, cb.free_spin_count, v.deposit_defer
                 FROM customer_bonuses cb JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid WHERE cb.guid = $1`,
              [guid],
            );
            const outcome = await activateCustomerBonus(ctx.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" }).then(
              (r) => r.status as string,
              (error: { code?: string }) => `error:${error.code ?? String(error)}`,
            );
            const after = await walletRow(seat.walletGuid);
            if (row!.status !== "offered" || w.active) {
              expect(outcome, label).toBe("error:CONFLICT");
              expect(after, label).toEqual(w);
            } else {
              expect(outcome, label).toBe("active");
              expect(after.cash, label).toBe(w.cash);
              // Deferred terms hold the money in the deferred pocket until the next deposit.
              expect(after.bonus, label).toBe(w.bonus + (row!.deposit_defer ? 0 : cents(row!.bonus_amount)));
              expect(after.deferred, label).toBe(w.deferred + (row!.deposit_defer ? cents(row!.bonus_amount) : 0));
              // A deferred bonus's wagering starts when its money is released.
              expect(after.wager, label).toBe(row!.deposit_defer ? 0 : wagerUnits(row!.wager_amount));
              expect(after.spins, label).toBe(row!.bonus_type === "free_spins" ? row!.free_spin_count : 0);
              expect(after.active, label).toBe(guid);
            }
            w = after;
          } else if (op.t === "cancel") {
            const guid = offered[op.nth % Math.max(offered.length, 1)];
            if (!guid) continue;
            const [row] = await ctx.database.query<{ status: string }>("SELECT status FROM customer_bonuses WHERE guid = $1", [guid]);
            const outcome = await cancelCustomerBonus(ctx.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" }).then(
              (r) => r.status as string,
              (error: { code?: string }) => `error:${error.code ?? String(error)}`,
            );
            const after = await walletRow(seat.walletGuid);
            if (row!.status !== "offered" && row!.status !== "active") {
              expect(outcome, label).toBe("error:CONFLICT");
              expect(after, label).toEqual(w);
            } else {
              expect(outcome, label).toBe("cancelled");
              expectEnded(after, w, guid, label, false);
            }
            w = after;
          } else if (op.t === "withdraw") {
            const [card] = await ctx.database.query<{ guid: string }>(
              `INSERT INTO payment_cards (customer_guid, payment_system_guid, provider_token, bin, last4, card_holder, exp_month, exp_year)
               VALUES ($1, $2, $3, '424242', '4242', 'MODEL PLAYER', 12, 2040) RETURNING guid`,
              [seat.playerGuid, cardSystem, `tok-${randomUUID()}`],
            );
            const active = w.active;
            const outcome = await createWithdrawal(payments, {
              playerGuid: seat.playerGuid,
              walletGuid: seat.walletGuid,
              amount: money(op.cents),
              systemGuid: cardSystem,
              cardGuid: card!.guid,
              idempotency: null,
              bonusPolicy: op.policy,
              forfeitBonus: op.confirm,
            }).then(
              () => "OK",
              (error: { code?: string; message?: string }) => `${error.code}:${error.message}`,
            );
            const after = await walletRow(seat.walletGuid);
            const what = `${label}\n→ ${outcome} ${JSON.stringify(w)} → ${JSON.stringify(after)}`;
            if (active && op.policy === "refuse") {
              expect(outcome, what).toBe("CONFLICT:You can withdraw once your active bonus is finished or cancelled.");
              expect(after, what).toEqual(w);
            } else if (active && !op.confirm) {
              expect(outcome, what).toBe("CONFLICT:Withdrawing now cancels your active bonus and its winnings. Confirm to continue.");
              expect(after, what).toEqual(w);
            } else if (w.cash < op.cents) {
              // Too little cash: refused before anything is forfeited (a bonus is never lost for a withdrawal that cannot happen).
              expect(outcome, what).toMatch(/^NOT_ENOUGH_MONEY:/);
              expect(after, what).toEqual(w);
            } else {
              // Confirmed: the bonus is cancelled first (bonus money and winnings forfeited), then only cash is withdrawn.
              const [row] = active ? await ctx.database.query<{ status: string }>("SELECT status FROM customer_bonuses WHERE guid = $1", [active]) : [];
              if (active) expect(row!.status, what).toBe("cancelled");
              const free: Wallet = active ? { ...w, bonus: 0, deferred: 0, wager: 0, spins: 0, spinBet: null, spinHere: false, distribution: 0, active: null } : w;
              expect(outcome, what).toBe("OK");
              expect(after, what).toEqual({ ...free, cash: w.cash - op.cents });
            }
            w = after;
          } else if (op.t === "expire" || op.t === "tick") {
            const active = w.active;
            if (op.t === "expire" && active) {
              await ctx.database.query("UPDATE customer_bonuses SET wagering_expiration_date = now() - interval '1 second' WHERE guid = $1", [active]);
            }
            const quiet = op.t === "tick" && op.quiet;
            if (quiet) await ageWallet(ctx.database, seat.walletGuid);
            const [late] = await ctx.database.query<{ status: string | null; left: string | null }>(
              `SELECT e.status, CASE WHEN e.max_cashout > 0 THEN GREATEST(e.max_cashout - COALESCE(e.converted_amount, 0), 0) END::text AS left
                 FROM customer_bonuses e WHERE e.wallet_guid = $1 AND e.finished_at IS NOT NULL ORDER BY e.finished_at DESC LIMIT 1`,
              [seat.walletGuid],
            );
            const report = await sweep(ctx.database.db);
            const after = await walletRow(seat.walletGuid);
            const what = `${label}\n→ ${JSON.stringify(report)} ${JSON.stringify(w)} → ${JSON.stringify(after)}`;
            if (active) {
              const [row] = await ctx.database.query<{ status: string; bonus_type: string; spins_settled: boolean; deferred: boolean; max_cashout: string; wager_amount: string; threshold: string }>(
                "SELECT status, bonus_type, spins_settled, deferred, max_cashout::text, wager_amount::text, bonus_threshold::text AS threshold FROM customer_bonuses WHERE guid = $1",
                [active],
              );
              // An expiry ends the bonus as expired, unless its wagering was already done before the deadline
              // (the last bet finished it, no sweep since): the sweeper completes before it expires.
              if (op.t === "expire") expect(row!.status, what).toBe(w.wager === 0 && w.spins === 0 && row!.status === "completed" ? "completed" : "expired");
              if (row!.status === "active") {
                // Still running: only a free-spin bonus settling its spins changes the wallet (its wagering).
                const wager = row!.bonus_type === "free_spins" && row!.spins_settled ? wagerUnits(row!.wager_amount) : w.wager;
                expect(after, what).toEqual({ ...w, wager });
                // ... and it had no reason to end: a bonus that is done or out of play is never left running.
                const playable = !row!.deferred && after.spins === 0 && (row!.bonus_type !== "free_spins" || row!.spins_settled);
                expect(playable && after.wager === 0, `${what}: wagering is done, the bonus should have completed`).toBe(false);
                const broke = after.cash === 0 && (after.bonus === 0 || after.bonus < cents(row!.threshold));
                expect(quiet && playable && after.wager > 0 && broke, `${what}: nothing left to play with, the bonus should be lost`).toBe(false);
              } else if (row!.status === "completed") {
                // Completion only once wagering is done and the spins are played.
                expect(w.wager === 0 || (row!.bonus_type === "free_spins" && wagerUnits(row!.wager_amount) === 0), what).toBe(true);
                expect(w.spins, what).toBe(0);
                const cap = cents(row!.max_cashout);
                const converted = cap > 0 ? Math.min(w.bonus, cap) : w.bonus;
                expect(after.cash, what).toBe(w.cash + converted);
                expect(after.bonus, what).toBe(0);
                expect(after.active, what).toBeNull();
              } else if (row!.status === "lost") {
                // Lost: nothing left to play with (no cash, no spins, bonus money under the threshold), after a quiet time.
                expect(quiet, what).toBe(true);
                expect(w.cash, what).toBe(0);
                expect(w.spins, what).toBe(0);
                expect(w.bonus === 0 || w.bonus < cents(row!.threshold), what).toBe(true);
                expectEnded(after, w, active, what, true);
              } else {
                expect(row!.status, what).toBe("expired");
                expect(op.t, what).toBe("expire");
                expectEnded(after, w, active, what, true);
              }
            } else if (after.active) {
              // The wallet was free: a due auto-activation (an offer granted while it was busy) went active.
              const [row] = await ctx.database.query<{ status: string; bonus_amount: string; wager_amount: string; due: boolean; deposit_defer: boolean }>(
                `SELECT cb.status, cb.bonus_amount::text, cb.wager_amount::text, cb.auto_activate_at <= now() AS due, v.deposit_defer
                   FROM customer_bonuses cb JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid WHERE cb.guid = $1`,
                [after.active],
              );
              expect(row, what).toMatchObject({ status: "active", due: true });
              expect(offered, what).toContain(after.active);
              const amount = cents(row!.bonus_amount);
              expect(after.cash, what).toBe(w.cash);
              expect(after.bonus, what).toBe(w.bonus + (row!.deposit_defer ? 0 : amount));
              expect(after.wager, what).toBe(row!.deposit_defer ? 0 : wagerUnits(row!.wager_amount));
            } else if (quiet && late?.status && w.bonus > 0) {
              // Late bonus money after a bonus ended follows its outcome: converted within what is left of
              // max_cashout after a completion, forfeited otherwise; cash never goes down.
              const room = late.status !== "completed" ? 0 : late.left === null ? w.bonus : Math.min(w.bonus, cents(late.left));
              expect(after, what).toEqual({ ...w, cash: w.cash + room, bonus: 0 });
            } else {
              expect(after, what).toEqual(w);
            }
            w = after;
          } else {
            // A provider call: predicted exactly.
            let body: Record<string, unknown>;
            const expected: { status: string; w: Wallet } = { status: "OK", w: { ...w } };
            const e = expected.w;
            if (op.t === "bet") {
              const uuid = `${run}-bet-${n}`;
              // A free spin only where one may be played (spins left, this game allowed), at the bonus's stake.
              const free = op.free && w.spins > 0 && w.spinHere && w.spinBet !== null;
              const amount = free ? w.spinBet! : op.cents;
              body = { transaction_uuid: uuid, amount: money(amount), is_free_spin: free };
              if (free) {
                e.spins -= 1;
                bets.push({ uuid, cash: 0, bonus: 0, amount, contribution: 0, free: true, bonusGuid: w.active, status: "accepted" });
              } else if (amount > MAX_BET) expected.status = "BET_LIMIT_EXCEEDED";
              else if (w.cash + w.bonus < amount) expected.status = "NOT_ENOUGH_MONEY";
              else {
                const cash = Math.min(w.cash, amount);
                const bonus = amount - cash;
                if ((bonus > 0 || w.active) && amount > MAX_BONUS_BET) expected.status = "BET_LIMIT_EXCEEDED";
                else {
                  const contribution = w.active ? Math.min(w.wager, amount * GAME_WAGE) : 0;
                  e.cash -= cash;
                  e.bonus -= bonus;
                  e.wager -= contribution;
                  bets.push({ uuid, cash, bonus, amount, contribution, free: false, bonusGuid: w.active, status: "accepted" });
                }
              }
              if (expected.status !== "OK") bets.push({ uuid, cash: 0, bonus: 0, amount, contribution: 0, free, bonusGuid: w.active, status: "rolled_back" });
            } else if (op.t === "win") {
              const accepted = bets.filter((b) => b.status === "accepted");
              const bet = op.recent ? accepted.at(-1) : accepted[op.nth % Math.max(accepted.length, 1)];
              if (!bet) continue;
              body = { transaction_uuid: `${run}-win-${n}`, reference_transaction_uuid: bet.uuid, amount: money(op.cents) };
              // Cash as the bet was funded; of the bonus-funded part, with a 1-99 % distribution on the active
              // bonus the bet was placed under, that percent stays bonus money and the rest is cash (ADR 032).
              // Free-spin wins stay bonus money. A stray bet's bonus-funded part (placed under another bonus
              // than the active one, or under a bonus since forfeited) goes to bonus_cost, undistributed.
              const own = w.active !== null && w.active === bet.bonusGuid;
              const stray = (bet.free || bet.bonus > 0) && (await isStray(bet, w));
              const funded = bet.free ? 0 : bet.amount === 0 ? op.cents : Math.floor((op.cents * bet.cash) / bet.amount);
              const d = bet.free || !own ? 0 : w.distribution;
              const cash = funded + (d > 0 && d < 100 ? Math.floor(((op.cents - funded) * (100 - d)) / 100) : 0);
              e.cash += cash;
              if (!stray) e.bonus += op.cents - cash;
            } else {
              const bet = bets[op.nth % Math.max(bets.length, 1)];
              if (!bet) continue;
              body = { transaction_uuid: `${run}-rb-${n}`, reference_transaction_uuid: bet.uuid };
              if (bet.status === "accepted") {
                bet.status = "rolled_back";
                // Wagering and a free spin go back only to the bet's own bonus while it is active; a stray
                // bet's bonus-funded stake goes to bonus_cost (ADR 032).
                const own = w.active !== null && w.active === bet.bonusGuid;
                const stray = bet.bonus > 0 && (await isStray(bet, w));
                e.cash += bet.cash;
                if (!stray) e.bonus += bet.bonus;
                if (own) e.wager += bet.contribution;
                if (bet.free && own) e.spins += 1;
              }
            }
            const answer = await providerCall(ctx.app, op.t === "bet" ? "bet" : op.t, {
              token: seat.token,
              game_code: seat.gameCode,
              round_id: round,
              currency: "USD",
              ...body,
            });
            const after = await walletRow(seat.walletGuid);
            const what = `${label}\n→ ${JSON.stringify(answer)} expected ${JSON.stringify(expected)}`;
            expect(answer.status, what).toBe(expected.status);
            expect(after, what).toEqual(expected.status === "OK" ? e : w);
            expect([cents(answer.balance), cents(answer.bonus_balance)], what).toEqual([after.cash, after.bonus]);
            w = after;
          }
          await checkInvariants(seat, label);
        }
      }),
      {
        numRuns: runs,
        examples: [
          // A bet wagered under one bonus, rolled back while the next bonus is active.
          [2_000, [
            { t: "grant", which: "fixed" }, { t: "activate", nth: 0 }, { t: "bet", cents: 100, free: false },
            { t: "cancel", nth: 0 }, { t: "grant", which: "fixed" }, { t: "activate", nth: 1 }, { t: "rollback", nth: 0 },
          ]],
          // Free spins played, won, and a spin rolled back after the bonus ended.
          [0, [
            { t: "grant", which: "spins" }, { t: "activate", nth: 0 }, { t: "bet", cents: 1, free: true },
            { t: "win", recent: true, nth: 0, cents: 300 }, { t: "bet", cents: 1, free: true }, { t: "cancel", nth: 0 },
            { t: "rollback", nth: 1 }, { t: "tick", quiet: true },
          ]],
          // Wagering completed past the cap (5.00 bonus, 10.00 staked at 50 %, a big bonus win, 3.00 converts),
          // then a late win of a bonus-funded bet converts nothing more (the cap is used up).
          [0, [
            { t: "grant", which: "fixed" }, { t: "activate", nth: 0 }, { t: "bet", cents: 500, free: false },
            { t: "win", recent: true, nth: 0, cents: 1_500 }, { t: "bet", cents: 500, free: false }, { t: "bet", cents: 500, free: false },
            { t: "tick", quiet: false }, { t: "win", recent: false, nth: 2, cents: 700 }, { t: "tick", quiet: true },
          ]],
          // A bonus-funded bet outlives its expired bonus: the late win is forfeited; cash is never touched.
          [300, [
            { t: "grant", which: "fixed" }, { t: "activate", nth: 0 }, { t: "bet", cents: 400, free: false },
            { t: "expire" }, { t: "win", recent: true, nth: 0, cents: 900 }, { t: "tick", quiet: false }, { t: "tick", quiet: true },
          ]],
          // A bonus-funded bet refunded after its bonus was cancelled (none active): the stake goes to
          // bonus_cost, so the next bet cannot spend forfeited money; a win of it likewise.
          [100, [
            { t: "grant", which: "fixed" }, { t: "activate", nth: 0 }, { t: "bet", cents: 300, free: false },
            { t: "bet", cents: 200, free: false }, { t: "cancel", nth: 0 }, { t: "rollback", nth: 0 },
            { t: "bet", cents: 200, free: false }, { t: "win", recent: false, nth: 1, cents: 400 }, { t: "tick", quiet: true },
          ]],
          // Wagering finished by a bet, then the deadline passes before a sweep: the bonus completes, not expires.
          [0, [
            { t: "grant", which: "fixed" }, { t: "activate", nth: 0 }, { t: "deposit", cents: 2_000 }, { t: "bet", cents: 500, free: false },
            { t: "bet", cents: 500, free: false }, { t: "bet", cents: 500, free: false }, { t: "expire" },
          ]],
          // Withdrawing with an active bonus: refused by policy, refused until confirmed, then the bonus is
          // forfeited and only cash leaves; a confirmed forfeit with too little cash is refused and keeps the bonus.
          [3_000, [
            { t: "grant", which: "fixed" }, { t: "activate", nth: 0 }, { t: "bet", cents: 200, free: false },
            { t: "withdraw", cents: 2_000, policy: "refuse", confirm: true }, { t: "withdraw", cents: 2_000, policy: "forfeit", confirm: false },
            { t: "withdraw", cents: 2_000, policy: "forfeit", confirm: true }, { t: "grant", which: "fixed" }, { t: "activate", nth: 1 },
            { t: "withdraw", cents: 4_000, policy: "forfeit", confirm: true },
          ]],
          // A first-deposit offer granted while another bonus is active waits, and auto-activates once the wallet is free.
          [2_000, [
            { t: "grant", which: "fixed" }, { t: "activate", nth: 0 }, { t: "deposit", cents: 1_000 }, { t: "tick", quiet: false },
            { t: "cancel", nth: 0 }, { t: "tick", quiet: false }, { t: "bet", cents: 300, free: false },
          ]],
          // Deferred bonus money: nothing to play with until a deposit releases it.
          [0, [
            { t: "grant", which: "deferred" }, { t: "activate", nth: 0 }, { t: "bet", cents: 100, free: false }, { t: "tick", quiet: true },
            { t: "deposit", cents: 1_000 }, { t: "bet", cents: 100, free: false }, { t: "cancel", nth: 0 },
          ]],
          // A 30 % distribution: 70 % of a bonus-funded win is cash; then the bonus money falls under the 1.00 threshold → lost.
          [0, [
            { t: "grant", which: "split" }, { t: "activate", nth: 0 }, { t: "bet", cents: 300, free: false },
            { t: "win", recent: true, nth: 0, cents: 1_000 }, { t: "withdraw", cents: 2_000, policy: "forfeit", confirm: false },
            { t: "bet", cents: 500, free: false }, { t: "bet", cents: 200, free: false }, { t: "bet", cents: 150, free: false },
            { t: "tick", quiet: true },
          ]],
          // Everything lost: no cash, the bonus money staked and lost, wagering left → lost after the quiet time.
          [0, [
            { t: "grant", which: "fixed" }, { t: "activate", nth: 0 }, { t: "bet", cents: 300, free: false },
            { t: "bet", cents: 200, free: false }, { t: "tick", quiet: false }, { t: "tick", quiet: true },
          ]],
        ],
      },
    );
  }, 600_000);
});

/** A cancel or an expiry: every bonus cent (winnings included) forfeited, cash untouched, the wallet freed. */
function expectEnded(after: Wallet, before: Wallet, guid: string, label: string, mustHaveBeenActive: boolean) {
  expect(after.cash, label).toBe(before.cash);
  if (before.active === guid) {
    expect(after.bonus, label).toBe(0);
    expect(after.deferred, label).toBe(0);
    expect(after.wager, label).toBe(0);
    expect(after.spins, label).toBe(0);
    expect(after.active, label).toBeNull();
  } else {
    expect(mustHaveBeenActive, label).toBe(false);
    expect(after, label).toEqual(before);
  }
}
