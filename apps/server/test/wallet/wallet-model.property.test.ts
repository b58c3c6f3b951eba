import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { activateWallet } from "../../src/modules/wallet/activate-wallet.ts";
import { getOrCreateWallet } from "../../src/modules/wallet/get-or-create-wallet.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { currencyGuid, providerCall, seatPlayer, type Seat } from "./wallet-helpers.ts";

/**
 * Model-based property test: random sequences of bets, wins, rollbacks,
 * repeats (identical and altered) and wallet activations run against the
 * real app and against a few lines of integer arithmetic. Every answer, every
 * balance and the ledger must agree with the model at every step.
 */

type Op =
  | { t: "bet"; p: number; id: number; cents: number }
  | { t: "win"; p: number; id: number; ref: number; recent: boolean; cents: number }
  | { t: "rollback"; p: number; id: number; ref: number }
  | { t: "repeat"; nth: number; alter: boolean }
  | { t: "activate"; p: number; currency: "USD" | "EUR" };

type Call = { method: "bet" | "win" | "rollback"; p: number; uuid: string; cents?: number; ref?: string };
type Stored = { call: Call; balances: [number, number] };
type BetState = { p: number; cash: number; bonus: number; amount: number; status: "accepted" | "rolled_back" };

const MAX_BET = 50_000; // USD max_bet_slot_real 500 (the first house game is a slot)
const MAX_BONUS_BET = 500; // USD max_bet_slot_bonus 5

class Model {
  wallets: [number, number][];
  stored = new Map<string, Stored>();
  tombstones = new Map<string, number>();
  bets = new Map<string, BetState>();
  constructor(initial: [number, number][]) {
    this.wallets = initial.map(([c, b]) => [c, b]);
  }

  apply(call: Call): { status: string; balances: [number, number] } {
    const w = this.wallets[call.p]!;
    const now = (): [number, number] => [w[0], w[1]];
    if (this.tombstones.has(call.uuid)) return { status: "TRANSACTION_ROLLED_BACK", balances: now() };
    const seen = this.stored.get(call.uuid);
    if (seen) {
      const same = seen.call.method === call.method && seen.call.p === call.p && seen.call.cents === call.cents && seen.call.ref === call.ref;
      return same ? { status: "OK", balances: seen.balances } : { status: "DUPLICATE_TRANSACTION", balances: now() };
    }
    const accept = (): { status: string; balances: [number, number] } => {
      this.stored.set(call.uuid, { call, balances: now() });
      return { status: "OK", balances: now() };
    };
    if (call.method === "bet") {
      const amount = call.cents!;
      if (amount > MAX_BET) return { status: "BET_LIMIT_EXCEEDED", balances: now() };
      if (w[0] + w[1] < amount) return { status: "NOT_ENOUGH_MONEY", balances: now() };
      const cash = Math.min(w[0], amount);
      const bonus = amount - cash;
      if (bonus > 0 && amount > MAX_BONUS_BET) return { status: "BET_LIMIT_EXCEEDED", balances: now() };
      w[0] -= cash;
      w[1] -= bonus;
      this.bets.set(call.uuid, { p: call.p, cash, bonus, amount, status: "accepted" });
      return accept();
    }
    const ref = call.ref!;
    const bet = this.bets.get(ref);
    const tombOwner = this.tombstones.get(ref);
    const refIsOtherCall = this.stored.has(ref) && !bet;
    if (call.method === "win") {
      if (tombOwner !== undefined) return { status: tombOwner === call.p ? "TRANSACTION_ROLLED_BACK" : "TRANSACTION_NOT_FOUND", balances: now() };
      if (!bet || refIsOtherCall || bet.p !== call.p) return { status: "TRANSACTION_NOT_FOUND", balances: now() };
      if (bet.status !== "accepted") return { status: "TRANSACTION_ROLLED_BACK", balances: now() };
      const win = call.cents!;
      const cash = Math.floor((win * bet.cash) / bet.amount);
      w[0] += cash;
      w[1] += win - cash;
      return accept();
    }
    // rollback
    if (tombOwner !== undefined) {
      if (tombOwner !== call.p) return { status: "TRANSACTION_NOT_FOUND", balances: now() };
      return accept();
    }
    if (refIsOtherCall) return { status: "TRANSACTION_NOT_FOUND", balances: now() };
    if (!bet) {
      this.tombstones.set(ref, call.p);
      return accept();
    }
    if (bet.p !== call.p) return { status: "TRANSACTION_NOT_FOUND", balances: now() };
    if (bet.status === "accepted") {
      bet.status = "rolled_back";
      w[0] += bet.cash;
      w[1] += bet.bonus;
    }
    return accept();
  }
}

