import { z } from "zod";
import type { GameRuleError } from "../games/play-instant.ts";
import { HouseError } from "../service/house-error.ts";

/**
 * Input rules shared by every house-games endpoint (issue #13 item 11): what
 * the routes accept is checked here, so a bad value is a 400 naming the field
 * and never reaches the money code (where "-1" or "1e2" used to throw a 500).
 */

/** A decimal amount as the wallet protocol writes it: no sign, no exponent, at most 15 whole digits and 18 decimals. */
export const DECIMAL_INPUT = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,18})?$/;

export const decimalInput = z
  .string()
  .max(34)
  .regex(DECIMAL_INPUT, "a decimal amount without sign or exponent, such as 1.50");

/** C0 and C1 control characters (NUL included): PostgreSQL refuses NUL in text and jsonb, and none belongs in a field. */
const CONTROL = /\p{Cc}/u;

/** Free text of at most `max` characters without control characters. */
export const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !CONTROL.test(value), "control characters are not allowed");

/** A field named the way the platform names it ("body.params.bets.0.amount"). */
export function fieldName(prefix: string, path: readonly PropertyKey[]): string {
  return [prefix, ...path.map(String)].join(".");
}

/**
 * A game-rule refusal as the API answers it: a malformed value is a 400
 * VALIDATION_ERROR naming the field (the platform's shape: message
 * "Invalid input: <field>", fields [{ field, message }]); a well-formed bet the
 * rules refuse stays a 422 with the same field list.
 */
export function ruleRefusal(error: GameRuleError, root: string, stripRoot?: string): HouseError {
  const path = error.path && stripRoot !== undefined && error.path[0] === stripRoot ? error.path.slice(1) : error.path;
  const field = path ? fieldName(root, path) : null;
  const fields = field ? { fields: [{ field, message: error.message }] } : {};
  if (error.code === "VALIDATION_ERROR")
    return new HouseError("VALIDATION_ERROR", field ? `Invalid input: ${field}` : error.message, 400, fields);
  return new HouseError(error.code, error.message, 422, fields);
}
