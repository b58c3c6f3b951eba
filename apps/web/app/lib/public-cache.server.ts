/**
 * A short-lived, process-wide cache for data that is the same for every visitor (the tag
 * dictionary, the lobby of an anonymous visitor). Each request still gets its own QueryClient;
 * this only saves repeating identical API calls on a busy lobby. Concurrent misses share one call.
 */
type Entry = { value: unknown; expires: number };

const MAX_ENTRIES = 200;
const entries = new Map<string, Entry>();
const inflight = new Map<string, Promise<unknown>>();

export async function cachedPublic<T>(key: string, ttlMs: number, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as T;
  const pending = inflight.get(key);
  if (pending) return pending as Promise<T>;
  const promise = load()
    .then((value) => {
      if (keep(value)) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, expires: Date.now() + ttlMs });
      }
      return value;
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

/** Tests and hot reload: forget everything. */
export function clearPublicCache() {
  entries.clear();
  inflight.clear();
}
