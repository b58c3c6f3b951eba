import { describe, expect, it } from "vitest";
import { apiQuery, cleanAmount, filtersFromSearch, NO_FILTERS, searchFromFilters } from "./history-filters";

const GAME = "3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

describe("history filters", () => {
  it("round-trips through the address and becomes the API query", () => {
    const filters = filtersFromSearch(
      new URLSearchParams(`game_guid=${GAME}&created_at_from=2026-01-01&created_at_to=2026-01-31&bet_sum_from=1&win_sum_to=2.50&page=3`),
    );
    expect(filters).toEqual({
      ...NO_FILTERS,
      game_guid: GAME,
      created_at_from: "2026-01-01",
      created_at_to: "2026-01-31",
      bet_sum_from: "1",
      win_sum_to: "2.50",
      page: 3,
    });
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(apiQuery(filters)).toEqual({
      page: 3,
      per_page: 20,
      game_guid: GAME,
      created_at_from: "2026-01-01",
      created_at_to: "2026-01-31",
      bet_sum_from: "1",
      win_sum_to: "2.50",
    });
  });

  it("drops malformed values instead of sending them", () => {
    const filters = filtersFromSearch(new URLSearchParams("game_guid=nope&created_at_from=yesterday&bet_sum_from=-1&win_sum_from=1e3&page=0"));
    expect(filters).toEqual(NO_FILTERS);
    expect(searchFromFilters(filters).toString()).toBe("");
  });

  it("accepts a decimal comma for amounts typed by hand", () => {
    expect(cleanAmount(" 2,5 ")).toBe("2.5");
    expect(cleanAmount("abc")).toBeNull();
    expect(cleanAmount("")).toBeNull();
  });
});
