import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import {
  EXCLUSION_PERIOD_INTERVALS,
  type Exclusion,
  type ExclusionPeriod,
  INDEFINITE,
} from "@croupier/contract/entities/exclusions";
import { AppError, badRequest, notFound } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import { finishUserSessions } from "../../identity/sessions/finish-sessions.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type ExclusionRequest =
  | {
      kind: "time_out" | "self_exclusion";
      period: ExclusionPeriod | typeof INDEFINITE;
      staffId?: undefined;
      reason?: undefined;
    }
  | { kind: "operator"; endsAt: string | null; staffId: string; reason: string };

type Row = {
  guid: string;
  kind: Exclusion["kind"];
  period: string | null;
  starts_at: string;
  ends_at: string | null;
  ended_at: string | null;
};

/**
 * Starts an exclusion at once (ADR 020). The player's row is locked first so two requests
 * serialise. A new exclusion may only extend: if one in force already ends at or after the new
 * end (or is indefinite), the request is refused and nothing is written. In the same
 * transaction every login session ends (each game session with it, ADR 011) with a
 * session_closed event each, which logs out every open tab.
 */
export async function createExclusion(db: Db | Tx, playerId: string, request: ExclusionRequest): Promise<Row> {
  return db.transaction(async (tx) => {
    const [player] = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT guid FROM users WHERE guid = ${playerId} FOR UPDATE`,
    );
    if (!player) throw notFound("No player with this id.");

    const newEnd =
      request.kind === "operator"
        ? request.endsAt === null
          ? sql`NULL::timestamptz`
          : sql`${request.endsAt}::timestamptz`
        : request.period === INDEFINITE
          ? sql`NULL::timestamptz`
          : sql`now() + ${EXCLUSION_PERIOD_INTERVALS[request.period]}::interval`;

    const [check] = await queryRows<{
      new_end: string | null;
      in_past: boolean;
      current_end: string | null;
      has_current: boolean;
      current_indefinite: boolean;
    }>(
      tx,
      sql`
        SELECT n.new_end, (n.new_end IS NOT NULL AND n.new_end <= now()) AS in_past,
               c.current_end, c.has_current, c.current_indefinite
          FROM (SELECT ${newEnd} AS new_end) n,
               (SELECT max(e.ends_at) AS current_end, count(*) > 0 AS has_current,
                       bool_or(e.ends_at IS NULL) AS current_indefinite
                  FROM player_exclusions e
                 WHERE e.user_guid = ${playerId} AND e.ended_at IS NULL AND e.starts_at <= now()
                   AND (e.ends_at IS NULL OR e.ends_at > now())) c`,
    );
    if (check!.in_past)
      throw badRequest("The end date must be in the future.", [{ field: "ends_at", message: "must be in the future" }]);
    if (check!.has_current) {
      const extends_ =
        !check!.current_indefinite &&
        (check!.new_end === null || new Date(check!.new_end) > new Date(check!.current_end!));
      if (!extends_)
        throw new AppError(
          "CONFLICT",
          `An exclusion is already in force until ${check!.current_indefinite ? "further notice" : check!.current_end}; a new one may only extend it.`,
        );
    }

    const [row] = await queryRows<Row>(
      tx,
      sql`
        INSERT INTO player_exclusions (user_guid, kind, period, ends_at, reason, created_by_staff)
        VALUES (${playerId}, ${request.kind}, ${request.kind === "operator" ? null : request.period}, ${newEnd},
                ${request.kind === "operator" ? request.reason : null}, ${request.kind === "operator" ? request.staffId : null})
        RETURNING guid, kind, period, starts_at::text, ends_at::text, ended_at::text`,
    );
    await finishUserSessions(tx, { userId: playerId, reason: "excluded" });
    return row!;
  });
}
