import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/**
 * At most one rakeback campaign runs at a time (ADR 038): the accrual reads "the" active rakeback
 * campaign, and two would pay every stake twice. Refuses (409) when another rakeback campaign is
 * active or scheduled and its dates overlap [start, end) (open ends are unbounded); a paused one is
 * checked when it resumes. A transaction-scoped advisory lock serialises every caller, so two staff
 * activating two rakeback campaigns at once cannot both pass: the second sees the first committed.
 */
export async function assertSingleRakeback(
  tx: SqlExecutor,
  input: { bonusGuid: string; start: Date; end: Date | null },
): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('bonus-campaigns:rakeback', 0))`);
  const [other] = await queryRows<{ bonus_name: string; status: string }>(
    tx,
    sql`SELECT v.bonus_name, c.status
          FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
         WHERE v.bonus_type = 'rakeback' AND c.status IN ('active', 'scheduled')
           AND c.bonus_guid <> ${input.bonusGuid}::uuid
           AND tstzrange(COALESCE(v.start_date, '-infinity'::timestamptz), COALESCE(v.end_date, 'infinity'::timestamptz))
               && tstzrange(${input.start.toISOString()}::timestamptz,
                            COALESCE(${input.end?.toISOString() ?? null}::timestamptz, 'infinity'::timestamptz))
         LIMIT 1`,
  );
  if (other)
    throw new AppError(
      "CONFLICT",
      `Only one rakeback campaign can run at a time: "${other.bonus_name}" is ${other.status} for these dates. ` +
        "End or pause it first, or schedule this one after it ends.",
    );
}
