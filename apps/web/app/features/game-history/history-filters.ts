/** The filters of the round history, kept in the address so a filtered page can be shared and reloaded. */
export type HistoryFilters = {
  game_guid: string | null;
  /** YYYY-MM-DD, inclusive. */
  created_at_from: string | null;
  created_at_to: string | null;
  bet_sum_from: string | null;
  bet_sum_to: string | null;
  win_sum_from: string | null;
  win_sum_to: string | null;
  page: number;
};

export const HISTORY_PER_PAGE = 20;
const PAGE_MAX = 1_000_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const AMOUNT_KEYS = ["bet_sum_from", "bet_sum_to", "win_sum_from", "win_sum_to"] as const;
const DATE_KEYS = ["created_at_from", "created_at_to"] as const;

/** A plain non-negative decimal as the API accepts it ("1", "0.5"), or null for anything else. */
export function cleanAmount(value: string | null | undefined): string | null {
  const text = value?.trim().replace(",", ".") ?? "";
  return AMOUNT.test(text) ? text : null;
}

/** Reads the filters from a query string; malformed values are dropped rather than sent. */
export function filtersFromSearch(search: URLSearchParams): HistoryFilters {
  const game = search.get("game_guid");
  const page = Number(search.get("page") ?? "1");
  const filters: HistoryFilters = {
    game_guid: game && UUID.test(game) ? game : null,
    created_at_from: null,
    created_at_to: null,
    bet_sum_from: null,
    bet_sum_to: null,
    win_sum_from: null,
    win_sum_to: null,
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
  };
  for (const key of DATE_KEYS) {
    const value = search.get(key);
    filters[key] = value && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  }
  for (const key of AMOUNT_KEYS) filters[key] = cleanAmount(search.get(key));
  return filters;
}

/** The query string for these filters (page 1 and empty values are left out). */
export function searchFromFilters(filters: HistoryFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.game_guid) search.set("game_guid", filters.game_guid);
  for (const key of [...DATE_KEYS, ...AMOUNT_KEYS]) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  if (filters.page > 1) search.set("page", String(filters.page));
  return search;
}

/** GET /games/game-transaction's query for these filters. */
export function apiQuery(filters: HistoryFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { page: filters.page, per_page: HISTORY_PER_PAGE };
  if (filters.game_guid) query.game_guid = filters.game_guid;
  for (const key of [...DATE_KEYS, ...AMOUNT_KEYS]) {
    const value = filters[key];
    if (value) query[key] = value;
  }
  return query;
}

export const NO_FILTERS: HistoryFilters = {
  game_guid: null,
  created_at_from: null,
  created_at_to: null,
  bet_sum_from: null,
  bet_sum_to: null,
  win_sum_from: null,
  win_sum_to: null,
  page: 1,
};
