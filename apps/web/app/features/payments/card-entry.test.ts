import { ResponseError } from "@croupier/contract/api-client";
import { describe, expect, it } from "vitest";
import { cardDigits, cardFieldErrors, formatCardNumber, isLuhnValid, validateCardDraft } from "./card-entry";

const NOW = new Date("2026-06-15T00:00:00Z");

describe("card entry", () => {
  it("keeps digits only (at most 19) and spaces them in fours", () => {
    expect(cardDigits("4242-4242 4242x4242")).toBe("4242424242424242");
    expect(cardDigits("1".repeat(25))).toHaveLength(19);
    expect(formatCardNumber("42424242424")).toBe("4242 4242 424");
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
  });

  it("Luhn: accepts real test numbers, refuses a changed digit and wrong lengths", () => {
    expect(isLuhnValid("4242424242424242")).toBe(true);
    expect(isLuhnValid("5555555555554444")).toBe(true);
    expect(isLuhnValid("4242424242424241")).toBe(false);
    expect(isLuhnValid("42424")).toBe(false);
  });

  it("validates each field, including an expired month", () => {
    const ok = { number: "4242 4242 4242 4242", holder: "Ada Lovelace", month: "6", year: "2026" };
    expect(validateCardDraft(ok, NOW)).toEqual({});
    expect(validateCardDraft({ ...ok, month: "5" }, NOW)).toEqual({ expiration_year: "This card has expired." });
    expect(Object.keys(validateCardDraft({ number: "", holder: " ", month: "", year: "" }, NOW)).sort()).toEqual([
      "card_number",
      "cardholder_name",
      "expiration_month",
      "expiration_year",
    ]);
  });

  it("maps the server's field errors to the form's fields", () => {
    const error = new ResponseError({
      response: new Response(null, { status: 400 }),
      payload: {
        code: "BAD_REQUEST",
        message: "This card has expired.",
        fields: [
          { field: "body.expiration_year", message: "card has expired" },
          { field: "body.other", message: "x" },
        ],
      },
    });
    expect(cardFieldErrors(error)).toEqual({ expiration_year: "Expiry card has expired." });
    expect(cardFieldErrors(new Error("x"))).toEqual({});
  });
});
