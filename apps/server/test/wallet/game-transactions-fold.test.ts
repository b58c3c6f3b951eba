import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "@croupier/db/create-database";
import { migrate } from "@croupier/db/migrate";
import { seed } from "@croupier/db/seed/seed";
import { migrationsFolder } from "@croupier/db/sql-functions";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";
import { systemAccountGuid } from "../../src/modules/ledger/ledger-accounts.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import {
  callFingerprint,
  fingerprintFields,
  TOMBSTONE_FINGERPRINT,
} from "../../src/modules/provider-wallet/fingerprint.ts";
import {
  activateTestBonus,
  bet,
  providerCall,
  rollback,
  seatPlayer,
  walletState,
  win,
  type Seat,
} from "./wallet-helpers.ts";

// Migration 0042 (ADR 040) folds provider_transactions into game_transactions. An installation that
// played before it must keep answering replays and refunding old bets exactly as before: this suite
// builds a database at migration 0041, plays through the wallet functions of that schema (and writes
// the claims without money as the server of that schema did), migrates to the latest, then talks to
// the real app over the provider protocol. On PGlite and on PostgreSQL (TEST_DATABASE_URL).

const FOLD_MIGRATION = "0042_game_transactions_fold";

let database: DatabaseHandle;
let app: App;
let dropDatabase: () => Promise<void> = async () => {};
let tempFolder: string;

