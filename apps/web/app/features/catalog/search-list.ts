/** Pure parts of the game search: keyboard movement in the result list and the recent searches. */

export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_MIN_CHARS = 2;
/** The API's limit for game_name. */
export const SEARCH_MAX_CHARS = 64;
export const SEARCH_RESULTS = 20;
export const RECENT_SEARCHES_KEY = "croupier.recent-searches";
export const RECENT_SEARCHES_MAX = 6;

/** The text sent as game_name: trimmed, inner runs of spaces collapsed, cut to the API's limit; "" when too short. */
export function searchTerm(input: string): string {
  const term = input.trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX_CHARS);
  return term.length >= SEARCH_MIN_CHARS ? term : "";
}

/**
 * The option a key moves to in a list of `count` options, `active` being -1 for none: arrows
 * step and wrap, Home and End jump. Null when the key does not move (the caller lets it through).
 */
export function moveActive(active: number, key: string, count: number): number | null {
  if (count <= 0) return key === "ArrowDown" || key === "ArrowUp" ? -1 : null;
  if (active >= count) active = -1;
  switch (key) {
    case "ArrowDown":
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case "ArrowUp":
      return active <= 0 ? count - 1 : active - 1;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** The recent searches with `term` first: case-insensitive duplicates dropped, at most RECENT_SEARCHES_MAX. */
export function addRecent(recent: readonly string[], term: string): string[] {
  const clean = searchTerm(term);
  if (!clean) return [...recent];
  const lower = clean.toLowerCase();
  return [clean, ...recent.filter((item) => item.toLowerCase() !== lower)].slice(0, RECENT_SEARCHES_MAX);
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Recent searches from storage; anything unreadable (private mode, a hand-edited value) is an empty list. */
export function readRecent(store: Store | undefined): string[] {
  try {
    const value = JSON.parse(store?.getItem(RECENT_SEARCHES_KEY) ?? "[]") as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter((item): item is string => typeof item === "string" && searchTerm(item) !== "").slice(0, RECENT_SEARCHES_MAX);
  } catch {
    return [];
  }
}

export function writeRecent(store: Store | undefined, recent: readonly string[]) {
  try {
    if (recent.length === 0) store?.removeItem(RECENT_SEARCHES_KEY);
    else store?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(recent.slice(0, RECENT_SEARCHES_MAX)));
  } catch {
    // Storage full or blocked: recent searches are a convenience, the search still works.
  }
}
