import { sql } from "drizzle-orm";
import type { Db } from "../create-database.ts";

/** Each demo player's deposits; the first is the active wallet. The second player exists for shared live tables. */
const DEMO_PLAYERS = [
  {
    email: "demo@example.com",
    deposits: [
      { currency: "USD", amount: "1000", key: "seed:demo-deposit:USD" },
      { currency: "EUR", amount: "500", key: "seed:demo-deposit:EUR" },
    ],
  },
  { email: "demo2@example.com", deposits: [{ currency: "USD", amount: "1000", key: "seed:demo-2-deposit:USD" }] },
] as const;

type Executor = Pick<Db, "execute">;
const rowsOf = async <T>(tx: Executor, statement: ReturnType<typeof sql>) =>
  ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;

/**
 * The demo players' wallets (demo: USD active and EUR; demo2: USD), funded the way real money
 * arrives: a deposit transfer from the payment clearing account, written in
 * the same statement as the wallet's cached balance. Never a balance written
 * directly, so `npm run reconcile` holds on a fresh development database.
 * Idempotent: the deposit's idempotency key makes a re-run move nothing.
 * (Mirrors apps/server/src/modules/ledger; the db package cannot import the server.)
 */
export async function seedWalletDemo(db: Db): Promise<void> {
  for (const { email, deposits } of DEMO_PLAYERS) await seedPlayerWallets(db, email, deposits);
}

async function seedPlayerWallets(db: Db, email: string, deposits: readonly { currency: string; amount: string; key: string }[]): Promise<void> {
  const [player] = await rowsOf<{ guid: string }>(db, sql`SELECT guid FROM users WHERE lower(email) = ${email}`);
  if (!player) return;
  for (const { currency, amount, key } of deposits) {
    await db.transaction(async (tx) => {
      const [cur] = await rowsOf<{ guid: string }>(tx, sql`SELECT guid FROM currencies WHERE code = ${currency}`);
      if (!cur) return;
      const account = async (kind: string, owner: string) => {
        await tx.execute(
          sql`INSERT INTO ledger_accounts (kind, owner, currency_guid) VALUES (${kind}, ${owner}, ${cur.guid}::uuid)
              ON CONFLICT (owner, kind, currency_guid) DO NOTHING`,
        );
        const [row] = await rowsOf<{ guid: string }>(
          tx,
          sql`SELECT guid FROM ledger_accounts WHERE kind = ${kind} AND owner = ${owner} AND currency_guid = ${cur.guid}::uuid`,
        );
        return row!.guid;
      };
      const cash = await account("player_cash", player.guid);
      const bonus = await account("player_bonus", player.guid);
      const deferred = await account("player_deferred_bonus", player.guid);
      const clearing = await account("payment_clearing", "platform");
      await tx.execute(
        sql`INSERT INTO wallets (customer_guid, currency_guid, cash_account_guid, bonus_account_guid, deferred_bonus_account_guid, is_active)
            VALUES (${player.guid}::uuid, ${cur.guid}::uuid, ${cash}::uuid, ${bonus}::uuid, ${deferred}::uuid,
                    NOT EXISTS (SELECT 1 FROM wallets WHERE customer_guid = ${player.guid}::uuid AND is_active))
            ON CONFLICT (customer_guid, currency_guid) DO NOTHING`,
      );
      await tx.execute(
        sql`WITH deposit AS (
              INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount)
              VALUES (${key}, 'deposit', ${cur.guid}::uuid, ${clearing}::uuid, ${cash}::uuid, ${amount}::numeric)
              ON CONFLICT (idempotency_key) DO NOTHING
              RETURNING amount)
            UPDATE wallets w SET balance = w.balance + deposit.amount, updated_at = now()
              FROM deposit WHERE w.cash_account_guid = ${cash}::uuid`,
      );
    });
  }
}
