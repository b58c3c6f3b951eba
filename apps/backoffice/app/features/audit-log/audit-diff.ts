/** One line of a before/after comparison. */
export type DiffLine = { key: string; kind: "changed" | "added" | "removed" | "same"; before?: string; after?: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as one readable line: strings as they are, everything else as compact JSON. */
export function showValue(value: unknown): string {
  if (value === undefined) return "";
  if (value === null) return "null";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/**
 * The audit entry's before and after, key by key (top level; nested values compared as JSON). Either side
 * may be null (a creation, a deletion) or not an object at all (then it is one line, "value").
 */
export function diffAudit(before: unknown, after: unknown): DiffLine[] {
  const absent = (value: unknown) => value === null || value === undefined;
  if (absent(before) && absent(after)) return [];
  if (!(isPlainObject(before) || absent(before)) || !(isPlainObject(after) || absent(after))) {
    const [b, a] = [showValue(before), showValue(after)];
    return [{ key: "value", kind: b === a ? "same" : "changed", before: b, after: a }];
  }
  const left = (before ?? {}) as Record<string, unknown>;
  const right = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort();
  return keys.map((key): DiffLine => {
    const inBefore = key in left;
    const inAfter = key in right;
    const b = showValue(left[key]);
    const a = showValue(right[key]);
    if (inBefore && !inAfter) return { key, kind: "removed", before: b };
    if (!inBefore && inAfter) return { key, kind: "added", after: a };
    return { key, kind: b === a ? "same" : "changed", before: b, after: a };
  });
}
