/**
 * The shared HTML cache of anonymous pages (issue #20, ADR 044): whole rendered documents, kept
 * per process, least recently used first out, bounded by entries and by bytes, each entry
 * expiring after a TTL whatever its key says (the backstop for what no version tracks).
 */
export type CachedPage = {
  /** The document as rendered (no nonce in it: the policy lists its inline scripts' hashes). */
  body: Buffer;
  /** The same bytes compressed once, when stored. */
  br: Buffer;
  gzip: Buffer;
  /** Weak (one entity, several content codings): W/"<sha-256 of the body, base64url, 27 chars>". */
  etag: string;
  /** 'sha256-…' of every inline script of body, for script-src. */
  script_hashes: string[];
  /** Headers of the render other than cookies, length, encoding and vary. */
  headers: [string, string][];
  status: number;
  stored_at_ms: number;
};

export type PageCacheLimits = { max_entries: number; max_bytes: number; ttl_ms: number };

export type PageCache = {
  get: (key: string, now_ms?: number) => CachedPage | undefined;
  set: (key: string, page: CachedPage) => void;
  /** Entries and bytes held, for tests and /metrics-style reporting. */
  size: () => { entries: number; bytes: number };
  clear: () => void;
};

const sizeOf = (page: CachedPage) => page.body.length + page.br.length + page.gzip.length;

export function createPageCache(limits: PageCacheLimits): PageCache {
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  const remove = (key: string) => {
    const page = entries.get(key);
    if (!page) return;
    entries.delete(key);
    bytes -= sizeOf(page);
  };
  return {
    get(key, now_ms = Date.now()) {
      const page = entries.get(key);
      if (!page) return undefined;
      if (now_ms - page.stored_at_ms >= limits.ttl_ms) {
        remove(key);
        return undefined;
      }
      // Most recently used goes last; eviction takes the first.
      entries.delete(key);
      entries.set(key, page);
      return page;
    },
    set(key, page) {
      const size = sizeOf(page);
      remove(key);
      // A page larger than the whole budget is not kept (it would evict everything for itself).
      if (size > limits.max_bytes || limits.max_entries < 1) return;
      while (entries.size >= limits.max_entries || bytes + size > limits.max_bytes)
        remove(entries.keys().next().value!);
      entries.set(key, page);
      bytes += size;
    },
    size: () => ({ entries: entries.size, bytes }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
