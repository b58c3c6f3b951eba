import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { LIMIT_COOLING_OFF_HOURS, type PlayerLimit } from "@croupier/contract/entities/limits";
import { queryRows } from "../../../lib/sql-executor.ts";
import { logLimitChange } from "./limit-change-log.ts";
import { selectLimitRows, toPlayerLimit } from "./limit-rows.ts";
import { loadOwnLimit } from "./load-own-limit.ts";

/**
 * Asks to remove a limit (ADR 021): like an increase, it only waits out the cooling-off and then
 * the player's confirmation; the limit holds until then. Asking again keeps the first clock.
 */
export async function removePlayerLimit(db: Db, playerGuid: string, limitGuid: string): Promise<PlayerLimit> {
  return db.transaction(async (tx) => {
    const current = await loadOwnLimit(tx, playerGuid, limitGuid);
    if (!current.pending_removal) {
      const [pending] = await queryRows<{ effective_at: string }>(
        tx,
        sql`UPDATE player_limits
               SET pending_amount = NULL, pending_minutes = NULL, pending_removal = true, pending_requested_at = now(),
                   pending_effective_at = now() + make_interval(hours => ${LIMIT_COOLING_OFF_HOURS}),
                   pending_ready_notified_at = NULL, updated_at = now()
             WHERE guid = ${current.guid}::uuid
            RETURNING pending_effective_at::text AS effective_at`,
      );
      await logLimitChange(tx, {
        row: current,
        playerGuid,
        action: "removal_requested",
        oldAmount: current.amount,
        oldMinutes: current.minutes,
        effectiveAt: pending!.effective_at,
      });
    }
    const [row] = await selectLimitRows(tx, sql`l.guid = ${current.guid}::uuid`);
    return toPlayerLimit(row!);
  });
}
