import { sql, type SQL } from "drizzle-orm";
import { PER_PAGE_MAX, type Pager } from "@croupier/contract/envelope";
import type { Payment } from "@croupier/contract/entities/payment";
import type { BillingTransaction } from "@croupier/contract/entities/billing";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type LogRow = {
  guid: string;
  payment_guid: string;
  event_type: string;
  comment: string | null;
  reason: string | null;
  executor: string;
  changed_by: string | null;
  changed_at: string;
  details: Record<string, unknown>;
};

async function logsOf(db: Db, paymentGuids: string[]): Promise<Map<string, LogRow[]>> {
  const byPayment = new Map<string, LogRow[]>();
  if (paymentGuids.length === 0) return byPayment;
  const list = sql.join(paymentGuids.map((g) => sql`${g}::uuid`), sql`, `);
  const rows = await queryRows<LogRow>(
    db,
    sql`SELECT guid, payment_guid, event_type, comment, reason, executor, changed_by, ${iso("changed_at")} AS changed_at, details
          FROM payment_logs WHERE payment_guid IN (${list}) ORDER BY changed_at, guid`,
  );
  for (const row of rows) byPayment.set(row.payment_guid, [...(byPayment.get(row.payment_guid) ?? []), row]);
  return byPayment;
}

type PageInput = { playerGuid: string; page: number; perPage: number };

/** per_page above the ceiling is clamped (the spec's first-deposit check asks for 10000000000). */
const clampPage = (input: PageInput) => ({ page: input.page, perPage: Math.min(Math.max(input.perPage, 1), PER_PAGE_MAX) });

type BaseRow = {
  guid: string;
  id: string;
  trusted: boolean;
  external_id: string | null;
  project_guid: string | null;
  customer_guid: string;
  wallet_guid: string;
  currency_guid: string;
  transaction_type: "deposit" | "withdrawal";
  number: number | null;
  type_ordinal: string;
  amount: string;
  fee: string;
  payment_method_guid: string | null;
  method_name: string | null;
  status: Payment["status"];
  system_guid: string;
  system_name: string;
  system_kind: string;
  redirect_url: string | null;
  network: string | null;
  external_account: string | null;
  destination_tag: string | null;
  psp_transaction_hash: string | null;
  balance_before: string | null;
  balance_after: string | null;
  card_masked: string | null;
  created_at: string;
  updated_at: string;
  total: string;
};

async function page(db: Db, input: PageInput, filter: SQL): Promise<{ rows: BaseRow[]; pager: Pager }> {
  const { page, perPage } = clampPage(input);
  const rows = await queryRows<BaseRow>(
    db,
    sql`WITH mine AS (
          SELECT p.*, row_number() OVER (PARTITION BY p.transaction_type ORDER BY p.id) AS type_ordinal
            FROM payments p WHERE p.customer_guid = ${input.playerGuid}::uuid)
        SELECT p.guid, p.id::text AS id, p.trusted, p.external_id,
               (SELECT guid FROM project_settings ORDER BY created_at LIMIT 1) AS project_guid,
               p.customer_guid, p.wallet_guid, p.currency_guid, p.transaction_type, p.number, p.type_ordinal::text AS type_ordinal,
               round(p.amount, c.decimals)::text AS amount, round(p.fee, c.decimals)::text AS fee,
               p.payment_method_guid, m.name AS method_name, p.status,
               s.guid AS system_guid, s.name AS system_name, s.kind AS system_kind,
               p.redirect_url, p.network, p.external_account, p.destination_tag, p.psp_transaction_hash,
               round(p.balance_before, c.decimals)::text AS balance_before, round(p.balance_after, c.decimals)::text AS balance_after,
               CASE WHEN pc.guid IS NULL THEN NULL ELSE pc.bin || '******' || pc.last4 END AS card_masked,
               ${iso("p.created_at")} AS created_at, ${iso("p.updated_at")} AS updated_at,
               count(*) OVER ()::text AS total
          FROM mine p
          JOIN currencies c ON c.guid = p.currency_guid
          JOIN payment_systems s ON s.guid = p.payment_system_guid
          LEFT JOIN payment_methods m ON m.guid = p.payment_method_guid
          LEFT JOIN payment_cards pc ON pc.guid = p.card_guid
         WHERE true ${filter}
         ORDER BY p.id DESC
         LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const counted = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*)::text AS n FROM (SELECT p.*, 0 AS type_ordinal FROM payments p WHERE p.customer_guid = ${input.playerGuid}::uuid) p WHERE true ${filter}`,
    );
    total = Number(counted[0]?.n ?? 0);
  }
  return { rows, pager: { page, per_page: perPage, total } };
}

