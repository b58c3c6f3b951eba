import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../../lib/sql-executor.ts";
import { notifyLimitChange } from "./limit-change-log.ts";
import type { LimitRow } from "./limit-rows.ts";

const SWEEP_BATCH = 100;

/**
 * Tells each player whose pending increase or removal has waited out its cooling-off that it is
 * ready to confirm (ADR 021), once: pending_ready_notified_at is set in the same transaction as the
 * notification, and SKIP LOCKED lets several processes sweep at once.
 */
export async function announceReadyLimitChanges(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const ready = await queryRows<Pick<LimitRow, "kind" | "period" | "currency_code"> & { user_guid: string; amount: string }>(
      tx,
      sql`WITH due AS (
            SELECT guid FROM player_limits
             WHERE pending_effective_at <= now() AND pending_ready_notified_at IS NULL
             ORDER BY pending_effective_at
             LIMIT ${SWEEP_BATCH}
               FOR UPDATE SKIP LOCKED)
          UPDATE player_limits l SET pending_ready_notified_at = now()
            FROM due WHERE l.guid = due.guid
          RETURNING l.user_guid, l.kind, l.period,
                    (SELECT c.code FROM currencies c WHERE c.guid = l.currency_guid) AS currency_code,
                    COALESCE(trim_scale(l.pending_amount)::text, l.pending_minutes::text, '') AS amount`,
    );
    for (const change of ready) {
      await notifyLimitChange(tx, { playerGuid: change.user_guid, kind: "limit_increase_ready", row: change, amount: change.amount });
    }
    return ready.length;
  });
}