/** A copy of the migrations up to (not including) the fold: what an installation ran before it. */
function migrationsBeforeFold(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "croupier-before-fold-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const foldIdx = journal.entries.find((e) => e.tag === FOLD_MIGRATION)!.idx;
  const entries = journal.entries.filter((e) => e.idx < foldIdx);
  for (const entry of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

async function openDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return createDatabase({});
  const name = `croupier_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  dropDatabase = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return createDatabase({ url: url.toString(), poolMax: 10 });
}

type OldCall = { method: "bet" | "win" | "rollback"; request: Record<string, unknown> };

/** One call through provider_wallet_calls as the server of schema 0041 sent it (run-money-call.ts). */
async function oldMoneyCall(seat: Seat, call: OldCall): Promise<Record<string, unknown>> {
  const [session] = await database.query<{ guid: string; customer_guid: string; game_guid: string | null }>(
    "SELECT guid, customer_guid, game_guid FROM game_sessions WHERE wallet_guid = $1",
    [seat.walletGuid],
  );
  const [wallet] = await database.query<{ currency_guid: string }>(
    "SELECT currency_guid FROM wallets WHERE guid = $1",
    [seat.walletGuid],
  );
  const house = await systemAccountGuid(database.db, {
    kind: "house_game",
    owner: "house",
    currencyGuid: wallet!.currency_guid,
  });
  const request = call.request as {
    transaction_uuid: string;
    round_id: string;
    amount?: string;
    round_closed?: boolean;
  };
  const fingerprint = callFingerprint({
    ...fingerprintFields(call as never),
    playerGuid: session!.customer_guid,
    walletGuid: seat.walletGuid,
  });
  const payload = {
    i: 0,
    method: call.method,
    provider_code: "house",
    transaction_uuid: request.transaction_uuid,
    fingerprint,
    wallet_guid: seat.walletGuid,
    session_guid: session!.guid,
    game_code: seat.gameCode,
    game_guid: session!.game_guid,
    round_id: request.round_id,
    round_closed: request.round_closed ?? false,
    reference_uuid: (call.request.reference_transaction_uuid as string | undefined) ?? null,
    play_amount: request.amount ?? null,
    decimals: 2,
    play_decimals: 2,
    exchange_guid: null,
    exchange_price: null,
    house_account: house,
    announce: true,
    free_spin: false,
    max_bet: "1000000",
    max_bonus_bet: "1000000",
    bonus_wage: "100",
    bonus_play_allowed: true,
    bonus_counterparty: house,
    can_free_spin: false,
  };
  const rows = await database.query<{ answer: Record<string, unknown> }>(
    "SELECT provider_wallet_calls($1::jsonb) AS answer",
    [JSON.stringify([payload])],
  );
  expect(rows[0]!.answer).toMatchObject({ applied: true });
  return rows[0]!.answer;
}

/** A rollback that moved nothing, as rollback-bet.ts wrote it before the fold (recordWithoutMoney). */
async function oldClaimWithoutMoney(
  request: { transaction_uuid: string; reference_transaction_uuid: string; round_id: string },
  walletGuid: string | null,
  fingerprint: string,
  tombstone: boolean,
) {
  await database.query(
    `WITH tombstone AS (
       INSERT INTO provider_transactions (provider_code, transaction_uuid, method, status, fingerprint, wallet_guid, round_id)
       SELECT 'house', $2, 'tombstone', 'tombstone', $6, $4::uuid, $3 WHERE $7::boolean
       RETURNING transaction_uuid)
     INSERT INTO provider_transactions (provider_code, transaction_uuid, method, status, fingerprint, wallet_guid, round_id,
                                        reference_uuid, amount, cash_amount, bonus_amount, balance_after, bonus_balance_after)
     SELECT 'house', $1, 'rollback', 'accepted', $5, w.guid, $3, $2, 0, 0, 0, w.balance, w.bonus_balance
       FROM (SELECT 1) one LEFT JOIN wallets w ON w.guid = $4::uuid`,
    [
      request.transaction_uuid,
      request.reference_transaction_uuid,
      request.round_id,
      walletGuid,
      fingerprint,
      TOMBSTONE_FINGERPRINT,
      tombstone,
    ],
  );
}

const withoutToken = <T extends { token?: string }>(body: T): Omit<T, "token"> => {
  const { token: _token, ...rest } = body;
  return rest;
};

// Played before the fold, checked after it.
let cashSeat: Seat;
let bonusSeat: Seat;
const before = {} as {
  paid: ReturnType<typeof bet>;
  paidWin: ReturnType<typeof win>;
  refunded: ReturnType<typeof bet>;
  refundedRollback: ReturnType<typeof rollback>;
  standing: ReturnType<typeof bet>;
  bonusBet: ReturnType<typeof bet>;
  ghostRollback: ReturnType<typeof rollback>;
  tokenlessGhostRollback: Omit<ReturnType<typeof rollback>, "token">;
  providerRows: Record<string, unknown>[];
  wager: string;
};

beforeAll(async () => {
  database = await openDatabase();
  tempFolder = migrationsBeforeFold();
  if (database.kind === "pglite") await migratePglite(database.db as never, { migrationsFolder: tempFolder });
  else await migratePg(database.db as never, { migrationsFolder: tempFolder });
  await seed(database.db, { demo: true });

  cashSeat = await seatPlayer(database, { cash: "100" });
  before.paid = bet(cashSeat, "10");
  await oldMoneyCall(cashSeat, { method: "bet", request: before.paid });
  before.paidWin = win(cashSeat, before.paid, "25", { round_closed: true });
  await oldMoneyCall(cashSeat, { method: "win", request: before.paidWin });
  before.refunded = bet(cashSeat, "5");
  await oldMoneyCall(cashSeat, { method: "bet", request: before.refunded });
  before.refundedRollback = rollback(cashSeat, before.refunded);
  await oldMoneyCall(cashSeat, { method: "rollback", request: before.refundedRollback });
  before.standing = bet(cashSeat, "4");
  await oldMoneyCall(cashSeat, { method: "bet", request: before.standing });
  // A rollback of a bet never seen (with the token: the wallet is known), and one without a token.
  before.ghostRollback = rollback(cashSeat, bet(cashSeat, "1"));
  const [player] = await database.query<{ customer_guid: string }>(
    "SELECT customer_guid FROM wallets WHERE guid = $1",
    [cashSeat.walletGuid],
  );
  await oldClaimWithoutMoney(
    before.ghostRollback,
    cashSeat.walletGuid,
    callFingerprint({
      ...fingerprintFields({ method: "rollback", request: before.ghostRollback as never }),
      playerGuid: player!.customer_guid,
      walletGuid: cashSeat.walletGuid,
    }),
    true,
  );
  before.tokenlessGhostRollback = withoutToken(rollback(cashSeat, bet(cashSeat, "1")));
  await oldClaimWithoutMoney(
    before.tokenlessGhostRollback,
    null,
    callFingerprint({
      ...fingerprintFields({ method: "rollback", request: before.tokenlessGhostRollback as never }),
      playerGuid: null,
      walletGuid: null,
    }),
    true,
  );

  // A bet funded partly by bonus money under an active bonus: its split, wagering and bonus must survive.
  bonusSeat = await seatPlayer(database, { cash: "3", bonus: "20" });
  await activateTestBonus(database, bonusSeat.walletGuid, { wager: "50" });
  before.bonusBet = bet(bonusSeat, "8");
  await oldMoneyCall(bonusSeat, { method: "bet", request: before.bonusBet });
  const [bonusWallet] = await database.query<{ wager: string }>(
    "SELECT wager::text AS wager FROM wallets WHERE guid = $1",
    [bonusSeat.walletGuid],
  );
  before.wager = bonusWallet!.wager;

  before.providerRows = await database.query<Record<string, unknown>>(
    "SELECT to_jsonb(p) - 'created_at' - 'updated_at' AS row FROM provider_transactions p ORDER BY transaction_uuid",
  );

  await migrate(database);
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false", DEMO_MODE: "true" });
  app = await buildApp({ env, database: database as never, logger: false });
  await app.ready();
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await dropDatabase();
  if (tempFolder) fs.rmSync(tempFolder, { recursive: true, force: true });
});

describe("migration 0042: provider_transactions folded into game_transactions", () => {
  it("moves every provider transaction: the same state, fingerprint, split and answers, one key space", async () => {
    expect(before.providerRows.length).toBe(10);
    const tables = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'provider_transactions'",
    );
    expect(tables[0]!.n).toBe(0);
    // What the provider transaction said, read back from the merged row exactly as the wallet reads it.
    const merged = await database.query<{ row: Record<string, unknown> }>(
      `SELECT jsonb_build_object(
                'provider_code', g.provider_code, 'transaction_uuid', g.tradeid,
                'method', CASE g.operation WHEN 'void_rollback' THEN 'rollback' ELSE g.operation END,
                'status', g.status, 'fingerprint', g.fingerprint, 'wallet_guid', g.wallet_guid, 'round_id', g.betid,
                'amount', CASE g.operation WHEN 'bet' THEN g.bet_sum WHEN 'tombstone' THEN NULL ELSE g.win END,
                'bet_cash_amount', CASE WHEN g.operation <> 'bet' THEN NULL WHEN g.freespin THEN 0 ELSE g.bet_sum - g.bonus_bet END,
                'bet_bonus_amount', CASE WHEN g.operation = 'bet' THEN g.bonus_bet END,
                'wager_contribution', g.wager_contribution, 'free_spin', g.freespin,
                'customer_bonus_guid', g.customer_bonus_guid,
                'game_transaction_guid', CASE WHEN g.operation IN ('bet', 'win', 'rollback') THEN g.guid END,
                'balance_after', g.balance_after - g.bonus_balance_after, 'bonus_balance_after', g.bonus_balance_after) AS row
         FROM game_transactions g ORDER BY g.tradeid`,
    );
    const expected = before.providerRows.map((r) => {
      const p = (r as { row: Record<string, unknown> }).row;
      return {
        provider_code: p.provider_code,
        transaction_uuid: p.transaction_uuid,
        method: p.method,
        status: p.status,
        fingerprint: p.fingerprint,
        wallet_guid: p.wallet_guid,
        round_id: p.round_id,
        amount: p.amount,
        bet_cash_amount: p.method === "bet" ? p.cash_amount : null,
        bet_bonus_amount: p.method === "bet" ? p.bonus_amount : null,
        // Only a bet's contribution is ever read (its refund gives it back).
        wager_contribution: p.method === "bet" ? p.wager_contribution : undefined,
        free_spin: p.free_spin,
        customer_bonus_guid: p.customer_bonus_guid,
        game_transaction_guid: p.game_transaction_guid,
        balance_after: p.balance_after,
        bonus_balance_after: p.bonus_balance_after,
      };
    });
    const got = merged.map(({ row }) => (row.method === "bet" ? row : { ...row, wager_contribution: undefined }));
    expect(JSON.parse(JSON.stringify(got))).toEqual(JSON.parse(JSON.stringify(expected)));
    // The bonus bet really worked off wagering and carried its bonus (not a vacuous comparison).
    const bonusRow = before.providerRows
      .map((r) => (r as { row: Record<string, unknown> }).row)
      .find((p) => p.transaction_uuid === before.bonusBet.transaction_uuid)!;
    expect(Number(bonusRow.wager_contribution)).toBeGreaterThan(0);
    expect(bonusRow.customer_bonus_guid).not.toBeNull();
    expect(Number(bonusRow.bonus_amount)).toBeGreaterThan(0);
  });

  it("keeps the claims without money out of every reader that selects by player", async () => {
    const rows = await database.query<{ operation: string; user_guid: string | null; session_id: string | null }>(
      "SELECT operation, user_guid, session_id FROM game_transactions WHERE operation NOT IN ('bet', 'win', 'rollback') ORDER BY operation",
    );
    expect(rows.map((r) => r.operation)).toEqual(["tombstone", "tombstone", "void_rollback", "void_rollback"]);
    expect(rows.every((r) => r.user_guid === null && r.session_id === null)).toBe(true);
    const [visible] = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM game_transactions WHERE user_guid = $1",
      [cashSeat.playerGuid],
    );
    // paid, its win, refunded, its rollback, standing.
    expect(visible!.n).toBe(5);
  });

  it("answers replays of calls made before it byte for byte, and refuses changed repeats", async () => {
    expect(await providerCall(app, "bet", before.paid)).toMatchObject({
      status: "OK",
      currency: "USD",
      balance: "90.00",
      bonus_balance: "0.00",
    });
    expect(await providerCall(app, "win", before.paidWin)).toMatchObject({
      status: "OK",
      balance: "115.00",
      bonus_balance: "0.00",
    });
    expect(await providerCall(app, "rollback", before.refundedRollback)).toMatchObject({
      status: "OK",
      balance: "115.00",
    });
    expect((await providerCall(app, "bet", { ...before.paid, amount: "11" })).status).toBe("DUPLICATE_TRANSACTION");
    expect((await providerCall(app, "win", { ...before.paidWin, amount: "26" })).status).toBe("DUPLICATE_TRANSACTION");
    // The claims without money: a rollback replayed answers as before, its tombstoned bet can never land.
    expect(await providerCall(app, "rollback", before.ghostRollback)).toMatchObject({
      status: "OK",
      balance: "111.00",
    });
    expect(
      await providerCall(app, "bet", {
        ...bet(cashSeat, "1"),
        transaction_uuid: before.ghostRollback.reference_transaction_uuid,
      }),
    ).toMatchObject({ status: "TRANSACTION_ROLLED_BACK" });
    expect(await providerCall(app, "rollback", before.tokenlessGhostRollback)).toMatchObject({
      status: "OK",
      currency: null,
      balance: null,
    });
    expect(
      await providerCall(app, "bet", {
        ...bet(cashSeat, "1"),
        transaction_uuid: before.tokenlessGhostRollback.reference_transaction_uuid,
      }),
    ).toMatchObject({ status: "TRANSACTION_ROLLED_BACK" });
    expect(await walletState(database, cashSeat.walletGuid)).toMatchObject({ balance: "111.00" });
  });

  it("pays and refunds bets placed before it as they were funded", async () => {
    // A second rollback of the bet already refunded moves nothing (a void rollback now).
    const again = rollback(cashSeat, before.refunded);
    expect(await providerCall(app, "rollback", again)).toMatchObject({ status: "OK", balance: "111.00" });
    expect(await providerCall(app, "win", win(cashSeat, before.refunded, "3"))).toMatchObject({
      status: "TRANSACTION_ROLLED_BACK",
    });
    // The bet still standing is refunded.
    expect(await providerCall(app, "rollback", rollback(cashSeat, before.standing))).toMatchObject({
      status: "OK",
      balance: "115.00",
    });
    // The bonus bet (3 cash + 5 bonus) refunds cash to cash, bonus to bonus, and gives its wagering back.
    expect(await walletState(database, bonusSeat.walletGuid)).toMatchObject({
      balance: "0.00",
      bonus_balance: "15.00",
    });
    expect(await providerCall(app, "rollback", rollback(bonusSeat, before.bonusBet))).toMatchObject({
      status: "OK",
      balance: "3.00",
      bonus_balance: "20.00",
    });
    const [wallet] = await database.query<{ wager: string }>(
      "SELECT wager::text AS wager FROM wallets WHERE guid = $1",
      [bonusSeat.walletGuid],
    );
    expect(Number(wallet!.wager)).toBeGreaterThan(Number(before.wager));
    expect(Number(wallet!.wager)).toBe(50);
  });

  it("takes new calls on the folded table, and the books stay clean", async () => {
    const placed = bet(cashSeat, "7");
    expect(await providerCall(app, "bet", placed)).toMatchObject({ status: "OK", balance: "108.00" });
    expect(await providerCall(app, "win", win(cashSeat, placed, "2", { round_closed: true }))).toMatchObject({
      status: "OK",
      balance: "110.00",
    });
    const report = await reconcileLedger(database.db);
    expect(report.culprits).toEqual([]);
    for (const currency of report.currencies) expect(currency.sum).toMatch(/^-?0(\.0+)?$/);
  });
});
