import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { PLATFORM_OWNER, systemAccountGuid } from "../../src/modules/ledger/ledger-accounts.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import {
  bet,
  createPlayer,
  currencyGuid,
  activateTestBonus,
  deposit,
  houseFreeSpinGame,
  houseGame,
  openWallet,
  providerCall,
  rollback,
  seatPlayer,
  win,
  type ProviderAnswer,
  type Seat,
} from "./wallet-helpers.ts";

// The provider wallet's rules exist twice: in TypeScript (place-bet.ts, settle-win.ts, decided on a
// context read) and in SQL (provider_wallet_fast_calls, packages/db/functions, ADR 008), which
// answers ordinary bets and wins in one statement. Each scenario here runs twice on two identical
// players through the real routes: once as production runs it (the one-trip path answers what it
// can), once with the one-trip path switched off (every call decided in TypeScript). Answers,
// balances after every call and every row written (provider and game transactions, ledger
// transfers, balance events) must be identical but for ids.

const paths = vi.hoisted(() => ({ fast: true, fastAnswers: 0 }));
vi.mock(import("../../src/modules/provider-wallet/run-fast-call.ts"), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    runFastCall: async (...args: Parameters<typeof original.runFastCall>) => {
      if (!paths.fast) return undefined;
      const answer = await original.runFastCall(...args);
      if (answer) paths.fastAnswers += 1;
      return answer;
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

type Player = Seat & { prefix: string };
type Step = {
  name: string;
  /** Whether the one-trip path answers it when it is on. */
  fast: boolean;
  status: string;
  run: (player: Player, ids: (label: string) => string) => Promise<ProviderAnswer>;
};

const withoutToken = <T extends { token?: string }>(body: T): Omit<T, "token"> => {
  const { token: _token, ...rest } = body;
  return rest;
};

/** A bet body with this player's deterministic ids, so both runs send the same call. */
const betOf = (
  p: Player,
  ids: (label: string) => string,
  label: string,
  amount: string,
  extra: Record<string, unknown> = {},
) => bet(p, amount, { transaction_uuid: ids(label), round_id: ids(`${label}-round`), ...extra });
const ref = (ids: (label: string) => string, label: string) => ({
  transaction_uuid: ids(label),
  round_id: ids(`${label}-round`),
});

async function walletRow(walletGuid: string) {
  const [row] = await ctx.database.query<Record<string, string>>(
    `SELECT balance::text, bonus_balance::text, wager::text, free_spin_count::text, free_spin_win_amount::text
       FROM wallets WHERE guid = $1`,
    [walletGuid],
  );
  return row!;
}

/** Everything the calls of one player wrote, with ids that legitimately differ between runs replaced. */
async function writtenRows(p: Player) {
  const [wallet] = await ctx.database.query<{ cash: string; bonus: string }>(
    "SELECT cash_account_guid AS cash, bonus_account_guid AS bonus FROM wallets WHERE guid = $1",
    [p.walletGuid],
  );
  // Every call's row, game transactions and claimed keys without money alike (ADR 040), in key order.
  const gameTransactions = await ctx.database.query<{ guid: string; session_id: string | null; row: Record<string, unknown> }>(
    `SELECT guid, session_id, to_jsonb(g) - 'guid' - 'seq' - 'created_at' - 'updated_at' AS row
       FROM game_transactions g WHERE provider_code = 'house' AND tradeid LIKE $1 ORDER BY tradeid`,
    [`${p.prefix}%`],
  );
  const transfers = await ctx.database.query<{ row: Record<string, unknown> }>(
    `SELECT to_jsonb(l) - 'guid' - 'created_at' AS row
       FROM ledger_transfers l WHERE idempotency_key LIKE $1 ORDER BY idempotency_key`,
    [`house:${p.prefix}%`],
  );
  const events = await ctx.database.query<{ row: Record<string, unknown> }>(
    "SELECT jsonb_build_object('type', type, 'payload', payload) AS row FROM outbox_events WHERE user_guid = $1 ORDER BY id",
    [p.playerGuid],
  );
  // A bet records the customer bonus it was placed under: each run's player has bonuses of its own.
  const bonuses = await ctx.database.query<{ guid: string }>(
    "SELECT guid FROM customer_bonuses WHERE wallet_guid = $1 ORDER BY created_at, guid",
    [p.walletGuid],
  );
  const replacements: [string, string][] = [
    [p.prefix, "PREFIX"],
    ...bonuses.map((b, n): [string, string] => [b.guid, `CUSTOMER_BONUS_${n}`]),
    [p.playerGuid, "PLAYER"],
    [p.walletGuid, "WALLET"],
    [wallet!.cash, "CASH_ACCOUNT"],
    [wallet!.bonus, "BONUS_ACCOUNT"],
    ...gameTransactions.map((g, n): [string, string] => [g.guid, `GAME_TRANSACTION_${n}`]),
    ...[...new Set(gameTransactions.flatMap((g) => (g.session_id ? [g.session_id] : [])))].map((s, n): [string, string] => [s, `SESSION_${n}`]),
  ];
  let text = JSON.stringify({
    gameTransactions: gameTransactions.map((g) => g.row),
    transfers: transfers.map((t) => t.row),
    events: events.map((e) => e.row),
  });
  for (const [id, placeholder] of replacements) text = text.replaceAll(id, placeholder);
  return JSON.parse(text) as unknown;
}

/** Runs the steps on a fresh player, with the one-trip path on or off. */
async function runScenario(makePlayer: () => Promise<Seat>, steps: Step[], fast: boolean) {
  const player: Player = { ...(await makePlayer()), prefix: `parity-${randomUUID()}` };
  const ids = (label: string) => `${player.prefix}-${label}`;
  paths.fast = fast;
  const trace: { step: string; answer: ProviderAnswer; wallet: Record<string, string>; fastAnswered: boolean }[] = [];
  for (const step of steps) {
    const before = paths.fastAnswers;
    const answer = await step.run(player, ids);
    delete (answer as Partial<ProviderAnswer>).request_uuid;
    trace.push({
      step: step.name,
      answer,
      wallet: await walletRow(player.walletGuid),
      fastAnswered: paths.fastAnswers > before,
    });
  }
  paths.fast = true;
  return { trace, rows: await writtenRows(player) };
}

async function compareThePaths(makePlayer: () => Promise<Seat>, steps: Step[]) {
  const production = await runScenario(makePlayer, steps, true);
  const typescriptOnly = await runScenario(makePlayer, steps, false);
  // Each step did what it says, and took the path it says: the scenario covers what it claims to.
  expect(production.trace.map((t) => [t.step, t.answer.status, t.fastAnswered])).toEqual(
    steps.map((s) => [s.name, s.status, s.fast]),
  );
  expect(typescriptOnly.trace.every((t) => !t.fastAnswered)).toBe(true);
  for (const [n, { fastAnswered: _path, ...step }] of production.trace.entries()) {
    const { fastAnswered: _other, ...other } = typescriptOnly.trace[n]!;
    expect(other, step.step).toEqual(step);
  }
  expect(typescriptOnly.rows).toEqual(production.rows);
  return production.trace;
}

const call = (method: "bet" | "win" | "rollback", body: Record<string, unknown>) => providerCall(ctx.app, method, body);

/** The house game account of a currency, created ahead so the one-trip path takes the first bet too. */
async function warmHouseAccount(code: string) {
  await systemAccountGuid(ctx.database.db, {
    kind: "house_game",
    owner: "house",
    currencyGuid: await currencyGuid(ctx.database, code),
  });
  await systemAccountGuid(ctx.database.db, {
    kind: "bonus_cost",
    owner: PLATFORM_OWNER,
    currencyGuid: await currencyGuid(ctx.database, code),
  });
}

describe("the one-trip path and the TypeScript path", () => {
  it("answer bets, wins, repeats, refusals and rollbacks identically, and write the same rows", async () => {
    await warmHouseAccount("USD");
    // USD: max bet 500, with bonus money 5 (reference data). 100 cash, 20 bonus.
    const steps: Step[] = [
      { name: "bet", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b1", "10")) },
      {
        name: "win closing the round",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "b1"), "25", { transaction_uuid: ids("w1"), round_closed: true })),
      },
      {
        name: "bet in a closed round",
        fast: true,
        status: "ROUND_CLOSED",
        run: (p, ids) => call("bet", betOf(p, ids, "b-closed", "1", { round_id: ids("b1-round") })),
      },
      {
        name: "bet above the max bet",
        fast: true,
        status: "BET_LIMIT_EXCEEDED",
        run: (p, ids) => call("bet", betOf(p, ids, "b-max", "501")),
      },
      {
        name: "bet needing bonus money above its max",
        fast: true,
        status: "BET_LIMIT_EXCEEDED",
        run: (p, ids) => call("bet", betOf(p, ids, "b-bonus-max", "118")),
      },
      {
        name: "bet of nearly all cash",
        fast: true,
        status: "OK",
        run: (p, ids) => call("bet", betOf(p, ids, "b6", "114")),
      },
      {
        name: "bet funded by cash and bonus",
        fast: true,
        status: "OK",
        run: (p, ids) => call("bet", betOf(p, ids, "b7", "4")),
      },
      {
        name: "win split like its bet",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "b7"), "10", { transaction_uuid: ids("w7") })),
      },
      {
        name: "bet not covered",
        fast: true,
        status: "NOT_ENOUGH_MONEY",
        run: (p, ids) => call("bet", betOf(p, ids, "b-poor", "30")),
      },
      {
        name: "repeat of a bet",
        fast: false,
        status: "OK",
        run: (p, ids) => call("bet", betOf(p, ids, "b1", "10.00")),
      },
      {
        name: "repeat of a bet, other amount",
        fast: false,
        status: "DUPLICATE_TRANSACTION",
        run: (p, ids) => call("bet", betOf(p, ids, "b1", "11")),
      },
      {
        name: "repeat of a win",
        fast: false,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "b1"), "25", { transaction_uuid: ids("w1"), round_closed: true })),
      },
      {
        name: "unknown token",
        fast: false,
        status: "INVALID_TOKEN",
        run: (p, ids) => call("bet", betOf(p, ids, "b-token", "1", { token: "not-a-token" })),
      },
      {
        name: "another currency",
        fast: false,
        status: "WRONG_CURRENCY",
        run: (p, ids) => call("bet", betOf(p, ids, "b-eur", "1", { currency: "EUR" })),
      },
      {
        name: "another game",
        fast: false,
        status: "INVALID_GAME",
        run: (p, ids) => call("bet", betOf(p, ids, "b-game", "1", { game_code: "house:not-this-game" })),
      },
      {
        name: "too many decimals",
        fast: false,
        status: "INVALID_REQUEST",
        run: (p, ids) => call("bet", betOf(p, ids, "b-dec", "1.005")),
      },
      {
        name: "zero stake",
        fast: false,
        status: "INVALID_REQUEST",
        run: (p, ids) => call("bet", betOf(p, ids, "b-zero", "0")),
      },
      {
        name: "win in another currency",
        fast: false,
        status: "WRONG_CURRENCY",
        run: (p, ids) => call("win", win(p, ref(ids, "b6"), "1", { transaction_uuid: ids("w-eur"), currency: "EUR" })),
      },
      {
        name: "win of an unknown bet",
        fast: false,
        status: "TRANSACTION_NOT_FOUND",
        run: (p, ids) => call("win", win(p, ref(ids, "b-never"), "1", { transaction_uuid: ids("w-never") })),
      },
      { name: "bet to roll back", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b17", "1")) },
      {
        name: "rollback",
        fast: false,
        status: "OK",
        run: (p, ids) => call("rollback", rollback(p, ref(ids, "b17"), { transaction_uuid: ids("r17") })),
      },
      {
        name: "win of a rolled back bet",
        fast: false,
        status: "TRANSACTION_ROLLED_BACK",
        run: (p, ids) => call("win", win(p, ref(ids, "b17"), "5", { transaction_uuid: ids("w17") })),
      },
      {
        name: "rollback of a bet never seen",
        fast: false,
        status: "OK",
        run: (p, ids) => call("rollback", rollback(p, ref(ids, "b-late"), { transaction_uuid: ids("r-late") })),
      },
      {
        name: "that bet, arriving late",
        fast: false,
        status: "TRANSACTION_ROLLED_BACK",
        run: (p, ids) => call("bet", betOf(p, ids, "b-late", "1")),
      },
      {
        name: "bet for a zero win",
        fast: true,
        status: "OK",
        run: (p, ids) => call("bet", betOf(p, ids, "b22", "0.50")),
      },
      {
        name: "zero win",
        fast: true,
        status: "OK",
        run: (p, ids) =>
          call("win", win(p, ref(ids, "b22"), "0", { transaction_uuid: ids("w22"), round_closed: true })),
      },
      {
        name: "free spin",
        fast: true,
        status: "OK",
        run: async (p, ids) => {
          await ctx.database.query("UPDATE wallets SET free_spin_count = 1, free_spin_bet = 0.5 WHERE guid = $1", [
            p.walletGuid,
          ]);
          return call("bet", betOf(p, ids, "fs", "0.50", { is_free_spin: true }));
        },
      },
      {
        name: "free spin win",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "fs"), "3", { transaction_uuid: ids("wfs") })),
      },
      {
        name: "win without a token",
        fast: false,
        status: "OK",
        run: (p, ids) =>
          call("win", withoutToken(win(p, ref(ids, "b6"), "1", { transaction_uuid: ids("w-tokenless") }))),
      },
      {
        name: "rollback without a token of a bet never seen",
        fast: false,
        status: "OK",
        run: (p, ids) =>
          call("rollback", withoutToken(rollback(p, ref(ids, "b-ghost"), { transaction_uuid: ids("r-ghost") }))),
      },
      {
        name: "bet of a locked player",
        fast: false,
        status: "PLAYER_BLOCKED",
        run: async (p, ids) => {
          await ctx.database.query("UPDATE users SET status = 'locked' WHERE guid = $1", [p.playerGuid]);
          return call("bet", betOf(p, ids, "b-locked", "1"));
        },
      },
      {
        name: "win of a locked player",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "b6"), "2", { transaction_uuid: ids("w-locked") })),
      },
      {
        name: "bet on an expired session",
        fast: false,
        status: "TOKEN_EXPIRED",
        run: async (p, ids) => {
          await ctx.database.query("UPDATE users SET status = 'active' WHERE guid = $1", [p.playerGuid]);
          await ctx.database.query(
            "UPDATE game_sessions SET expires_at = now() - interval '1 second' WHERE wallet_guid = $1",
            [p.walletGuid],
          );
          return call("bet", betOf(p, ids, "b-expired", "1"));
        },
      },
      {
        name: "win on an expired session",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "b6"), "3", { transaction_uuid: ids("w-expired") })),
      },
      {
        name: "rollback on an expired session",
        fast: false,
        status: "OK",
        run: (p, ids) => call("rollback", rollback(p, ref(ids, "b7"), { transaction_uuid: ids("r7") })),
      },
    ];
    // At a slot open to free spins, for the free-spin steps (ADR 032).
    const slot = await houseFreeSpinGame(ctx.database);
    await compareThePaths(() => seatPlayer(ctx.database, { cash: "100", bonus: "20", game: slot }), steps);
  });

  it("convert and round identically on a session that plays in another currency (ADR 006)", async () => {
    await warmHouseAccount("BTC");
    // A BTC wallet at a fiat-only table in USD through the seeded BTC/USD pair: stakes round up,
    // payouts and balances down.
    const [game] = await ctx.database.query<{ guid: string; code: string }>(
      "SELECT guid, external_guid AS code FROM games WHERE external_guid = 'house:live-blackjack-blackjack-vip-table'",
    );
    const [pair] = await ctx.database.query<{ guid: string }>(
      "SELECT guid FROM currency_pairs WHERE base_asset = 'BTC' AND quote_asset = 'USD'",
    );
    const usd = await currencyGuid(ctx.database, "USD");
    const converted = async (): Promise<Seat> => {
      const playerGuid = await createPlayer(ctx.database);
      const wallet = await openWallet(ctx.database, playerGuid, "BTC");
      await deposit(ctx.database, wallet.guid, "0.01");
      const session = await issueGameSession(ctx.database.db, {
        playerGuid,
        walletGuid: wallet.guid,
        providerCode: "house",
        gameCode: game!.code,
        gameGuid: game!.guid,
        exchange: { pairGuid: pair!.guid, playCurrencyGuid: usd },
      });
      return { playerGuid, walletGuid: wallet.guid, token: session.token, gameCode: game!.code, currency: "USD" };
    };
    const steps: Step[] = [
      { name: "bet", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b1", "10.00")) },
      {
        name: "win",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "b1"), "7.77", { transaction_uuid: ids("w1") })),
      },
      {
        name: "bet not covered",
        fast: true,
        status: "NOT_ENOUGH_MONEY",
        run: (p, ids) => call("bet", betOf(p, ids, "b-poor", "900")),
      },
      {
        name: "bet above the max bet in the wallet's currency",
        fast: true,
        status: "BET_LIMIT_EXCEEDED",
        run: (p, ids) => call("bet", betOf(p, ids, "b-max", "7000")),
      },
      { name: "bet to roll back", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b3", "3.33")) },
      {
        name: "rollback",
        fast: false,
        status: "OK",
        run: (p, ids) => call("rollback", rollback(p, ref(ids, "b3"), { transaction_uuid: ids("r3") })),
      },
      {
        name: "repeat of a win",
        fast: false,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "b1"), "7.770", { transaction_uuid: ids("w1") })),
      },
      {
        name: "wallet currency instead of the game's",
        fast: false,
        status: "WRONG_CURRENCY",
        run: (p, ids) => call("bet", betOf(p, ids, "b-btc", "0.0001", { currency: "BTC" })),
      },
    ];
    await compareThePaths(converted, steps);
  });
});

