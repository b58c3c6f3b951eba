import type { DatabaseHandle } from "@croupier/db/create-database";

/**
 * What the lobby lists are cut from, held in memory per database handle for one
 * catalogue version (ADR 043): per filter combination the ordered guids of the
 * matching games (page N is a slice, so a deep page costs what the first does,
 * and the total is the list's length), and per game its contract-checked JSON.
 * A newer catalogue version replaces the whole snapshot; nothing in it is
 * ever served under another version. Every limit below bounds memory, not
 * correctness: what does not fit is read from the database each time.
 */
export type CatalogSnapshot = {
  version: string;
  /** Filter key → guids in lobby order; null: longer than LIST_IDS_MAX, pages are cut by OFFSET. */
  lists: Map<string, string[] | null>;
  /** Guids held by lists, against LIST_IDS_TOTAL_MAX. */
  listIds: number;
  /** `${kind}:${guid}` → the game's JSON as the contract serialises it (is_favorite false). */
  fragments: Map<string, string>;
};

// One list can hold a whole 50,000-game catalogue (about 3 MB of guids); all lists together
// about 16 MB, the most recently used kept. Past the per-list limit the filter is paged by OFFSET.
export const LIST_IDS_MAX = 50_000;
const LIST_IDS_TOTAL_MAX = 250_000;
// Filter combinations: the lobby sends a few dozen, but a client can vary them (and search) freely.
const LISTS_MAX = 1_000;
// Two kinds (game, edge game) of a 10,000-game catalogue; about 0.7 KB each.
const FRAGMENTS_MAX = 20_000;

const snapshots = new WeakMap<object, CatalogSnapshot>();

const emptySnapshot = (version: string): CatalogSnapshot => ({
  version,
  lists: new Map(),
  listIds: 0,
  fragments: new Map(),
});

/** The snapshot last used for this database, whatever its version (the caller verifies it). */
export function currentSnapshot(database: Pick<DatabaseHandle, "db">): CatalogSnapshot | undefined {
  return snapshots.get(database.db);
}

/**
 * The snapshot for a version just read from the database. A newer version
 * replaces the current snapshot; an older one (a request whose read raced a
 * change) gets a detached snapshot that no other request sees.
 */
export function snapshotAt(database: Pick<DatabaseHandle, "db">, version: string): CatalogSnapshot {
  const current = snapshots.get(database.db);
  if (current?.version === version) return current;
  const fresh = emptySnapshot(version);
  if (!current || BigInt(version) > BigInt(current.version)) snapshots.set(database.db, fresh);
  return fresh;
}

/** The list of a filter key, marked most recently used; undefined when not held. */
export function peekList(snapshot: CatalogSnapshot, key: string): string[] | null | undefined {
  const ids = snapshot.lists.get(key);
  if (ids === undefined) return undefined;
  snapshot.lists.delete(key);
  snapshot.lists.set(key, ids);
  return ids;
}

export function storeList(snapshot: CatalogSnapshot, key: string, ids: string[] | null): void {
  const size = ids?.length ?? 0;
  if (size > LIST_IDS_TOTAL_MAX) return;
  const previous = snapshot.lists.get(key);
  if (previous !== undefined) {
    snapshot.lists.delete(key);
    snapshot.listIds -= previous?.length ?? 0;
  }
  // Least recently used first out.
  while (
    snapshot.lists.size > 0 &&
    (snapshot.lists.size >= LISTS_MAX || snapshot.listIds + size > LIST_IDS_TOTAL_MAX)
  ) {
    const [oldestKey, oldest] = snapshot.lists.entries().next().value!;
    snapshot.lists.delete(oldestKey);
    snapshot.listIds -= oldest?.length ?? 0;
  }
  snapshot.lists.set(key, ids);
  snapshot.listIds += size;
}

export function storeFragment(snapshot: CatalogSnapshot, key: string, json: string): void {
  // Full: keep what is there (the games asked for first are the lobby's first pages).
  if (snapshot.fragments.size < FRAGMENTS_MAX) snapshot.fragments.set(key, json);
}
