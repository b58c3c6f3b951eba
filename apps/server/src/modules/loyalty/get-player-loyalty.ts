import { sql } from "drizzle-orm";
import { COIN_TRANSFERS_SHOWN, type CoinTransferRow, type PlayerLoyalty } from "@croupier/contract/backoffice/loyalty";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { assertPlayerExists } from "../player-admin/assert-player-exists.ts";

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A player's level, volume, coin balance and latest coin transfers (signed from their side), for staff. */
export async function getPlayerLoyalty(db: SqlExecutor, playerGuid: string): Promise<PlayerLoyalty> {
  await assertPlayerExists(db, playerGuid);
  const [row] = await queryRows<Omit<PlayerLoyalty, "transfers" | "player_guid">>(
    db,
    sql`SELECT COALESCE(p.level, 0) AS level, l.name AS level_name, trim_scale(round(COALESCE(p.wagered_usd, 0), 2))::text AS wagered_usd,
               ${iso("p.last_played_at")} AS last_played_at, ${iso("p.mined_until")} AS mined_until,
               trim_scale(COALESCE(a.balance, 0))::text AS coin_balance
          FROM (SELECT 1) one
          LEFT JOIN player_loyalty p ON p.customer_guid = ${playerGuid}::uuid
          LEFT JOIN loyalty_levels l ON l.level = p.level
          LEFT JOIN coin_accounts a ON a.customer_guid = ${playerGuid}::uuid`,
  );
  const transfers = await queryRows<CoinTransferRow>(
    db,
    sql`SELECT t.guid, t.kind,
               trim_scale(CASE WHEN t.credit_account_guid = a.guid THEN t.amount ELSE -t.amount END)::text AS amount,
               t.reason, t.staff_guid, ${iso("t.period_start")} AS period_start, ${iso("t.period_end")} AS period_end,
               t.active_seconds, ${iso("t.created_at")} AS created_at
          FROM coin_transfers t JOIN coin_accounts a ON a.customer_guid = t.customer_guid
         WHERE t.customer_guid = ${playerGuid}::uuid
         ORDER BY t.created_at DESC, t.guid DESC LIMIT ${COIN_TRANSFERS_SHOWN}`,
  );
  return { player_guid: playerGuid, ...row!, transfers };
}
