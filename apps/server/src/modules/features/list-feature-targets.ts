import { asc, eq } from "drizzle-orm";
import type { FeatureFlagTarget } from "@croupier/contract/backoffice/site-rules";
import type { Db } from "@croupier/db/create-database";
import { segments } from "@croupier/db/schema/identity";
import { featureFlagSegments } from "@croupier/db/schema/platform-rules";

/** Every per-segment flag row (a handful per flag at most: one per segment). */
export async function listFeatureTargets(db: Db): Promise<FeatureFlagTarget[]> {
  const rows = await db
    .select({
      feature: featureFlagSegments.feature,
      segment_guid: featureFlagSegments.segment_guid,
      segment_name: segments.name,
      enabled: featureFlagSegments.enabled,
      updated_at: featureFlagSegments.updated_at,
    })
    .from(featureFlagSegments)
    .innerJoin(segments, eq(segments.guid, featureFlagSegments.segment_guid))
    .orderBy(asc(featureFlagSegments.feature), asc(segments.name))
    .limit(1000);
  return rows.map((row) => ({
    ...row,
    feature: row.feature as FeatureFlagTarget["feature"],
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}
