import { sql } from "drizzle-orm";
import type { LimitChangeAction } from "@croupier/contract/entities/limits";
import type { SqlExecutor } from "../../../lib/sql-executor.ts";
import { notifyPlayer } from "../../notifications/notify-player.ts";
import type { LimitRow } from "./limit-rows.ts";

export type LimitChangeEntry = {
  row: Pick<LimitRow, "guid" | "kind" | "period" | "currency_guid">;
  playerGuid: string;
  action: LimitChangeAction;
  oldAmount?: string | null;
  newAmount?: string | null;
  oldMinutes?: number | null;
  newMinutes?: number | null;
  /** When the change applies (or may be confirmed); now unless pending. */
  effectiveAt?: string | null;
  staffGuid?: string | null;
};

/** Appends one row to player_limit_changes, in the caller's transaction. */
export async function logLimitChange(executor: SqlExecutor, entry: LimitChangeEntry): Promise<void> {
  await executor.execute(
    sql`INSERT INTO player_limit_changes (user_guid, limit_guid, kind, period, currency_guid, action, old_amount, new_amount,
                                          old_minutes, new_minutes, effective_at, staff_guid)
        VALUES (${entry.playerGuid}::uuid, ${entry.row.guid}::uuid, ${entry.row.kind}, ${entry.row.period},
                ${entry.row.currency_guid}::uuid, ${entry.action}, ${entry.oldAmount ?? null}::numeric,
                ${entry.newAmount ?? null}::numeric, ${entry.oldMinutes ?? null}::int, ${entry.newMinutes ?? null}::int,
                COALESCE(${entry.effectiveAt ?? null}::timestamptz, now()), ${entry.staffGuid ?? null}::uuid)`,
  );
}

/**
 * Tells the player (in-app notification, realtime) that a limit change took effect, in the caller's
 * transaction. `amount` is the new amount or minutes; empty when the limit was removed.
 */
export async function notifyLimitChange(
  executor: SqlExecutor,
  input: { playerGuid: string; kind: "limit_change_effective" | "limit_increase_ready"; row: Pick<LimitRow, "kind" | "period" | "currency_code">; amount: string },
): Promise<void> {
  await notifyPlayer(executor, {
    userGuid: input.playerGuid,
    kind: input.kind,
    params: {
      limit_type: input.row.kind,
      period: input.row.period ?? "session",
      amount: input.amount,
      currency: input.row.currency_code ?? (input.row.kind === "session_time" ? "minutes" : ""),
    },
  });
}
