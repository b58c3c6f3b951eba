import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { PlayerLimit } from "@croupier/contract/entities/limits";
import { AppError } from "../../../lib/app-error.ts";
import { logLimitChange } from "./limit-change-log.ts";
import { selectLimitRows, toPlayerLimit } from "./limit-rows.ts";
import { loadOwnLimit } from "./load-own-limit.ts";

/** Drops a pending increase or removal; the limit in force stays as it is. */
export async function cancelLimitChange(db: Db, playerGuid: string, limitGuid: string): Promise<PlayerLimit> {
  return db.transaction(async (tx) => {
    const current = await loadOwnLimit(tx, playerGuid, limitGuid);
    if (!current.pending_effective_at) throw new AppError("CONFLICT", "This limit has no pending change to cancel.");
    await tx.execute(
      sql`UPDATE player_limits
             SET pending_amount = NULL, pending_minutes = NULL, pending_removal = false, pending_requested_at = NULL,
                 pending_effective_at = NULL, pending_ready_notified_at = NULL, updated_at = now()
           WHERE guid = ${current.guid}::uuid`,
    );
    await logLimitChange(tx, { row: current, playerGuid, action: "pending_cancelled", oldAmount: current.amount, oldMinutes: current.minutes });
    const [row] = await selectLimitRows(tx, sql`l.guid = ${current.guid}::uuid`);
    return toPlayerLimit(row!);
  });
}
