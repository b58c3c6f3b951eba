import { eq } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { segments, userSegments } from "@croupier/db/schema/identity";
import { featureFlagSegments } from "@croupier/db/schema/platform-rules";

/** Targeting rows per feature are read at most this often per process (every page render asks). */
export const FEATURE_TARGETS_CACHE_MS = 30_000;

type Target = { segment_guid: string; enabled: boolean };
const caches = new WeakMap<Db, Map<string, { targets: Promise<Target[]>; loaded_at_ms: number }>>();

export function invalidateFeatureTargets(db: Db): void {
  caches.delete(db);
}

function targetsOf(db: Db, feature: string, now_ms: number): Promise<Target[]> {
  let perFeature = caches.get(db);
  if (!perFeature) caches.set(db, (perFeature = new Map()));
  const hit = perFeature.get(feature);
  if (hit && now_ms - hit.loaded_at_ms < FEATURE_TARGETS_CACHE_MS) return hit.targets;
  const targets = db
    .select({ segment_guid: featureFlagSegments.segment_guid, enabled: featureFlagSegments.enabled })
    .from(featureFlagSegments)
    .where(eq(featureFlagSegments.feature, feature));
  const entry = { targets: Promise.resolve(targets), loaded_at_ms: now_ms };
  perFeature.set(feature, entry);
  entry.targets.catch(() => perFeature.delete(feature));
  return entry.targets;
}

/** The player's segments; a visitor, or a player in none, is in the default segments. */
async function segmentsOf(db: Db, userId: string | null): Promise<string[]> {
  if (userId) {
    const own = await db
      .select({ guid: userSegments.segment_guid })
      .from(userSegments)
      .where(eq(userSegments.user_guid, userId));
    if (own.length > 0) return own.map((row) => row.guid);
  }
  const defaults = await db.select({ guid: segments.guid }).from(segments).where(eq(segments.is_default, true));
  return defaults.map((row) => row.guid);
}

/**
 * Whether a flag is on for this caller (issue #19, ADR 028): a row for one of the caller's
 * segments decides (off wins over on when segments disagree); without one, FEATURE_FLAGS does.
 */
export async function resolveFeatureStatus(
  db: Db,
  input: { feature: string; userId: string | null; globallyOn: boolean },
  now_ms = Date.now(),
): Promise<boolean> {
  const targets = await targetsOf(db, input.feature, now_ms);
  if (targets.length === 0) return input.globallyOn;
  const mine = new Set(await segmentsOf(db, input.userId));
  const matching = targets.filter((target) => mine.has(target.segment_guid));
  if (matching.length === 0) return input.globallyOn;
  return matching.every((target) => target.enabled);
}
