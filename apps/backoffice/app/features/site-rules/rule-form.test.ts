import { describe, expect, it } from "vitest";
import { bodyFromForm, EMPTY_RULE, formFromRule } from "./rule-form";

describe("site rule form", () => {
  it("sends only what the kind uses, countries upper-cased and split", () => {
    expect(
      bodyFromForm({ ...EMPTY_RULE, path_prefix: " /live ", kind: "restrict", countries: "de, fr;nl", target: "/x" }),
    ).toEqual({
      path_prefix: "/live",
      kind: "restrict",
      target: null,
      ends_at: null,
      countries: ["DE", "FR", "NL"],
      enabled: true,
      note: null,
    });
    expect(
      bodyFromForm({ ...EMPTY_RULE, kind: "redirect", target: " https://blog.example.com ", countries: "DE" }),
    ).toMatchObject({
      target: "https://blog.example.com",
      countries: [],
    });
  });

  it("round-trips a maintenance end through the local datetime input", () => {
    const ends = new Date(2026, 10, 25, 14, 30).toISOString();
    const form = formFromRule({
      guid: "00000000-0000-4000-8000-000000000000",
      path_prefix: "/live",
      kind: "maintenance",
      target: null,
      ends_at: ends,
      countries: [],
      enabled: true,
      note: null,
      created_at: ends,
      updated_at: ends,
    });
    expect(form.ends_at).toBe("2026-11-25T14:30");
    expect(bodyFromForm(form).ends_at).toBe(ends);
  });
});
