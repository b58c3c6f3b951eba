import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import {
  LIMIT_AMOUNT_MAX,
  LIMIT_COOLING_OFF_HOURS,
  type SetLimitBody,
  type SetLimitResult,
} from "@croupier/contract/entities/limits";
import { checkAmount, compareAmounts } from "@croupier/contract/money";
import { AppError, badRequest, notFound } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../../staff/record-audit.ts";
import { logLimitChange, notifyLimitChange } from "./limit-change-log.ts";
import { selectLimitRows, toPlayerLimit, type LimitRow } from "./limit-rows.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The player sets their own limit, or staff set a stricter one on their behalf (audited, with a reason). */
export type LimitActor = { kind: "player" } | { kind: "staff"; audit: AuditActor; reason: string };

/**
 * Sets one limit (ADR 021). A new limit or a lower one applies at once and drops any pending
 * increase; a higher one waits LIMIT_COOLING_OFF_HOURS and then the player's confirmation (the
 * current limit holds meanwhile; asking again for the same increase keeps its clock). The
 * player's row is locked first, so concurrent changes of one player go one after the other.
 * Staff may only make a limit stricter.
 */
export async function setPlayerLimit(db: Db, playerGuid: string, body: SetLimitBody, actor: LimitActor): Promise<SetLimitResult> {
  return db.transaction(async (tx) => {
    const [player] = await queryRows<{ guid: string }>(tx, sql`SELECT guid FROM users WHERE guid = ${playerGuid}::uuid FOR NO KEY UPDATE`);
    if (!player) throw notFound("No player with this id.");
    const value = body.limit_type === "session_time" ? { minutes: body.minutes } : { amount: await checkLimitAmount(tx, body) };
    const currencyGuid = body.limit_type === "session_time" ? null : body.currency_guid;
    const period = body.limit_type === "session_time" ? null : body.period;
    const [current] = await selectLimitRows(
      tx,
      sql`l.user_guid = ${playerGuid}::uuid AND l.kind = ${body.limit_type}
          AND l.period IS NOT DISTINCT FROM ${period}::varchar AND l.currency_guid IS NOT DISTINCT FROM ${currencyGuid}::uuid`,
      { forUpdate: true },
    );
    const staffGuid = actor.kind === "staff" ? actor.audit.staffId : null;

    if (!current) {
      const [inserted] = await queryRows<{ guid: string }>(
        tx,
        sql`INSERT INTO player_limits (user_guid, kind, period, currency_guid, amount, minutes)
            VALUES (${playerGuid}::uuid, ${body.limit_type}, ${period}, ${currencyGuid}::uuid,
                    ${value.amount ?? null}::numeric, ${value.minutes ?? null}::int)
            RETURNING guid`,
      );
      const row = await reload(tx, inserted!.guid);
      await logLimitChange(tx, { row, playerGuid, action: "set", newAmount: value.amount, newMinutes: value.minutes, staffGuid });
      await afterApplied(tx, playerGuid, row, actor, null);
      return { outcome: "applied", limit: toPlayerLimit(row) };
    }

    const direction = compareLimit(value, current);
    if (direction < 0) {
      await tx.execute(
        sql`UPDATE player_limits
               SET amount = ${value.amount ?? null}::numeric, minutes = ${value.minutes ?? null}::int, pending_amount = NULL,
                   pending_minutes = NULL, pending_removal = false, pending_requested_at = NULL, pending_effective_at = NULL,
                   pending_ready_notified_at = NULL, updated_at = now()
             WHERE guid = ${current.guid}::uuid`,
      );
      const row = await reload(tx, current.guid);
      await logLimitChange(tx, {
        row,
        playerGuid,
        action: "decreased",
        oldAmount: current.amount,
        newAmount: value.amount,
        oldMinutes: current.minutes,
        newMinutes: value.minutes,
        staffGuid,
      });
      await afterApplied(tx, playerGuid, row, actor, current);
      return { outcome: "applied", limit: toPlayerLimit(row) };
    }
    if (actor.kind === "staff")
      throw new AppError("CONFLICT", "Staff may only set a stricter limit: the new limit must be lower than the current one.");

    if (direction === 0) {
      // Asking for the limit in force drops a pending increase or removal.
      if (current.pending_effective_at) {
        await clearPending(tx, current.guid);
        await logLimitChange(tx, { row: current, playerGuid, action: "pending_cancelled", oldAmount: current.amount, oldMinutes: current.minutes });
      }
      return { outcome: "unchanged", limit: toPlayerLimit(await reload(tx, current.guid)) };
    }

    const samePending =
      current.pending_effective_at !== null &&
      !current.pending_removal &&
      (value.amount !== undefined
        ? current.pending_amount !== null && compareAmounts(current.pending_amount, value.amount) === 0
        : current.pending_minutes === value.minutes);
    if (!samePending) {
      const [pending] = await queryRows<{ effective_at: string }>(
        tx,
        sql`UPDATE player_limits
               SET pending_amount = ${value.amount ?? null}::numeric, pending_minutes = ${value.minutes ?? null}::int,
                   pending_removal = false, pending_requested_at = now(),
                   pending_effective_at = now() + make_interval(hours => ${LIMIT_COOLING_OFF_HOURS}),
                   pending_ready_notified_at = NULL, updated_at = now()
             WHERE guid = ${current.guid}::uuid
            RETURNING pending_effective_at::text AS effective_at`,
      );
      await logLimitChange(tx, {
        row: current,
        playerGuid,
        action: "increase_requested",
        oldAmount: current.amount,
        newAmount: value.amount,
        oldMinutes: current.minutes,
        newMinutes: value.minutes,
        effectiveAt: pending!.effective_at,
      });
    }
    return { outcome: "pending", limit: toPlayerLimit(await reload(tx, current.guid)) };
  });
}