function providerData(row: BaseRow): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (row.redirect_url && row.status === "pending") data.redirect_url = row.redirect_url;
  if (row.network) data.network = row.network;
  if (row.external_account) data.address = row.external_account;
  if (row.destination_tag) data.destination_tag = row.destination_tag;
  if (row.psp_transaction_hash) data.tx_hash = row.psp_transaction_hash;
  if (row.card_masked) data.card_number = row.card_masked;
  return data;
}

const providerLog = (logs: LogRow[]) =>
  logs.filter((l) => l.executor === "psp").map((l) => ({ event_type: l.event_type, reason: l.reason, changed_at: l.changed_at, ...l.details }));

export type PaymentsFilter = { transactionType?: "deposit" | "withdrawal"; status?: Payment["status"]; guid?: string };

function filterSql(filter: PaymentsFilter): SQL {
  const parts: SQL[] = [];
  if (filter.transactionType) parts.push(sql`AND p.transaction_type = ${filter.transactionType}`);
  if (filter.status) parts.push(sql`AND p.status = ${filter.status}`);
  if (filter.guid) parts.push(sql`AND p.guid = ${filter.guid}::uuid`);
  return sql.join(parts, sql` `);
}

/** Whether the jurisdiction lets this player cancel their pending withdrawals (playerMayCancelWithdrawal). */
type CancelRule = { mayCancelWithdrawal: boolean };

/** GET /payments: the player's payments, newest first. */
export async function listPayments(db: Db, input: PageInput & PaymentsFilter & CancelRule): Promise<{ items: Payment[]; pager: Pager }> {
  const { rows, pager } = await page(db, input, filterSql(input));
  const logs = await logsOf(db, rows.map((r) => r.guid));
  const items = rows.map((row) => toPayment(row, logs.get(row.guid) ?? [], input.mayCancelWithdrawal));
  return { items, pager };
}

/** One payment of the player (404 is the caller's when undefined). */
export async function findPayment(db: Db, playerGuid: string, guid: string, rule: CancelRule): Promise<Payment | undefined> {
  return (await listPayments(db, { playerGuid, page: 1, perPage: 1, guid, ...rule })).items[0];
}

function toPayment(row: BaseRow, logs: LogRow[], mayCancelWithdrawal: boolean): Payment {
  return {
    guid: row.guid,
    id: Number(row.id),
    trusted: row.trusted,
    external_id: row.external_id,
    project_guid: row.project_guid,
    customer_guid: row.customer_guid,
    wallet_guid: row.wallet_guid,
    currency_guid: row.currency_guid,
    transaction_type: row.transaction_type,
    number: row.number,
    amount: row.amount,
    payment_method_guid: row.payment_method_guid,
    status: row.status,
    fee: row.fee,
    external_provider_data: providerData(row),
    provider_log: providerLog(logs),
    payment_system_method_name: row.system_name,
    payment_system_guid: row.system_guid,
    created_at: row.created_at,
    updated_at: row.updated_at,
    project_method_name: row.method_name,
    payment_logs: logs,
    can_cancel: mayCancelWithdrawal && row.transaction_type === "withdrawal" && row.status === "pending",
  };
}

/** GET /billing/transactions: the same rows as billing transactions. */
export async function listBillingTransactions(db: Db, input: PageInput & { guid?: string }): Promise<{ items: BillingTransaction[]; pager: Pager }> {
  const { rows, pager } = await page(db, input, filterSql({ guid: input.guid }));
  const logs = await logsOf(db, rows.map((r) => r.guid));
  const items = rows.map((row): BillingTransaction => {
    const own = logs.get(row.guid) ?? [];
    return {
      guid: row.guid,
      id: Number(row.id),
      project_guid: row.project_guid,
      currency_guid: row.currency_guid,
      customer_guid: row.customer_guid,
      manager_guid: null,
      wallet_guid: row.wallet_guid,
      psp_guid: row.system_guid,
      psp_method: row.system_kind,
      psp_external_id: row.external_id,
      psp_fee: row.fee,
      network_fee: "0",
      fixed_fee: "0",
      external_account: row.external_account ?? row.card_masked,
      psp_transaction_hash: row.psp_transaction_hash,
      operation_type: row.transaction_type,
      status: row.status,
      amount: row.amount,
      number: Number(row.type_ordinal),
      successful_number: row.number,
      balance_before: row.balance_before,
      balance_after: row.balance_after,
      network: row.network,
      created_at: row.created_at,
      updated_at: row.updated_at,
      provider_log: providerLog(own),
      logs: own.map((l) => ({ guid: l.guid, transaction_guid: row.guid, payload: { event_type: l.event_type, executor: l.executor, reason: l.reason, ...l.details }, comment: l.comment, created_at: l.changed_at })),
    };
  });
  return { items, pager };
}
