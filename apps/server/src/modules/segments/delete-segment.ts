import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { loadSegmentRows } from "./segment-sql.ts";

/**
 * Deletes a segment with its memberships, payment link and per-segment feature flag answers, audited. Refused while a campaign's
 * current version targets it (the campaign would silently reach nobody); older versions may still
 * name it, which then matches no player.
 */
export async function deleteSegment(db: Db, actor: AuditActor, guid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await loadSegmentRows(tx, { guid, limit: 1, offset: 0 });
    if (!before) throw notFound("No segment with this id.");
    await tx.execute(sql`SELECT guid FROM segments WHERE guid = ${guid}::uuid FOR UPDATE`);
    const [used] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
           WHERE ${guid}::uuid = ANY(v.segment_guids) AND c.status <> 'ended'`,
    );
    if ((used?.n ?? 0) > 0)
      throw new AppError(
        "CONFLICT",
        "A campaign targets this segment; remove it from the campaign (or end the campaign) first.",
      );
    await tx.execute(sql`DELETE FROM user_segments WHERE segment_guid = ${guid}::uuid`);
    // Per-segment feature flag answers (ADR 028) mean nothing without the segment: they go with it, recorded.
    const flags = await queryRows<{ feature: string }>(
      tx,
      sql`DELETE FROM feature_flag_segments WHERE segment_guid = ${guid}::uuid RETURNING feature`,
    );
    await tx.execute(sql`DELETE FROM segments WHERE guid = ${guid}::uuid`);
    await recordAudit(tx, actor, {
      action: "segment.delete",
      targetType: "segment",
      targetId: guid,
      before,
      details: flags.length > 0 ? { feature_flags_removed: flags.map((f) => f.feature) } : undefined,
    });
  });
}
