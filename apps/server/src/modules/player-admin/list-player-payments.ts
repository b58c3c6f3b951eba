import { sql } from "drizzle-orm";
import type { PageQuery, PlayerPaymentsPage } from "@croupier/contract/backoffice/players";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { afterCursor, cursorTime, pageFrom } from "./keyset-cursor.ts";

type Row = {
  guid: string;
  id: string;
  transaction_type: "deposit" | "withdrawal";
  status: string;
  amount: string;
  fee: string;
  currency: string;
  decimals: number;
  payment_system: string;
  method: string | null;
  card_brand: string | null;
  card_last4: string | null;
  external_id: string | null;
  network: string | null;
  external_account: string | null;
  is_test: boolean;
  created_at: string;
  updated_at: string;
};

/** GET /players/:id/payments: deposits and withdrawals, newest first (a saved card shows as brand and last 4 only). */
export async function listPlayerPayments(
  db: SqlExecutor,
  playerId: string,
  query: PageQuery,
): Promise<PlayerPaymentsPage> {
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT p.guid, p.id::text AS id, p.transaction_type, p.status, trim_scale(p.amount)::text AS amount,
             trim_scale(p.fee)::text AS fee, c.code AS currency, c.decimals, ps.name AS payment_system,
             pm.code AS method, pc.brand AS card_brand, pc.last4 AS card_last4, p.external_id, p.network,
             p.external_account, p.is_test, ${cursorTime(sql`p.created_at`)} AS created_at,
             ${cursorTime(sql`p.updated_at`)} AS updated_at
        FROM payments p
        JOIN currencies c ON c.guid = p.currency_guid
        JOIN payment_systems ps ON ps.guid = p.payment_system_guid
        LEFT JOIN payment_methods pm ON pm.guid = p.payment_method_guid
        LEFT JOIN payment_cards pc ON pc.guid = p.card_guid
       WHERE p.customer_guid = ${playerId}
         AND ${afterCursor(query.cursor, "time-uuid", [sql`p.created_at`, sql`p.guid`])}
       ORDER BY p.created_at DESC, p.guid DESC
       LIMIT ${query.limit + 1}`,
  );
  const page = pageFrom(rows, query.limit, (row) => [row.created_at, row.guid]);
  return {
    items: page.rows.map((row) => ({
      id: row.guid,
      number_id: Number(row.id),
      type: row.transaction_type,
      status: row.status,
      amount: row.amount,
      fee: row.fee,
      currency: row.currency,
      decimals: Number(row.decimals),
      payment_system: row.payment_system,
      method: row.method,
      card: row.card_last4 ? `${row.card_brand ?? "card"} •••• ${row.card_last4}` : null,
      external_id: row.external_id,
      network: row.network,
      external_account: row.external_account,
      is_test: row.is_test,
      created_at: row.created_at,
      updated_at: row.updated_at,
    })),
    next_cursor: page.next_cursor,
  };
}
