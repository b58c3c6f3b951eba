import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../../../lib/sql-executor.ts";
import { cardBrand, isExpired, isValidCardNumber, normaliseCardNumber } from "../../card-number.ts";
import type { CardToken } from "../payment-provider.ts";

export type CardBehaviour = "success" | "decline" | "challenge";

/** The sandbox's test numbers (any other Luhn-valid number succeeds). */
export const SANDBOX_TEST_CARDS: { number: string; behaviour: CardBehaviour; description: string }[] = [
  { number: "4242424242424242", behaviour: "success", description: "Visa: succeeds" },
  { number: "5555555555554444", behaviour: "success", description: "Mastercard: succeeds" },
  { number: "4000000000000002", behaviour: "decline", description: "Declined (payouts to it fail too)" },
  { number: "4000000000009995", behaviour: "decline", description: "Declined: insufficient funds" },
  { number: "4000000000003220", behaviour: "challenge", description: "Asks for a one-time code (3-D Secure)" },
];

export function cardBehaviour(digits: string): CardBehaviour {
  return SANDBOX_TEST_CARDS.find((c) => c.number === digits)?.behaviour ?? "success";
}

export type SandboxCardError = "invalid_number" | "expired" | "invalid_cvv";

/**
 * The sandbox's vault: keeps a token, BIN, last 4, brand and the test
 * behaviour. The number itself is dropped here, as at a real PSP it would
 * stay behind its PCI boundary.
 */
export async function tokenizeSandboxCard(
  db: SqlExecutor,
  input: { cardNumber: string; expMonth: number; expYear: number; cvv?: string },
): Promise<{ ok: true; card: CardToken & { behaviour: CardBehaviour } } | { ok: false; error: SandboxCardError }> {
  const digits = normaliseCardNumber(input.cardNumber);
  if (!isValidCardNumber(digits)) return { ok: false, error: "invalid_number" };
  if (isExpired(input.expMonth, input.expYear)) return { ok: false, error: "expired" };
  if (input.cvv !== undefined && !/^\d{3,4}$/.test(input.cvv)) return { ok: false, error: "invalid_cvv" };
  const card = {
    token: `tok_${randomBytes(18).toString("base64url")}`,
    bin: digits.slice(0, 6),
    last4: digits.slice(-4),
    brand: cardBrand(digits),
    behaviour: cardBehaviour(digits),
  };
  await db.execute(
    sql`INSERT INTO sandbox_psp_cards (token, bin, last4, brand, behaviour)
        VALUES (${card.token}, ${card.bin}, ${card.last4}, ${card.brand}, ${card.behaviour})`,
  );
  return { ok: true, card };
}

export async function findSandboxCard(db: SqlExecutor, token: string) {
  const rows = await queryRows<{ token: string; bin: string; last4: string; brand: string; behaviour: CardBehaviour }>(
    db,
    sql`SELECT token, bin, last4, brand, behaviour FROM sandbox_psp_cards WHERE token = ${token}`,
  );
  return rows[0];
}
