import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "@croupier/db/seed/seed";
import { PLATFORM_OWNER, systemAccountGuid } from "../../src/modules/ledger/ledger-accounts.ts";
import { moveWalletMoney } from "../../src/modules/ledger/move-wallet-money.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createPlayer, deposit, hasPostgres, openWallet, walletState } from "./wallet-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe("ledger", () => {
  it("refuses to update, delete or truncate ledger rows, and to re-point a wallet at other accounts", async () => {
    const player = await createPlayer(ctx.database);
    const wallet = await openWallet(ctx.database, player);
    await deposit(ctx.database, wallet.guid, "5");
    await expect(ctx.database.query("UPDATE ledger_transfers SET amount = amount * 2")).rejects.toThrow(/immutable/);
    await expect(ctx.database.query("DELETE FROM ledger_transfers")).rejects.toThrow(/immutable/);
    await expect(ctx.database.query("TRUNCATE ledger_transfers CASCADE")).rejects.toThrow(/immutable/);
    await expect(ctx.database.query("DELETE FROM ledger_accounts")).rejects.toThrow(/immutable/);
    await expect(
      ctx.database.query("UPDATE wallets SET cash_account_guid = bonus_account_guid WHERE guid = $1", [wallet.guid]),
    ).rejects.toThrow(/immutable/);
    await expect(ctx.database.query("DELETE FROM wallets WHERE guid = $1", [wallet.guid])).rejects.toThrow(/immutable/);
    // The CHECK constraint is the last line: even a hand-written overdraft fails.
    await expect(
      ctx.database.query("UPDATE wallets SET balance = balance - 6 WHERE guid = $1", [wallet.guid]),
    ).rejects.toThrow(/check/i);
  });

  it("refuses a transfer naming an account that does not exist, or exists in another currency", async () => {
    const player = await createPlayer(ctx.database);
    const opened = await openWallet(ctx.database, player);
    const [wallet] = await ctx.database.query<{ guid: string; currency_guid: string; cash_account_guid: string }>(
      "SELECT guid, currency_guid, cash_account_guid FROM wallets WHERE guid = $1",
      [opened.guid],
    );
    if (!wallet) throw new Error("no wallet");
    const [other] = await ctx.database.query<{ guid: string }>("SELECT guid FROM currencies WHERE guid <> $1 LIMIT 1", [
      wallet.currency_guid,
    ]);
    const foreign = await systemAccountGuid(ctx.database.db, {
      kind: "payment_clearing",
      owner: PLATFORM_OWNER,
      currencyGuid: other!.guid,
    });
    const clearing = await systemAccountGuid(ctx.database.db, {
      kind: "payment_clearing",
      owner: PLATFORM_OWNER,
      currencyGuid: wallet.currency_guid,
    });
    const transfer = (key: string, debit: string, credit: string) =>
      ctx.database.query(
        `INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount)
         VALUES ($1, 'correction', $2, $3, $4, 1)`,
        [key, wallet.currency_guid, debit, credit],
      );
    const missing = "00000000-0000-4000-8000-000000000000";
    await expect(transfer(`bad-debit:${wallet.guid}`, missing, wallet.cash_account_guid)).rejects.toMatchObject({
      code: "23503",
    });
    await expect(transfer(`bad-credit:${wallet.guid}`, clearing, missing)).rejects.toMatchObject({ code: "23503" });
    await expect(transfer(`bad-currency:${wallet.guid}`, foreign, wallet.cash_account_guid)).rejects.toMatchObject({
      code: "23503",
    });
    // One bad row refuses the whole statement: nothing of it stays.
    await expect(
      ctx.database.query(
        `INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount)
         VALUES ($1, 'correction', $3, $4, $5, 1), ($2, 'correction', $3, $4, $6, 1)`,
        [
          `good:${wallet.guid}`,
          `bad:${wallet.guid}`,
          wallet.currency_guid,
          clearing,
          wallet.cash_account_guid,
          missing,
        ],
      ),
    ).rejects.toMatchObject({ code: "23503" });
    const [left] = await ctx.database.query<{ n: string }>(
      "SELECT count(*) AS n FROM ledger_transfers WHERE idempotency_key LIKE $1",
      [`%:${wallet.guid}`],
    );
    expect(Number(left!.n)).toBe(0);
  });

  it("moves money idempotently: a replay moves nothing, the same key with other parameters is refused", async () => {
    const player = await createPlayer(ctx.database);
    const wallet = await openWallet(ctx.database, player);
    const clearing = await systemAccountGuid(ctx.database.db, {
      kind: "payment_clearing",
      owner: PLATFORM_OWNER,
      currencyGuid: wallet.currency_guid,
    });
    const input = {
      walletGuid: wallet.guid,
      pocket: "balance" as const,
      direction: "credit" as const,
      amount: "25.5",
      counterpartyAccountGuid: clearing,
      kind: "deposit" as const,
      idempotencyKey: `deposit:${wallet.guid}:1`,
      operationType: "deposit",
    };
    expect((await moveWalletMoney(ctx.database.db, input)).status).toBe("applied");
    expect(await moveWalletMoney(ctx.database.db, { ...input, amount: "25.50" })).toMatchObject({
      status: "replayed",
      balance: expect.stringMatching(/^25\.5/),
    });
    expect((await moveWalletMoney(ctx.database.db, { ...input, amount: "26" })).status).toBe("idempotency_conflict");
    expect((await moveWalletMoney(ctx.database.db, { ...input, direction: "debit" })).status).toBe(
      "idempotency_conflict",
    );
    const [count] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = $1",
      [input.idempotencyKey],
    );
    expect(count!.n).toBe(1);
    expect((await walletState(ctx.database, wallet.guid)).balance).toBe("25.50");

    // Withdrawals draw on cash only, and never below zero.
    const withdrawal = {
      ...input,
      direction: "debit" as const,
      kind: "withdrawal" as const,
      operationType: "withdrawal",
    };
    expect((await moveWalletMoney(ctx.database.db, { ...withdrawal, amount: "30", idempotencyKey: "w1" })).status).toBe(
      "insufficient_funds",
    );
    expect((await moveWalletMoney(ctx.database.db, { ...withdrawal, amount: "20", idempotencyKey: "w2" })).status).toBe(
      "applied",
    );
    expect((await walletState(ctx.database, wallet.guid)).balance).toBe("5.50");
  });

  it("funds the demo player's USD and EUR wallets through deposits, idempotently", async () => {
    const rows = await ctx.database.query<{ code: string; balance: string; is_active: boolean; transfers: number }>(
      `SELECT c.code, round(w.balance, 2)::text AS balance, w.is_active,
              (SELECT count(*)::int FROM ledger_transfers t WHERE t.credit_account_guid = w.cash_account_guid AND t.kind = 'deposit') AS transfers
         FROM wallets w JOIN users u ON u.guid = w.customer_guid JOIN currencies c ON c.guid = w.currency_guid
        WHERE u.email = 'demo@example.com' ORDER BY c.code`,
    );
    expect(rows).toEqual([
      { code: "EUR", balance: "500.00", is_active: false, transfers: 1 },
      { code: "USD", balance: "1000.00", is_active: true, transfers: 1 },
    ]);
    await seed(ctx.database.db, { demo: true });
    const again = await ctx.database.query<{ balance: string }>(
      "SELECT round(w.balance, 2)::text AS balance FROM wallets w JOIN users u ON u.guid = w.customer_guid WHERE u.email = 'demo@example.com' ORDER BY w.balance",
    );
    expect(again.map((r) => r.balance)).toEqual(["500.00", "1000.00"]);
  });

  it("reconciliation is clean on honest data and names a tampered wallet", async () => {
    expect((await reconcileLedger(ctx.database.db)).culprits).toEqual([]);
    const player = await createPlayer(ctx.database);
    const wallet = await openWallet(ctx.database, player, "EUR");
    await deposit(ctx.database, wallet.guid, "10");
    // A balance written directly, bypassing the ledger.
    await ctx.database.query("UPDATE wallets SET bonus_balance = bonus_balance + 3 WHERE guid = $1", [wallet.guid]);
    const report = await reconcileLedger(ctx.database.db);
    expect(report.ok).toBe(false);
    expect(report.culprits).toEqual([
      expect.objectContaining({
        kind: "wallet_mismatch",
        wallet_guid: wallet.guid,
        currency: "EUR",
        pocket: "bonus_balance",
      }),
    ]);
    await ctx.database.query("UPDATE wallets SET bonus_balance = bonus_balance - 3 WHERE guid = $1", [wallet.guid]);
    expect((await reconcileLedger(ctx.database.db)).ok).toBe(true);
  });
});

