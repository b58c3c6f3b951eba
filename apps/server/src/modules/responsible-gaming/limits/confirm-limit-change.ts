import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { PlayerLimit } from "@croupier/contract/entities/limits";
import { AppError } from "../../../lib/app-error.ts";
import { logLimitChange, notifyLimitChange } from "./limit-change-log.ts";
import { selectLimitRows, toPlayerLimit } from "./limit-rows.ts";
import { loadOwnLimit } from "./load-own-limit.ts";

/**
 * The player confirms a pending increase or removal once its cooling-off is over (ADR 021): the
 * increase becomes the limit, a removal deletes it (its history stays). Before the end of the
 * cooling-off, or with nothing pending, the answer is CONFLICT and nothing changes. Answers the
 * limit as it now stands, or null when it was removed.
 */
export async function confirmLimitChange(db: Db, playerGuid: string, limitGuid: string): Promise<PlayerLimit | null> {
  return db.transaction(async (tx) => {
    const current = await loadOwnLimit(tx, playerGuid, limitGuid);
    if (!current.pending_effective_at) throw new AppError("CONFLICT", "This limit has no pending change to confirm.");
    if (!current.confirmable)
      throw new AppError(
        "CONFLICT",
        `The cooling-off period is not over yet: you can confirm this change from ${current.pending_effective_at}.`,
      );
    if (current.pending_removal) {
      await tx.execute(sql`DELETE FROM player_limits WHERE guid = ${current.guid}::uuid`);
      await logLimitChange(tx, { row: current, playerGuid, action: "removal_confirmed", oldAmount: current.amount, oldMinutes: current.minutes });
      await notifyLimitChange(tx, { playerGuid, kind: "limit_change_effective", row: current, amount: "" });
      return null;
    }
    await tx.execute(
      sql`UPDATE player_limits
             SET amount = pending_amount, minutes = pending_minutes, pending_amount = NULL, pending_minutes = NULL,
                 pending_requested_at = NULL, pending_effective_at = NULL, pending_ready_notified_at = NULL, updated_at = now()
           WHERE guid = ${current.guid}::uuid`,
    );
    const [row] = await selectLimitRows(tx, sql`l.guid = ${current.guid}::uuid`);
    await logLimitChange(tx, {
      row: current,
      playerGuid,
      action: "increase_confirmed",
      oldAmount: current.amount,
      newAmount: row!.amount,
      oldMinutes: current.minutes,
      newMinutes: row!.minutes,
    });
    await notifyLimitChange(tx, { playerGuid, kind: "limit_change_effective", row: row!, amount: row!.amount ?? String(row!.minutes) });
    return toPlayerLimit(row!);
  });
}