describe("bonus rules on both paths (ADR 032)", () => {
  const balanceOf = (p: Player) => providerCall(ctx.app, "balance", { token: p.token, game_code: p.gameCode });
  const freeSpin = (p: Player, ids: (label: string) => string, label: string, amount: string) =>
    call("bet", betOf(p, ids, label, amount, { is_free_spin: true }));

  it("hold every stake to the max bonus bet, count and restore wagering, split wins by the distribution, play free spins at their stake", async () => {
    await warmHouseAccount("USD");
    const slot = await houseFreeSpinGame(ctx.database);
    const [game] = await ctx.database.query<{ wage: string }>(
      "SELECT bonus_wage::text AS wage FROM games WHERE guid = $1",
      [slot.guid],
    );
    const wage = Number(game!.wage) / 100;
    expect(wage).toBeGreaterThan(0);
    // USD: max bet with bonus money 5 (reference data). 10 cash, 20 bonus; wagering 100 left;
    // 40 % of bonus-funded winnings stay bonus money; 2 free spins at 0.25 in this slot only.
    const makePlayer = async () => {
      const seat = await seatPlayer(ctx.database, { cash: "10", bonus: "20", game: slot });
      await activateTestBonus(ctx.database, seat.walletGuid, {
        wager: "100",
        distributionPercent: "40",
        gameGuids: [slot.guid],
        freeSpins: { count: 2, bet: "0.25" },
      });
      return seat;
    };
    const steps: Step[] = [
      { name: "balance names the free rounds", fast: false, status: "OK", run: (p) => balanceOf(p) },
      {
        name: "cash bet above the max bonus bet",
        fast: true,
        status: "BET_LIMIT_EXCEEDED",
        run: (p, ids) => call("bet", betOf(p, ids, "b-over", "6")),
      },
      {
        name: "cash bet at the max bonus bet",
        fast: true,
        status: "OK",
        run: (p, ids) => call("bet", betOf(p, ids, "b1", "5")),
      },
      { name: "bet to roll back", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b2", "3")) },
      {
        name: "rollback",
        fast: false,
        status: "OK",
        run: (p, ids) => call("rollback", rollback(p, ref(ids, "b2"), { transaction_uuid: ids("r2") })),
      },
      { name: "cash bet", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b3", "4")) },
      {
        name: "bet funded by cash and bonus",
        fast: true,
        status: "OK",
        run: (p, ids) => call("bet", betOf(p, ids, "b4", "5")),
      },
      {
        name: "win split by the distribution",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "b4"), "10", { transaction_uuid: ids("w4") })),
      },
      {
        name: "free spin at another stake",
        fast: true,
        status: "BET_LIMIT_EXCEEDED",
        run: (p, ids) => freeSpin(p, ids, "fs0", "0.50"),
      },
      { name: "free spin", fast: true, status: "OK", run: (p, ids) => freeSpin(p, ids, "fs1", "0.25") },
      {
        name: "free spin win",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "fs1"), "2", { transaction_uuid: ids("wfs1") })),
      },
      { name: "free spin to roll back", fast: true, status: "OK", run: (p, ids) => freeSpin(p, ids, "fs2", "0.25") },
      {
        name: "free spin with none left",
        fast: true,
        status: "NOT_ENOUGH_MONEY",
        run: (p, ids) => freeSpin(p, ids, "fs3", "0.25"),
      },
      {
        name: "free spin rolled back",
        fast: false,
        status: "OK",
        run: (p, ids) => call("rollback", rollback(p, ref(ids, "fs2"), { transaction_uuid: ids("rfs2") })),
      },
    ];
    const trace = await compareThePaths(makePlayer, steps);
    const at = (name: string) => trace.find((t) => t.step === name)!;
    const money = (name: string) => {
      const w = at(name).wallet;
      return {
        cash: Number(w.balance),
        bonus: Number(w.bonus_balance),
        wager: Number(w.wager),
        spins: Number(w.free_spin_count),
      };
    };
    const near = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 10);

    expect(at("balance names the free rounds").answer).toMatchObject({ free_spin_count: 2, free_spin_bet: "0.25" });
    // Refused although cash covers it: a bonus is active.
    expect(money("cash bet above the max bonus bet")).toEqual({ cash: 10, bonus: 20, wager: 100, spins: 2 });
    near(money("cash bet at the max bonus bet").wager, 100 - 5 * wage);
    near(money("bet to roll back").wager, 100 - 8 * wage);
    // The rollback gives back exactly what the bet worked off.
    expect(money("rollback")).toEqual(money("cash bet at the max bonus bet"));
    near(money("bet funded by cash and bonus").wager, 100 - 14 * wage);
    expect(money("bet funded by cash and bonus")).toMatchObject({ cash: 0, bonus: 16 });
    // 1 of the 5 staked was cash: 2 of the 10 won is cash; of the bonus-funded 8, 40 % stays bonus
    // money (3.20) and 60 % (4.80) becomes cash.
    expect(money("win split by the distribution")).toMatchObject({ cash: 6.8, bonus: 19.2 });
    expect(at("win split by the distribution").answer).toMatchObject({ balance: "6.80", bonus_balance: "19.20" });
    // A free spin at the wrong stake moves nothing and keeps its spin.
    expect(money("free spin at another stake")).toEqual(money("win split by the distribution"));
    // A free spin costs nothing, works off no wagering and uses a spin; its win stays bonus money.
    expect(money("free spin")).toEqual({ ...money("win split by the distribution"), spins: 1 });
    expect(at("free spin").answer).toMatchObject({ free_spin_count: 1, free_spin_bet: "0.25" });
    expect(money("free spin win")).toMatchObject({ cash: 6.8, bonus: 21.2, spins: 1 });
    expect(money("free spin to roll back").spins).toBe(0);
    expect(money("free spin rolled back")).toEqual({ ...money("free spin win"), spins: 1 });
    expect(at("free spin rolled back").answer).toMatchObject({ free_spin_count: 1 });
  });

  it("refuse free spins in games their bonus does not allow", async () => {
    await warmHouseAccount("USD");
    const slot = await houseFreeSpinGame(ctx.database);
    const table = await houseGame(ctx.database);
    const [tableGame] = await ctx.database.query<{ can: boolean }>(
      "SELECT can_freespins AS can FROM games WHERE guid = $1",
      [table.guid],
    );
    expect(tableGame!.can).toBe(false);
    const withSpins = (game: { code: string; guid: string }, gameGuids: string[]) => async () => {
      const seat = await seatPlayer(ctx.database, { cash: "10", game });
      await activateTestBonus(ctx.database, seat.walletGuid, { gameGuids, freeSpins: { count: 1, bet: "0.10" } });
      return seat;
    };
    const spin = (status: string): Step[] => [
      { name: "free spin", fast: true, status, run: (p, ids) => freeSpin(p, ids, "fs", "0.10") },
    ];
    // The bonus names another game.
    const elsewhere = await compareThePaths(withSpins(slot, [table.guid]), spin("INVALID_GAME"));
    expect(elsewhere[0]!.wallet.free_spin_count).toBe("1");
    // No list: any game open to free spins, and this table is not.
    await compareThePaths(withSpins(table, []), spin("INVALID_GAME"));
    // No list, a slot open to free spins.
    await compareThePaths(withSpins(slot, []), spin("OK"));
  });

  it("announce the free-spin stake in the game's currency and accept exactly it on a converting session (ADR 006)", async () => {
    await warmHouseAccount("BTC");
    const slot = await houseFreeSpinGame(ctx.database);
    const [pair] = await ctx.database.query<{ guid: string }>(
      "SELECT guid FROM currency_pairs WHERE base_asset = 'BTC' AND quote_asset = 'USD'",
    );
    const usd = await currencyGuid(ctx.database, "USD");
    const converted = async (): Promise<Seat> => {
      const playerGuid = await createPlayer(ctx.database);
      const wallet = await openWallet(ctx.database, playerGuid, "BTC");
      await deposit(ctx.database, wallet.guid, "0.01");
      await activateTestBonus(ctx.database, wallet.guid, { freeSpins: { count: 2, bet: "0.00001" } });
      const session = await issueGameSession(ctx.database.db, {
        playerGuid,
        walletGuid: wallet.guid,
        providerCode: "house",
        gameCode: slot.code,
        gameGuid: slot.guid,
        exchange: { pairGuid: pair!.guid, playCurrencyGuid: usd },
      });
      return { playerGuid, walletGuid: wallet.guid, token: session.token, gameCode: slot.code, currency: "USD" };
    };
    let announced = "";
    const steps: Step[] = [
      {
        name: "balance",
        fast: false,
        status: "OK",
        run: async (p) => {
          const answer = await balanceOf(p);
          announced = (answer as ProviderAnswer & { free_spin_bet?: string }).free_spin_bet ?? "";
          return answer;
        },
      },
      {
        name: "free spin a cent above the announced stake",
        fast: true,
        status: "BET_LIMIT_EXCEEDED",
        run: (p, ids) => freeSpin(p, ids, "fs0", (Number(announced) + 0.01).toFixed(2)),
      },
      {
        name: "free spin at the announced stake",
        fast: true,
        status: "OK",
        run: (p, ids) => freeSpin(p, ids, "fs1", announced),
      },
    ];
    const trace = await compareThePaths(converted, steps);
    expect(announced).toMatch(/^\d+\.\d{2}$/);
    expect(Number(announced)).toBeGreaterThan(0);
    expect(trace[2]!.answer).toMatchObject({ currency: "USD", free_spin_count: 1, free_spin_bet: announced });
  });
});

