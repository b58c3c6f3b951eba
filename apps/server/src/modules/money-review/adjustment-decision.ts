import { sql } from "drizzle-orm";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

export type ClaimedAdjustment = {
  id: string;
  player_guid: string;
  wallet_guid: string;
  currency_guid: string;
  pocket: "cash" | "bonus";
  direction: "credit" | "debit";
  amount: string;
  currency_code: string;
  currency_decimals: number;
  requested_by: string;
};

/**
 * Takes a pending adjustment for a decision in the caller's transaction with one guarded UPDATE (row lock):
 * of two approvers at the same moment, the second waits for the first to commit, then finds it no longer
 * pending and gets a CONFLICT. `approve` also refuses the requester (four eyes), in the statement itself.
 */
export async function claimAdjustmentDecision(
  tx: SqlExecutor,
  input: { id: string; staffId: string; staffEmail: string; decision: "approve" | "reject"; reason: string | null },
): Promise<ClaimedAdjustment> {
  const notRequester = input.decision === "approve" ? sql`AND a.requested_by <> ${input.staffId}::uuid` : sql``;
  const rejected = input.decision === "reject" ? sql`, status = 'rejected'` : sql``;
  const rows = await queryRows<ClaimedAdjustment>(
    tx,
    sql`WITH claimed AS (
          UPDATE adjustment_requests a
             SET decided_by = ${input.staffId}::uuid, decided_by_email = ${input.staffEmail},
                 decision_reason = ${input.reason}, decided_at = now() ${rejected}
           WHERE a.guid = ${input.id}::uuid AND a.status = 'pending' ${notRequester}
          RETURNING a.guid, a.player_guid, a.wallet_guid, a.currency_guid, a.pocket, a.direction, a.amount, a.requested_by)
        SELECT cl.guid AS id, cl.player_guid, cl.wallet_guid, cl.currency_guid, cl.pocket, cl.direction,
               round(cl.amount, c.decimals)::text AS amount, c.code AS currency_code, c.decimals AS currency_decimals, cl.requested_by
          FROM claimed cl JOIN currencies c ON c.guid = cl.currency_guid`,
  );
  if (rows[0]) return rows[0];
  const [current] = await queryRows<{ status: string; requested_by: string }>(
    tx,
    sql`SELECT status, requested_by FROM adjustment_requests WHERE guid = ${input.id}::uuid`,
  );
  if (!current) throw notFound("No such adjustment.");
  if (current.status !== "pending") throw new AppError("CONFLICT", `This adjustment is already ${current.status}.`);
  throw new AppError("FORBIDDEN", "You asked for this adjustment: another staff member must approve it (four eyes).");
}
