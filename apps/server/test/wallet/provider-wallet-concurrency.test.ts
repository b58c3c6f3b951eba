import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bet, hasPostgres, providerCall, rollback, seatPlayer, transferCount, walletState, win } from "./wallet-helpers.ts";

// PGlite runs one query at a time: a race there always "passes". These run
// against real PostgreSQL only (TEST_DATABASE_URL), and say so when skipped.
describe.skipIf(!hasPostgres)("provider wallet under concurrency (PostgreSQL)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({}, { demo: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("60 concurrent bets exceeding the balance: exactly the bets that fit succeed, never negative", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "100" });
    // 60 × 3.00 = 180 > 100: exactly 33 fit (99.00), 1.00 is left.
    const bets = Array.from({ length: 60 }, () => bet(seat, "3"));
    const answers = await Promise.all(bets.map((b) => providerCall(ctx.app, "bet", b)));
    const ok = answers.filter((a) => a.status === "OK");
    expect(ok).toHaveLength(33);
    expect(answers.filter((a) => a.status === "NOT_ENOUGH_MONEY")).toHaveLength(27);
    for (const a of answers) expect(Number(a.balance)).toBeGreaterThanOrEqual(0);
    expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("1.00");
    // Every successful bet has exactly one transfer; the refused ones none.
    const [count] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_transfers t JOIN wallets w ON w.cash_account_guid = t.debit_account_guid WHERE w.guid = $1 AND t.kind = 'bet'",
      [seat.walletGuid],
    );
    expect(count!.n).toBe(33);
  });

  it("100 concurrent bets of uneven sizes on cash + bonus: what succeeded equals what left the wallet", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "40", bonus: "35" });
    const sizes = Array.from({ length: 100 }, (_, i) => ((i % 5) + 1).toString()); // 1..5, sum 300 > 75
    const bets = sizes.map((s) => bet(seat, s));
    const answers = await Promise.all(bets.map((b) => providerCall(ctx.app, "bet", b)));
    const accepted = bets.filter((_, i) => answers[i]!.status === "OK").reduce((sum, b) => sum + Number(b.amount), 0);
    const state = await walletState(ctx.database, seat.walletGuid);
    expect(Number(state.balance) + Number(state.bonus_balance)).toBe(75 - accepted);
    // The balance was exhausted (the smallest bet no longer fits) only if some bet was refused for money.
    expect(answers.some((a) => a.status === "NOT_ENOUGH_MONEY")).toBe(true);
    expect(Number(state.balance)).toBeGreaterThanOrEqual(0);
    expect(Number(state.bonus_balance)).toBeGreaterThanOrEqual(0);
  });

  it("the same transaction_uuid 5 times at once: one debit, five identical OK answers", async () => {
    for (let round = 0; round < 5; round += 1) {
      const seat = await seatPlayer(ctx.database, { cash: "50" });
      const b = bet(seat, "10");
      const answers = await Promise.all(Array.from({ length: 5 }, () => providerCall(ctx.app, "bet", b)));
      expect(answers.map((a) => a.status)).toEqual(["OK", "OK", "OK", "OK", "OK"]);
      expect(new Set(answers.map((a) => a.balance))).toEqual(new Set(["40.00"]));
      expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("40.00");
      expect(await transferCount(ctx.database, `house:${b.transaction_uuid}:`)).toBe(1);
    }
  });

  it("the same win 5 times at once and a different one with the same key: one credit", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "50" });
    const b = bet(seat, "10");
    await providerCall(ctx.app, "bet", b);
    const w = win(seat, b, "15");
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => providerCall(ctx.app, "win", w)),
      providerCall(ctx.app, "win", { ...w, amount: "16" }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    // Whichever version got there first is the transaction; every other copy is a repeat or a duplicate.
    expect(statuses.filter((s) => s === "OK").length + statuses.filter((s) => s === "DUPLICATE_TRANSACTION").length).toBe(6);
    expect(await transferCount(ctx.database, `house:${w.transaction_uuid}:`)).toBe(1);
    const balance = (await walletState(ctx.database, seat.walletGuid)).balance;
    expect(["55.00", "56.00"]).toContain(balance);
  });

  it("a rollback racing its own bet, in either order: the player ends where they started", async () => {
    for (let round = 0; round < 25; round += 1) {
      const seat = await seatPlayer(ctx.database, { cash: "20" });
      const b = bet(seat, "5");
      const rb = rollback(seat, b);
      const calls = round % 2 === 0
        ? [providerCall(ctx.app, "bet", b), providerCall(ctx.app, "rollback", rb)]
        : [providerCall(ctx.app, "rollback", rb), providerCall(ctx.app, "bet", b)];
      const answers = await Promise.all(calls);
      expect(answers.every((a) => ["OK", "TRANSACTION_ROLLED_BACK"].includes(a.status))).toBe(true);
      // The provider retries the bet (as it would after a timeout): still no money moves.
      await providerCall(ctx.app, "bet", b);
      expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("20.00");
    }
  });

  it("wins and rollbacks of the same bet racing: the bet is either paid or refunded, never both", async () => {
    for (let round = 0; round < 15; round += 1) {
      const seat = await seatPlayer(ctx.database, { cash: "20" });
      const b = bet(seat, "5");
      await providerCall(ctx.app, "bet", b);
      const [w, r] = await Promise.all([providerCall(ctx.app, "win", win(seat, b, "8")), providerCall(ctx.app, "rollback", rollback(seat, b))]);
      expect(r.status).toBe("OK");
      const balance = (await walletState(ctx.database, seat.walletGuid)).balance;
      // Win first then rollback: 15 + 8 + 5 = 28. Rollback first: the win is refused, 20.
      expect(w.status === "OK" ? "28.00" : "20.00").toBe(balance);
      if (w.status !== "OK") expect(w.status).toBe("TRANSACTION_ROLLED_BACK");
    }
  });

  it("reconciles clean after all of it", async () => {
    const report = await reconcileLedger(ctx.database.db);
    expect(report.culprits).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