/** The amount as the currency allows it: positive, at most its decimals, at most LIMIT_AMOUNT_MAX. */
async function checkLimitAmount(tx: Tx, body: Extract<SetLimitBody, { amount: string }>): Promise<string> {
  const [currency] = await queryRows<{ decimals: number; code: string }>(
    tx,
    sql`SELECT decimals, code FROM currencies WHERE guid = ${body.currency_guid}::uuid`,
  );
  if (!currency) throw badRequest("No such currency.", [{ field: "currency_guid", message: "is not a known currency" }]);
  const checked = checkAmount(body.amount, currency.decimals);
  if (!checked.ok) throw badRequest(`The limit ${checked.reason}.`, [{ field: "amount", message: checked.reason }]);
  if (compareAmounts(checked.value, LIMIT_AMOUNT_MAX) > 0)
    throw badRequest(`The limit may be at most ${LIMIT_AMOUNT_MAX} ${currency.code}.`, [
      { field: "amount", message: `must be at most ${LIMIT_AMOUNT_MAX}` },
    ]);
  return checked.value;
}

/** -1 stricter, 0 the same, 1 looser than the limit in force. */
function compareLimit(value: { amount?: string; minutes?: number }, current: LimitRow): -1 | 0 | 1 {
  if (value.amount !== undefined) return compareAmounts(value.amount, current.amount!);
  const difference = value.minutes! - current.minutes!;
  return difference === 0 ? 0 : difference < 0 ? -1 : 1;
}

async function reload(tx: Tx, guid: string): Promise<LimitRow> {
  const [row] = await selectLimitRows(tx, sql`l.guid = ${guid}::uuid`);
  return row!;
}

async function clearPending(tx: Tx, guid: string): Promise<void> {
  await tx.execute(
    sql`UPDATE player_limits
           SET pending_amount = NULL, pending_minutes = NULL, pending_removal = false, pending_requested_at = NULL,
               pending_effective_at = NULL, pending_ready_notified_at = NULL, updated_at = now()
         WHERE guid = ${guid}::uuid`,
  );
}

/** A staff change is audited and announced to the player; the player's own is announced too (other tabs, history). */
async function afterApplied(tx: Tx, playerGuid: string, row: LimitRow, actor: LimitActor, before: LimitRow | null): Promise<void> {
  if (actor.kind === "staff") {
    await recordAudit(tx, actor.audit, {
      action: "player.limit_set",
      playerId: playerGuid,
      targetType: "player_limit",
      targetId: row.guid,
      before: before ? { amount: before.amount, minutes: before.minutes } : null,
      after: { limit_type: row.kind, period: row.period, currency: row.currency_code, amount: row.amount, minutes: row.minutes },
      details: { reason: actor.reason },
    });
  }
  await notifyLimitChange(tx, {
    playerGuid,
    kind: "limit_change_effective",
    row,
    amount: row.amount ?? String(row.minutes ?? ""),
  });
}
