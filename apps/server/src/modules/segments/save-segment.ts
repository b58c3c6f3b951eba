import { sql } from "drizzle-orm";
import type { SegmentInput, SegmentRow } from "@croupier/contract/backoffice/segments";
import type { Db } from "@croupier/db/create-database";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation, queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { RULE_SEGMENTS_MAX } from "./segment-rule-sql.ts";
import { loadSegmentRows, requestSegmentRebuild } from "./segment-sql.ts";

/** Every segment is evaluated per player, so their number is capped (the rule evaluator reads this many). */
const SEGMENTS_MAX = RULE_SEGMENTS_MAX;

async function assertPaymentSegment(tx: SqlExecutor, guid: string | null): Promise<void> {
  if (guid === null) return;
  const rows = await queryRows<{ guid: string }>(tx, sql`SELECT guid FROM payment_segments WHERE guid = ${guid}::uuid`);
  if (!rows[0])
    throw badRequest("No such payment segment.", [
      { field: "body.payment_segment_guid", message: "no such payment segment" },
    ]);
}

async function linkPaymentSegment(
  tx: SqlExecutor,
  segmentGuid: string,
  paymentSegmentGuid: string | null,
): Promise<void> {
  await tx.execute(sql`DELETE FROM segment_payment_segments WHERE segment_guid = ${segmentGuid}::uuid`);
  if (paymentSegmentGuid === null) return;
  await tx.execute(
    sql`INSERT INTO segment_payment_segments (segment_guid, payment_segment_guid) VALUES (${segmentGuid}::uuid, ${paymentSegmentGuid}::uuid)`,
  );
}

/**
 * Creates (guid null) or replaces a segment with its rules and payment link, audited in the same
 * transaction. Changed rules ask the sweep to re-evaluate every player (a bounded slice per pass),
 * so memberships follow the new rules within minutes without a long transaction here.
 */
export async function saveSegment(
  db: Db,
  actor: AuditActor,
  guid: string | null,
  input: SegmentInput,
): Promise<SegmentRow> {
  try {
    return await db.transaction(async (tx) => {
      await assertPaymentSegment(tx, input.payment_segment_guid);
      const rules = JSON.stringify(input.rules);
      const data = JSON.stringify(input.data);
      if (guid === null) {
        const [total] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM segments`);
        if ((total?.n ?? 0) >= SEGMENTS_MAX)
          throw new AppError("CONFLICT", `There are already ${SEGMENTS_MAX} segments; delete one first.`);
        const [row] = await queryRows<{ guid: string }>(
          tx,
          sql`INSERT INTO segments (name, group_name, fetch_interval, data, is_default, rules)
              VALUES (${input.name}, ${input.group_name}, ${input.fetch_interval}, ${data}::jsonb, ${input.is_default}, ${rules}::jsonb)
              RETURNING guid`,
        );
        await linkPaymentSegment(tx, row!.guid, input.payment_segment_guid);
        if (input.rules.length > 0) await requestSegmentRebuild(tx);
        await recordAudit(tx, actor, {
          action: "segment.create",
          targetType: "segment",
          targetId: row!.guid,
          after: input,
        });
        return (await loadSegmentRows(tx, { guid: row!.guid, limit: 1, offset: 0 }))[0]!;
      }
      const [before] = await loadSegmentRows(tx, { guid, limit: 1, offset: 0 });
      if (!before) throw notFound("No segment with this id.");
      await tx.execute(
        sql`UPDATE segments SET name = ${input.name}, group_name = ${input.group_name}, fetch_interval = ${input.fetch_interval},
                                data = ${data}::jsonb, is_default = ${input.is_default}, rules = ${rules}::jsonb, updated_at = now()
             WHERE guid = ${guid}::uuid`,
      );
      await linkPaymentSegment(tx, guid, input.payment_segment_guid);
      if (JSON.stringify(before.rules) !== rules) await requestSegmentRebuild(tx);
      const { rule_members: _r, manual_members: _m, ...audited } = before;
      await recordAudit(tx, actor, {
        action: "segment.update",
        targetType: "segment",
        targetId: guid,
        before: audited,
        after: input,
      });
      return (await loadSegmentRows(tx, { guid, limit: 1, offset: 0 }))[0]!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw badRequest("A segment with this name exists.", [{ field: "body.name", message: "already used" }]);
    throw error;
  }
}