describe("a bet remembers the customer bonus it was placed under (ADR 032)", () => {
  // A bet placed under bonus A, settled after A ended while a newer bonus B is active: its wagering
  // must not go back to B, and its bonus-funded money must not join B's pocket (it goes to the
  // bonus_cost account); its cash is the player's as ever.
  const balanceOf = (p: Player) => providerCall(ctx.app, "balance", { token: p.token, game_code: p.gameCode });
  const bonusOf = async (walletGuid: string) => {
    const [row] = await ctx.database.query<{ guid: string | null }>(
      "SELECT customer_bonus_guid AS guid FROM wallets WHERE guid = $1",
      [walletGuid],
    );
    return row!.guid;
  };
  /** Ends the active bonus as the engine does (nothing left to forfeit here), then activates B: wagering 50, 3 bonus money, 50 % distribution. */
  const switchToBonusB = async (p: Player) => {
    const ended = await bonusOf(p.walletGuid);
    await ctx.database.query(
      "UPDATE customer_bonuses SET status = 'cancelled', finished_at = now() WHERE guid = $1 AND status = 'active'",
      [ended],
    );
    await ctx.database.query(
      `UPDATE wallets SET customer_bonus_guid = NULL, customer_bonus_expire_date = NULL, wager = 0, bonus_threshold = NULL,
              winnings_distribution_percent = NULL, deposit_defer = false, free_spin_count = 0, free_spin_total = 0,
              free_spin_bet = NULL
        WHERE guid = $1 AND customer_bonus_guid = $2`,
      [p.walletGuid, ended],
    );
    await activateTestBonus(ctx.database, p.walletGuid, { wager: "50", distributionPercent: "50" });
    await deposit(ctx.database, p.walletGuid, "3", "bonus_balance");
    return balanceOf(p);
  };
  const switchStep: Step = { name: "A ends, B active", fast: false, status: "OK", run: (p) => switchToBonusB(p) };
  // 2 cash and 3 bonus money under A (wagering 100): a bet of 5 takes both.
  const underBonusA =
    (game: { code: string; guid: string }, freeSpins?: { count: number; bet: string }) => async () => {
      const seat = await seatPlayer(ctx.database, { cash: "2", bonus: "3", game });
      await activateTestBonus(ctx.database, seat.walletGuid, { wager: "100", distributionPercent: "40", freeSpins });
      return seat;
    };
  const walletOf = (trace: Awaited<ReturnType<typeof compareThePaths>>, name: string) => {
    const w = trace.find((t) => t.step === name)!.wallet;
    return {
      cash: Number(w.balance),
      bonus: Number(w.bonus_balance),
      wager: Number(w.wager),
      spins: Number(w.free_spin_count),
      spinWins: Number(w.free_spin_win_amount),
    };
  };
  const answerOf = (trace: Awaited<ReturnType<typeof compareThePaths>>, name: string) =>
    trace.find((t) => t.step === name)!.answer;
  const bonusCostAccount = async () =>
    systemAccountGuid(ctx.database.db, {
      kind: "bonus_cost",
      owner: PLATFORM_OWNER,
      currencyGuid: await currencyGuid(ctx.database, "USD"),
    });
  /** The bonus legs of this player's provider calls, by key suffix. */
  const bonusLegs = async (walletGuid: string) => {
    const [wallet] = await ctx.database.query<{ bonus: string }>(
      "SELECT bonus_account_guid AS bonus FROM wallets WHERE guid = $1",
      [walletGuid],
    );
    const rows = await ctx.database.query<{ key: string; kind: string; debit: string; credit: string; amount: string }>(
      `SELECT l.idempotency_key AS key, l.kind, l.debit_account_guid AS debit, l.credit_account_guid AS credit, l.amount::text
         FROM ledger_transfers l
        WHERE l.idempotency_key LIKE 'house:%:bonus' AND (l.debit_account_guid = $1 OR l.credit_account_guid = $1
              OR l.game_transaction_guid IN (SELECT guid FROM game_transactions WHERE wallet_guid = $2))
        ORDER BY l.created_at, l.idempotency_key`,
      [wallet!.bonus, walletGuid],
    );
    return { bonusAccount: wallet!.bonus, rows };
  };
  const reconciles = async (walletGuids: string[]) => {
    const report = await reconcileLedger(ctx.database.db);
    expect(report.culprits.filter((c) => "wallet_guid" in c && walletGuids.includes(c.wallet_guid))).toEqual([]);
    expect(report.culprits.filter((c) => c.kind === "currency_not_zero")).toEqual([]);
  };

  it("records the bonus on the bet, and a refund after the bonus ended gives nothing to the newer bonus", async () => {
    await warmHouseAccount("USD");
    const slot = await houseFreeSpinGame(ctx.database);
    const wage =
      Number(
        (
          await ctx.database.query<{ wage: string }>("SELECT bonus_wage::text AS wage FROM games WHERE guid = $1", [
            slot.guid,
          ])
        )[0]!.wage,
      ) / 100;
    expect(wage).toBeGreaterThan(0);
    let betBonus: (string | null)[] = [];
    const steps: Step[] = [
      {
        name: "bet under A",
        fast: true,
        status: "OK",
        run: async (p, ids) => {
          const answer = await call("bet", betOf(p, ids, "b1", "5"));
          const [row] = await ctx.database.query<{ bonus: string | null; wallet_bonus: string | null }>(
            `SELECT t.customer_bonus_guid AS bonus, w.customer_bonus_guid AS wallet_bonus
               FROM game_transactions t JOIN wallets w ON w.guid = t.wallet_guid
              WHERE t.provider_code = 'house' AND t.tradeid = $1`,
            [ids("b1")],
          );
          betBonus = [row!.bonus, row!.wallet_bonus];
          return answer;
        },
      },
      switchStep,
      {
        name: "rollback under B",
        fast: false,
        status: "OK",
        run: (p, ids) => call("rollback", rollback(p, ref(ids, "b1"), { transaction_uuid: ids("r1") })),
      },
      { name: "bet under B", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b2", "2")) },
      {
        name: "rollback of B's own bet",
        fast: false,
        status: "OK",
        run: (p, ids) => call("rollback", rollback(p, ref(ids, "b2"), { transaction_uuid: ids("r2") })),
      },
    ];
    const wallets: string[] = [];
    const trace = await compareThePaths(async () => {
      const seat = await underBonusA(slot)();
      wallets.push(seat.walletGuid);
      return seat;
    }, steps);
    // The bet carries the wallet's bonus at the time it was placed.
    expect(betBonus[0]).toBeTruthy();
    expect(betBonus[0]).toBe(betBonus[1]);
    expect(walletOf(trace, "bet under A")).toMatchObject({ cash: 0, bonus: 0 });
    expect(walletOf(trace, "bet under A").wager).toBeCloseTo(100 - 5 * wage, 10);
    expect(walletOf(trace, "A ends, B active")).toMatchObject({ cash: 0, bonus: 3, wager: 50 });
    // The cash comes back; A's 3 of bonus money and A's wagering do not join B.
    expect(walletOf(trace, "rollback under B")).toMatchObject({ cash: 2, bonus: 3, wager: 50 });
    expect(answerOf(trace, "rollback under B")).toMatchObject({ balance: "2.00", bonus_balance: "3.00" });
    // B's own bet still gets its wagering back exactly.
    expect(walletOf(trace, "bet under B").wager).toBeCloseTo(50 - 2 * wage, 10);
    expect(walletOf(trace, "rollback of B's own bet")).toEqual(walletOf(trace, "rollback under B"));

    const cost = await bonusCostAccount();
    for (const walletGuid of wallets) {
      const { bonusAccount, rows } = await bonusLegs(walletGuid);
      const refund = rows.find((r) => r.key.endsWith("-r1:bonus"))!;
      // house → bonus_cost, past the player's bonus account.
      expect(refund).toMatchObject({ kind: "rollback", credit: cost });
      expect(Number(refund.amount)).toBe(3);
      expect(refund.debit).not.toBe(bonusAccount);
    }
    await reconciles(wallets);
  });

  it("pays the bonus-funded part of a win after the bonus ended to bonus_cost, and a free spin's win not at all", async () => {
    await warmHouseAccount("USD");
    const slot = await houseFreeSpinGame(ctx.database);
    const steps: Step[] = [
      {
        name: "free spin under A",
        fast: true,
        status: "OK",
        run: (p, ids) => call("bet", betOf(p, ids, "fs1", "0.25", { is_free_spin: true })),
      },
      { name: "bet under A", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b1", "5")) },
      switchStep,
      {
        name: "win under B",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "b1"), "10", { transaction_uuid: ids("w1") })),
      },
      {
        name: "free spin win under B",
        fast: true,
        status: "OK",
        run: (p, ids) => call("win", win(p, ref(ids, "fs1"), "2", { transaction_uuid: ids("wfs1") })),
      },
    ];
    const wallets: string[] = [];
    const trace = await compareThePaths(async () => {
      const seat = await underBonusA(slot, { count: 1, bet: "0.25" })();
      wallets.push(seat.walletGuid);
      return seat;
    }, steps);
    expect(walletOf(trace, "A ends, B active")).toMatchObject({ cash: 0, bonus: 3, wager: 50, spins: 0, spinWins: 0 });
    // 2 of the 5 staked were cash: 4 of the 10 won is cash. The other 6 were A's bonus money: not B's
    // pocket, and not split by B's 50 % distribution either.
    expect(walletOf(trace, "win under B")).toMatchObject({ cash: 4, bonus: 3, wager: 50 });
    expect(answerOf(trace, "win under B")).toMatchObject({ balance: "4.00", bonus_balance: "3.00" });
    // A's free spin wins nothing for B.
    expect(walletOf(trace, "free spin win under B")).toEqual(walletOf(trace, "win under B"));

    const cost = await bonusCostAccount();
    for (const walletGuid of wallets) {
      const { rows } = await bonusLegs(walletGuid);
      const paid = rows.find((r) => r.key.endsWith("-w1:bonus"))!;
      expect(paid).toMatchObject({ kind: "win", credit: cost });
      expect(Number(paid.amount)).toBe(6);
      expect(rows.find((r) => r.key.endsWith("-wfs1:bonus"))).toBeUndefined();
      // The balance event reports what reached the wallet.
      const events = await ctx.database.query<{
        payload: { operation_type: string; operation_amount: string; balance: string };
      }>(
        `SELECT payload FROM outbox_events
          WHERE type = 'user_balance_updated' AND payload->>'wallet_guid' = $1 AND payload->>'operation_type' = 'win'
          ORDER BY id`,
        [walletGuid],
      );
      expect(events.map((e) => [Number(e.payload.operation_amount), e.payload.balance])).toEqual([
        [4, "4.00"],
        [0, "4.00"],
      ]);
    }
    await reconciles(wallets);
  });

  // A bet placed under A, settled after A ended with no bonus active: whether its bonus-funded money
  // is still the player's depends on how A ended. Forfeited (expired, cancelled, lost): it goes to
  // bonus_cost, so no later bet can spend it before the late-money sweep would forfeit it. Completed:
  // it goes to the bonus pocket, for the late-money sweep to convert.
  /** Ends the active bonus as the engine does, leaving no bonus active (nothing left in the pocket here). */
  const endBonusA = async (p: Player, status: "completed" | "expired" | "cancelled" | "lost") => {
    const ended = await bonusOf(p.walletGuid);
    await ctx.database.query(
      "UPDATE customer_bonuses SET status = $2, finished_at = now() WHERE guid = $1 AND status = 'active'",
      [ended, status],
    );
    await ctx.database.query(
      `UPDATE wallets SET customer_bonus_guid = NULL, customer_bonus_expire_date = NULL, wager = 0, bonus_threshold = NULL,
              winnings_distribution_percent = NULL, deposit_defer = false, free_spin_count = 0, free_spin_total = 0,
              free_spin_bet = NULL
        WHERE guid = $1 AND customer_bonus_guid = $2`,
      [p.walletGuid, ended],
    );
    return balanceOf(p);
  };
  /** Under A: a bet of 4 (2 cash, 2 bonus), a free spin and a bet of 1 (bonus); A ends; b1 refunded, b2 and the free spin win. */
  const settleAfterAEnded = (status: "completed" | "expired" | "cancelled" | "lost"): Step[] => [
    { name: "bet under A", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b1", "4")) },
    {
      name: "free spin under A",
      fast: true,
      status: "OK",
      run: (p, ids) => call("bet", betOf(p, ids, "fs1", "0.25", { is_free_spin: true })),
    },
    { name: "bonus bet under A", fast: true, status: "OK", run: (p, ids) => call("bet", betOf(p, ids, "b2", "1")) },
    { name: "A ends", fast: false, status: "OK", run: (p) => endBonusA(p, status) },
    {
      name: "rollback, no bonus active",
      fast: false,
      status: "OK",
      run: (p, ids) => call("rollback", rollback(p, ref(ids, "b1"), { transaction_uuid: ids("r1") })),
    },
    {
      name: "win, no bonus active",
      fast: true,
      status: "OK",
      run: (p, ids) => call("win", win(p, ref(ids, "b2"), "3", { transaction_uuid: ids("w2") })),
    },
    {
      name: "free spin win, no bonus active",
      fast: true,
      status: "OK",
      run: (p, ids) => call("win", win(p, ref(ids, "fs1"), "2", { transaction_uuid: ids("wfs1") })),
    },
  ];

  it.each(["expired", "cancelled", "lost"] as const)(
    "pays a refund or win of a bet whose bonus was then %s to bonus_cost, never into the pocket",
    async (status) => {
      await warmHouseAccount("USD");
      const slot = await houseFreeSpinGame(ctx.database);
      const wallets: string[] = [];
      const trace = await compareThePaths(async () => {
        const seat = await underBonusA(slot, { count: 1, bet: "0.25" })();
        wallets.push(seat.walletGuid);
        return seat;
      }, settleAfterAEnded(status));
      expect(walletOf(trace, "bonus bet under A")).toMatchObject({ cash: 0, bonus: 0 });
      expect(walletOf(trace, "A ends")).toMatchObject({ cash: 0, bonus: 0, wager: 0, spins: 0 });
      // The cash part comes back; A's forfeited bonus money does not.
      expect(walletOf(trace, "rollback, no bonus active")).toMatchObject({ cash: 2, bonus: 0, wager: 0, spins: 0 });
      expect(answerOf(trace, "rollback, no bonus active")).toMatchObject({ balance: "2.00", bonus_balance: "0.00" });
      // b2 was all bonus money: its win is not the player's either, nor is the free spin's.
      expect(walletOf(trace, "win, no bonus active")).toMatchObject({ cash: 2, bonus: 0 });
      expect(walletOf(trace, "free spin win, no bonus active")).toMatchObject({ cash: 2, bonus: 0, spinWins: 0 });

      const cost = await bonusCostAccount();
      for (const walletGuid of wallets) {
        const { bonusAccount, rows } = await bonusLegs(walletGuid);
        const refund = rows.find((r) => r.key.endsWith("-r1:bonus"))!;
        expect(refund).toMatchObject({ kind: "rollback", credit: cost });
        expect(refund.debit).not.toBe(bonusAccount);
        expect(Number(refund.amount)).toBe(2);
        const paid = rows.find((r) => r.key.endsWith("-w2:bonus"))!;
        expect(paid).toMatchObject({ kind: "win", credit: cost });
        expect(Number(paid.amount)).toBe(3);
        expect(rows.find((r) => r.key.endsWith("-wfs1:bonus"))).toBeUndefined();
        const [gt] = await ctx.database.query<{ info: Record<string, unknown> }>(
          "SELECT info FROM game_transactions WHERE wallet_guid = $1 AND tradeid LIKE '%-r1'",
          [walletGuid],
        );
        expect(gt!.info).toMatchObject({ bonus_to: "bonus_cost" });
      }
      await reconciles(wallets);
    },
  );

  it("pays a refund or win of a bet whose bonus then completed into the bonus pocket, for the late-money sweep", async () => {
    await warmHouseAccount("USD");
    const slot = await houseFreeSpinGame(ctx.database);
    const wallets: string[] = [];
    const trace = await compareThePaths(async () => {
      const seat = await underBonusA(slot, { count: 1, bet: "0.25" })();
      wallets.push(seat.walletGuid);
      return seat;
    }, settleAfterAEnded("completed"));
    expect(walletOf(trace, "A ends")).toMatchObject({ cash: 0, bonus: 0, wager: 0 });
    // No wagering or free spin comes back (A is over), but its bonus money is the player's still.
    expect(walletOf(trace, "rollback, no bonus active")).toMatchObject({ cash: 2, bonus: 2, wager: 0, spins: 0 });
    expect(answerOf(trace, "rollback, no bonus active")).toMatchObject({ balance: "2.00", bonus_balance: "2.00" });
    expect(walletOf(trace, "win, no bonus active")).toMatchObject({ cash: 2, bonus: 5 });
    expect(walletOf(trace, "free spin win, no bonus active")).toMatchObject({ cash: 2, bonus: 7, spinWins: 2 });

    for (const walletGuid of wallets) {
      const { bonusAccount, rows } = await bonusLegs(walletGuid);
      expect(rows.find((r) => r.key.endsWith("-r1:bonus"))).toMatchObject({ kind: "rollback", credit: bonusAccount });
      expect(rows.find((r) => r.key.endsWith("-w2:bonus"))).toMatchObject({ kind: "win", credit: bonusAccount });
      expect(rows.find((r) => r.key.endsWith("-wfs1:bonus"))).toMatchObject({
        kind: "free_spin_win",
        credit: bonusAccount,
      });
    }
    await reconciles(wallets);
  });
});