const cents = (value: string | null) => {
  const [i = "0", f = ""] = (value ?? "").split(".");
  return Number(i) * 100 + Number(f.padEnd(2, "0").slice(0, 2));
};
const money = (c: number) => `${Math.floor(c / 100)}${c % 100 ? `.${String(c % 100).padStart(2, "0")}` : ""}`;

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({
      t: fc.constant("bet" as const),
      p: fc.nat(1),
      id: fc.nat(14),
      // Mostly stakes that may mix cash and bonus money (≤ the 5 USD bonus max bet), some above it.
      cents: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 500 }) }, { weight: 1, arbitrary: fc.integer({ min: 501, max: 1_500 }) }),
    }) },
  { weight: 4, arbitrary: fc.record({
      t: fc.constant("win" as const),
      p: fc.nat(1),
      id: fc.nat(14),
      ref: fc.nat(14),
      // Usually the player's latest bet (a real game pays the bet it just took), sometimes any id.
      recent: fc.boolean(),
      cents: fc.integer({ min: 0, max: 3_000 }),
    }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("rollback" as const), p: fc.nat(1), id: fc.nat(14), ref: fc.nat(14) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("repeat" as const), nth: fc.nat(40), alter: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("activate" as const), p: fc.nat(1), currency: fc.constantFrom("USD" as const, "EUR" as const) }) },
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe("wallet against a model (fast-check)", () => {
  it("agrees with the model on every answer and balance; the ledger always reconciles", async () => {
    const runs = process.env.TEST_DATABASE_URL ? 30 : 12;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.integer({ min: 0, max: 1_500 }), fc.integer({ min: 0, max: 2_000 })),
        fc.tuple(fc.integer({ min: 0, max: 1_500 }), fc.integer({ min: 0, max: 2_000 })),
        fc.array(opArb, { minLength: 5, maxLength: 35 }),
        async (first, second, ops) => {
          const run = randomUUID().slice(0, 8);
          const seats: Seat[] = [];
          for (const [c, b] of [first, second]) {
            seats.push(await seatPlayer(ctx.database, { cash: c ? money(c) : undefined, bonus: b ? money(b) : undefined }));
          }
          const model = new Model([first, second]);
          const history: Call[] = [];
          const lastBet: (string | undefined)[] = [undefined, undefined];
          const uuid = (id: number) => `${run}-${id}`;

          for (const op of ops) {
            if (op.t === "activate") {
              const seat = seats[op.p]!;
              const wallet = await getOrCreateWallet(ctx.database.db, {
                playerGuid: seat.playerGuid,
                currencyGuid: await currencyGuid(ctx.database, op.currency),
                setActive: false,
              });
              await activateWallet(ctx.database.db, { playerGuid: seat.playerGuid, walletGuid: wallet.guid });
              const [active] = await ctx.database.query<{ n: number; guid: string }>(
                "SELECT count(*)::int AS n, max(guid::text) AS guid FROM wallets WHERE customer_guid = $1 AND is_active",
                [seat.playerGuid],
              );
              expect(active).toEqual({ n: 1, guid: wallet.guid });
              continue;
            }
            let call: Call;
            if (op.t === "repeat") {
              const original = history[op.nth % Math.max(history.length, 1)];
              if (!original) continue;
              call = op.alter
                ? { ...original, ...(original.method === "rollback" ? { ref: `${original.ref}-x` } : { cents: (original.cents ?? 0) + 1 }) }
                : original;
            } else if (op.t === "bet") call = { method: "bet", p: op.p, uuid: uuid(op.id), cents: op.cents };
            else if (op.t === "win") {
              const ref = op.recent ? (lastBet[op.p] ?? uuid(op.ref)) : uuid(op.ref);
              call = { method: "win", p: op.p, uuid: uuid(op.id), ref, cents: op.cents };
            }
            else call = { method: "rollback", p: op.p, uuid: uuid(op.id), ref: uuid(op.ref) };
            if (call.ref === call.uuid) continue;
            history.push(call);
            if (call.method === "bet") lastBet[call.p] = call.uuid;

            const seat = seats[call.p]!;
            const body: Record<string, unknown> = {
              token: seat.token,
              game_code: seat.gameCode,
              round_id: `${run}-round-${call.p}`,
              transaction_uuid: call.uuid,
              currency: "USD",
            };
            if (call.cents !== undefined) body.amount = money(call.cents);
            if (call.ref !== undefined) body.reference_transaction_uuid = call.ref;
            const expected = model.apply(call);
            const answer = await providerCall(ctx.app, call.method, body);
            const label = `${JSON.stringify(call)} → ${JSON.stringify(answer)}`;
            expect(answer.status, label).toBe(expected.status);
            expect([cents(answer.balance), cents(answer.bonus_balance)], label).toEqual(expected.balances);
          }

          for (const [i, seat] of seats.entries()) {
            const [row] = await ctx.database.query<{ balance: string; bonus_balance: string }>(
              "SELECT balance::text, bonus_balance::text FROM wallets WHERE guid = $1",
              [seat.walletGuid],
            );
            expect([cents(row!.balance), cents(row!.bonus_balance)]).toEqual(model.wallets[i]);
            expect(model.wallets[i]![0]).toBeGreaterThanOrEqual(0);
            expect(model.wallets[i]![1]).toBeGreaterThanOrEqual(0);
          }
          const report = await reconcileLedger(ctx.database.db);
          expect(report.culprits).toEqual([]);
          for (const currency of report.currencies) expect(currency.sum).toMatch(/^-?0(\.0+)?$/);
        },
      ),
      { numRuns: runs },
    );
  }, 300_000);
});
