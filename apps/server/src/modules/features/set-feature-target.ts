import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { segments } from "@croupier/db/schema/identity";
import { featureFlagSegments } from "@croupier/db/schema/platform-rules";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { invalidateFeatureTargets } from "./resolve-feature-status.ts";

/** Switches a flag on or off for a segment (enabled), or removes the row (null): audited, cache dropped after commit. */
export async function setFeatureTarget(
  db: Db,
  input: { feature: string; segmentGuid: string; enabled: boolean | null },
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [segment] = await tx
      .select({ name: segments.name })
      .from(segments)
      .where(eq(segments.guid, input.segmentGuid));
    if (!segment) throw new AppError("NOT_FOUND", "No segment with this id.");
    const where = and(
      eq(featureFlagSegments.feature, input.feature),
      eq(featureFlagSegments.segment_guid, input.segmentGuid),
    );
    const [before] = await tx
      .select({ enabled: featureFlagSegments.enabled })
      .from(featureFlagSegments)
      .where(where)
      .for("update");
    if (input.enabled === null) {
      if (!before) throw new AppError("NOT_FOUND", "This flag has no setting for this segment.");
      await tx.delete(featureFlagSegments).where(where);
    } else {
      await tx
        .insert(featureFlagSegments)
        .values({ feature: input.feature, segment_guid: input.segmentGuid, enabled: input.enabled })
        .onConflictDoUpdate({
          target: [featureFlagSegments.feature, featureFlagSegments.segment_guid],
          set: { enabled: input.enabled, updated_at: sql`now()` },
        });
    }
    await recordAudit(tx, actor, {
      action: input.enabled === null ? "feature_flag.segment_clear" : "feature_flag.segment_set",
      targetType: "feature_flag",
      targetId: input.feature,
      before: before ? { segment: segment.name, enabled: before.enabled } : null,
      after: input.enabled === null ? null : { segment: segment.name, enabled: input.enabled },
    });
  });
  invalidateFeatureTargets(db);
}