describe.skipIf(!hasPostgres)("npm run reconcile (PostgreSQL)", () => {
  const run = promisify(execFile);
  const cli = path.resolve(import.meta.dirname, "../../src/cli/reconcile.ts");
  const tsx = path.resolve(import.meta.dirname, "../../../../node_modules/.bin/tsx");
  const databaseUrl = () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${ctx.database.name}`;
    return url.toString();
  };

  it("exits 0 when clean and 1 naming the culprit when a wallet disagrees with its ledger", async () => {
    const clean = await run(tsx, [cli], { env: { ...process.env, DATABASE_URL: databaseUrl(), NODE_ENV: "test" } });
    expect(clean.stdout).toContain("Ledger reconciled");
    const player = await createPlayer(ctx.database);
    const wallet = await openWallet(ctx.database, player, "GBP");
    await deposit(ctx.database, wallet.guid, "10");
    await ctx.database.query("UPDATE wallets SET balance = balance - 1 WHERE guid = $1", [wallet.guid]);
    const failed = await run(tsx, [cli], {
      env: { ...process.env, DATABASE_URL: databaseUrl(), NODE_ENV: "test" },
    }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain(`wallet ${wallet.guid} (GBP) balance`);
    await ctx.database.query("UPDATE wallets SET balance = balance + 1 WHERE guid = $1", [wallet.guid]);
  });
});
