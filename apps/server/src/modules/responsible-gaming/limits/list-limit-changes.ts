import { sql } from "drizzle-orm";
import { LIMIT_HISTORY_MAX, type LimitChange } from "@croupier/contract/entities/limits";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

/** The newest LIMIT_HISTORY_MAX changes of a player's limits, newest first. */
export async function listLimitChanges(executor: SqlExecutor, playerGuid: string): Promise<LimitChange[]> {
  const rows = await queryRows<Omit<LimitChange, "actor"> & { staff_guid: string | null }>(
    executor,
    sql`SELECT h.guid, h.kind AS limit_type, h.period, c.code AS currency_code, h.action,
               trim_scale(h.old_amount)::text AS old_amount, trim_scale(h.new_amount)::text AS new_amount,
               h.old_minutes, h.new_minutes, h.effective_at::text, h.staff_guid, h.created_at::text
          FROM player_limit_changes h LEFT JOIN currencies c ON c.guid = h.currency_guid
         WHERE h.user_guid = ${playerGuid}::uuid
         ORDER BY h.created_at DESC, h.guid
         LIMIT ${LIMIT_HISTORY_MAX}`,
  );
  return rows.map(({ staff_guid, ...row }) => ({ ...row, actor: staff_guid ? "staff" : "player" }));
}
