import { describe, expect, it } from "vitest";
import { historyFiltersFromSearch, searchFromHistoryFilters, statusLabel } from "./history-filters";
import { depositReturnFromSearch } from "./deposit-return";

describe("history filters in the address", () => {
  it("reads known values and ignores the rest", () => {
    expect(historyFiltersFromSearch(new URLSearchParams("type=withdrawal&status=pending&page=3"))).toEqual({ type: "withdrawal", status: "pending", page: 3 });
    expect(historyFiltersFromSearch(new URLSearchParams("type=bet&status=lost&page=-1"))).toEqual({ type: null, status: null, page: 1 });
  });

  it("writes only what is set and leaves page 1 out", () => {
    expect(searchFromHistoryFilters({ type: "deposit", status: null, page: 1 }).toString()).toBe("type=deposit");
    expect(searchFromHistoryFilters({ type: null, status: "failed", page: 2 }).toString()).toBe("status=failed&page=2");
  });

  it("says Paid for a successful withdrawal and Credited for a deposit", () => {
    expect(statusLabel("withdrawal", "successful")).toBe("Paid");
    expect(statusLabel("deposit", "successful")).toBe("Credited");
    expect(statusLabel("withdrawal", "pending")).toBe("Pending");
  });
});

describe("return from the provider's page", () => {
  it("reads the outcome and a valid transaction guid", () => {
    const guid = "0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3";
    expect(depositReturnFromSearch(new URLSearchParams(`status=success&transaction_guid=${guid}`))).toEqual({ outcome: "success", transactionGuid: guid });
    expect(depositReturnFromSearch(new URLSearchParams("status=declined&transaction_guid=nope"))).toEqual({ outcome: "declined", transactionGuid: null });
    expect(depositReturnFromSearch(new URLSearchParams("status=pending"))).toBeNull();
  });
});
