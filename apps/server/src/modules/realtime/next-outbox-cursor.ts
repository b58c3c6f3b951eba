/** Ids at or below the head that were not visible when the head passed them: [lo, hi, seen_at_ms]. */
export type OutboxGap = [lo: number, hi: number, seenAtMs: number];

/**
 * A gap still empty after this long is taken for a rolled-back insert and forgotten. An outbox row whose
 * transaction stays open longer than this after its insert is never emitted (ADR 041).
 */
export const OUTBOX_GAP_TTL_MS = 10 * 60_000;
/** Bounds the cursor row: beyond this many ranges the oldest are forgotten first. */
const GAPS_MAX = 5_000;

/**
 * The cursor after emitting `ids` (sorted): the head moves to the highest id read, the ids skipped on
 * the way become gaps, the ids found in gaps leave them, and gaps past their time-to-live are forgotten.
 */
export function nextOutboxCursor(
  head: number,
  gaps: readonly OutboxGap[],
  ids: readonly number[],
  now: number,
): { head: number; gaps: OutboxGap[]; changed: boolean; forgotten: number } {
  let changed = false;
  const found = new Set(ids.filter((id) => id <= head));
  let result: OutboxGap[] = [];
  for (const gap of gaps) {
    const [lo, hi, seenAt] = gap;
    if (now - seenAt > OUTBOX_GAP_TTL_MS) {
      changed = true;
      continue;
    }
    const inside = [...found].filter((id) => id >= lo && id <= hi).sort((a, b) => a - b);
    if (inside.length === 0) {
      result.push(gap);
      continue;
    }
    changed = true;
    let from = lo;
    for (const id of inside) {
      if (id > from) result.push([from, id - 1, seenAt]);
      from = id + 1;
    }
    if (from <= hi) result.push([from, hi, seenAt]);
  }
  const forgottenByAge = gaps.length - gaps.filter(([, , seenAt]) => now - seenAt <= OUTBOX_GAP_TTL_MS).length;
  let nextHead = head;
  for (const id of ids) {
    if (id <= nextHead) continue;
    if (id > nextHead + 1) result.push([nextHead + 1, id - 1, now]);
    nextHead = id;
  }
  let forgotten = forgottenByAge;
  if (result.length > GAPS_MAX) {
    // Oldest first out: the youngest are the likeliest to still commit.
    result.sort((a, b) => a[2] - b[2]);
    forgotten += result.length - GAPS_MAX;
    result = result.slice(result.length - GAPS_MAX);
    changed = true;
  }
  result.sort((a, b) => a[0] - b[0]);
  return { head: nextHead, gaps: result, changed: changed || nextHead !== head, forgotten };
}
