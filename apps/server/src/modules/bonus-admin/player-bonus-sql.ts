import { sql } from "drizzle-orm";
import type { PlayerBonusRow } from "@croupier/contract/backoffice/bonuses";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { iso } from "./campaign-sql.ts";

type DateKey =
  | "activation_expiration_date"
  | "wagering_expiration_date"
  | "activated_at"
  | "finished_at"
  | "created_at"
  | "updated_at";
type Row = Omit<PlayerBonusRow, DateKey> & Record<DateKey, unknown>;

const toRow = (row: Row): PlayerBonusRow => ({
  ...row,
  activation_expiration_date: iso(row.activation_expiration_date),
  wagering_expiration_date: iso(row.wagering_expiration_date),
  activated_at: iso(row.activated_at),
  finished_at: iso(row.finished_at),
  created_at: iso(row.created_at)!,
  updated_at: iso(row.updated_at)!,
});

/** A player's customer bonuses, newest first; `guid` narrows to one (for the grant's answer). */
export async function selectPlayerBonuses(
  executor: SqlExecutor,
  playerGuid: string,
  options: { status?: string; guid?: string; limit: number; offset: number },
): Promise<PlayerBonusRow[]> {
  const rows = await queryRows<Row>(
    executor,
    sql`SELECT cb.guid, cb.bonus_guid, cb.bonus_version_guid, v.version, v.bonus_name, cb.bonus_trigger, cb.bonus_type,
               cb.status, cb.wallet_guid, c.code AS currency,
               trim_scale(cb.bonus_amount)::text AS bonus_amount, trim_scale(cb.wager_amount)::text AS wager_amount,
               CASE WHEN w.customer_bonus_guid = cb.guid THEN trim_scale(w.wager)::text END AS wager_remaining,
               trim_scale(cb.win_sum)::text AS win_sum, trim_scale(cb.max_cashout)::text AS max_cashout,
               cb.free_spin_count, trim_scale(cb.free_spin_amount)::text AS free_spin_amount,
               trim_scale(cb.converted_amount)::text AS converted_amount,
               trim_scale(cb.forfeited_amount)::text AS forfeited_amount,
               cb.activation_expiration_date, cb.wagering_expiration_date, cb.activated_at, cb.finished_at,
               cb.granted_by, cb.comment, cb.created_at, cb.updated_at
          FROM customer_bonuses cb
          JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid
          JOIN currencies c ON c.guid = cb.currency_guid
          JOIN wallets w ON w.guid = cb.wallet_guid
         WHERE cb.customer_guid = ${playerGuid}::uuid
           ${options.status ? sql`AND cb.status = ${options.status}` : sql``}
           ${options.guid ? sql`AND cb.guid = ${options.guid}::uuid` : sql``}
         ORDER BY cb.created_at DESC, cb.guid
         LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
  return rows.map(toRow);
}
