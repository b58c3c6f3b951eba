import { sql } from "drizzle-orm";
import type { WithdrawalDetail } from "@croupier/contract/backoffice/money-review";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { selectWithdrawalRows } from "./withdrawal-review-rows.ts";

const LOG_MAX = 100;

/** One withdrawal for the review drawer: its row and risk signals, the wallet's balances and its history. Audited. */
export async function getWithdrawal(db: Db, actor: AuditActor, paymentGuid: string): Promise<WithdrawalDetail> {
  const [row] = await selectWithdrawalRows(db, sql`p.guid = ${paymentGuid}::uuid`, sql``);
  if (!row) throw notFound("No such withdrawal.");
  const [wallet] = await queryRows<{ cash_balance: string; bonus_balance: string }>(
    db,
    sql`SELECT round(w.balance, c.decimals)::text AS cash_balance, round(w.bonus_balance, c.decimals)::text AS bonus_balance
          FROM wallets w JOIN currencies c ON c.guid = w.currency_guid WHERE w.guid = ${row.wallet_guid}::uuid`,
  );
  const logs = await queryRows<WithdrawalDetail["logs"][number]>(
    db,
    sql`SELECT event_type, executor, comment, reason,
               to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS changed_at
          FROM payment_logs WHERE payment_guid = ${paymentGuid}::uuid ORDER BY changed_at, guid LIMIT ${LOG_MAX}`,
  );
  await recordAudit(db, actor, {
    action: "withdrawal.view",
    playerId: row.player_guid,
    targetType: "payment",
    targetId: paymentGuid,
  });
  const { cursor_time: _, ...item } = row;
  return { ...item, cash_balance: wallet?.cash_balance ?? "0", bonus_balance: wallet?.bonus_balance ?? "0", logs };
}
