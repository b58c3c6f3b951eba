import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { diffAudit } from "./audit-diff";
import { AuditDiffView } from "./audit-diff-view";
import { draftOf, filtersOf } from "./audit-filters-form";
import { EMPTY_AUDIT_FILTERS } from "./list-audit-log";

afterEach(cleanup);

describe("diffAudit", () => {
  it("compares key by key, nested values as JSON", () => {
    expect(
      diffAudit({ status: "active", reason: null, limits: { daily: "10" }, gone: 1 }, { status: "locked", reason: "fraud", limits: { daily: "10" }, extra: true }),
    ).toEqual([
      { key: "extra", kind: "added", after: "true" },
      { key: "gone", kind: "removed", before: "1" },
      { key: "limits", kind: "same", before: '{"daily":"10"}', after: '{"daily":"10"}' },
      { key: "reason", kind: "changed", before: "null", after: "fraud" },
      { key: "status", kind: "changed", before: "active", after: "locked" },
    ]);
  });

  it("handles a creation, nothing at all and values that are not objects", () => {
    expect(diffAudit(null, { role: "support" })).toEqual([{ key: "role", kind: "added", after: "support" }]);
    expect(diffAudit(null, null)).toEqual([]);
    expect(diffAudit("a", "b")).toEqual([{ key: "value", kind: "changed", before: "a", after: "b" }]);
  });

  it("shows changed keys and hides the unchanged ones behind a disclosure", () => {
    render(<AuditDiffView before={{ status: "active", email: "a@b.c" }} after={{ status: "locked", email: "a@b.c" }} />);
    expect(screen.getByText("active").tagName).toBe("DEL");
    expect(screen.getByText("locked").tagName).toBe("INS");
    expect(screen.getByText("1 unchanged")).toBeTruthy();
  });
});

describe("audit filters", () => {
  const draft = { staff_id: "", player_id: "", action: "", from_day: "", to_day: "" };

  it("turns inclusive UTC days into the API's [from, to) and back", () => {
    const result = filtersOf({ ...draft, from_day: "2026-11-01", to_day: "2026-11-24", action: " Player.Lock " });
    expect(result).toEqual({
      filters: { staff_id: "", player_id: "", action: "player.lock", from: "2026-11-01T00:00:00.000Z", to: "2026-11-25T00:00:00.000Z" },
    });
    if ("filters" in result) expect(draftOf(result.filters)).toMatchObject({ from_day: "2026-11-01", to_day: "2026-11-24" });
    expect(filtersOf(draft)).toEqual({ filters: EMPTY_AUDIT_FILTERS });
  });

  it("names the wrong fields instead of asking the server", () => {
    const result = filtersOf({ ...draft, staff_id: "bob", player_id: "1234", action: "drop table", from_day: "2026-11-10", to_day: "2026-11-09" });
    expect(result).toEqual({
      errors: {
        staff_id: expect.stringContaining("UUID"),
        player_id: expect.stringContaining("UUID"),
        action: expect.stringContaining("player.lock"),
        to_day: "Must not be before the first day.",
      },
    });
  });
});
