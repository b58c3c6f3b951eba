import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows, type SqlExecutor } from "../../../../lib/sql-executor.ts";
import { findSandboxCard, tokenizeSandboxCard, type CardBehaviour, type SandboxCardError } from "./sandbox-cards.ts";
import { enqueueSandboxWebhook } from "./sandbox-webhooks.ts";

export type SandboxCheckout = {
  guid: string;
  merchant_reference: string;
  amount: string;
  currency_code: string;
  status: "open" | "challenge" | "succeeded" | "declined" | "cancelled";
  card_token: string | null;
  challenge_attempts: number;
  return_url: string;
  declined_url: string;
};

const MAX_CHALLENGE_ATTEMPTS = 3;
const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** Opens (or, for a repeated reference, finds) a hosted checkout. */
export async function createSandboxCheckout(
  db: SqlExecutor,
  input: { reference: string; amount: string; currencyCode: string; returnUrl: string; declinedUrl: string; cardToken?: string | null },
): Promise<string> {
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`INSERT INTO sandbox_psp_checkouts (merchant_reference, amount, currency_code, status, card_token, return_url, declined_url)
        VALUES (${input.reference}, ${input.amount}::numeric, ${input.currencyCode}, 'open', ${input.cardToken ?? null},
                ${input.returnUrl}, ${input.declinedUrl})
        ON CONFLICT (merchant_reference) DO UPDATE SET merchant_reference = EXCLUDED.merchant_reference
        RETURNING guid`,
  );
  return rows[0]!.guid;
}

export async function findSandboxCheckout(db: SqlExecutor, guid: string): Promise<SandboxCheckout | undefined> {
  const rows = await queryRows<SandboxCheckout>(
    db,
    sql`SELECT guid, merchant_reference, trim_scale(amount)::text AS amount, currency_code, status, card_token,
               challenge_attempts, return_url, declined_url
          FROM sandbox_psp_checkouts WHERE guid = ${guid}::uuid`,
  );
  return rows[0];
}

export type CheckoutOutcome =
  | { kind: "redirect"; url: string }
  | { kind: "challenge"; code: string }
  | { kind: "card_error"; error: SandboxCardError }
  | { kind: "closed" };

/**
 * The card form was submitted. Success and decline end the checkout and queue
 * the webhook in the same transaction; a challenge card gets a one-time code
 * (shown on the sandbox page in place of the SMS a bank would send).
 */
export async function payCheckout(
  db: Db,
  checkoutGuid: string,
  input: { card?: { cardNumber: string; expMonth: number; expYear: number; cvv: string; holder: string }; saveCard: boolean },
): Promise<CheckoutOutcome> {
  const checkout = await findSandboxCheckout(db, checkoutGuid);
  if (!checkout || checkout.status !== "open") return { kind: "closed" };
  let token = checkout.card_token;
  let saved: Record<string, unknown> | null = null;
  if (input.card) {
    const result = await tokenizeSandboxCard(db, input.card);
    if (!result.ok) return { kind: "card_error", error: result.error };
    token = result.card.token;
    if (input.saveCard) {
      saved = {
        token: result.card.token,
        bin: result.card.bin,
        last4: result.card.last4,
        brand: result.card.brand,
        holder: input.card.holder,
        exp_month: input.card.expMonth,
        exp_year: input.card.expYear,
      };
    }
  }
  const card = token ? await findSandboxCard(db, token) : undefined;
  if (!card) return { kind: "card_error", error: "invalid_number" };
  return decide(db, checkout, card.behaviour, token!, saved);
}

async function decide(
  db: Db,
  checkout: SandboxCheckout,
  behaviour: CardBehaviour,
  token: string,
  saved: Record<string, unknown> | null,
): Promise<CheckoutOutcome> {
  if (behaviour === "challenge") {
    const code = String(randomInt(100_000, 1_000_000));
    const rows = await queryRows<{ guid: string }>(
      db,
      sql`UPDATE sandbox_psp_checkouts
             SET status = 'challenge', card_token = ${token}, challenge_code_hash = ${hashCode(code)},
                 challenge_attempts = 0, updated_at = now(),
                 card_to_save = ${saved ? JSON.stringify(saved) : null}::jsonb
           WHERE guid = ${checkout.guid}::uuid AND status = 'open' RETURNING guid`,
    );
    if (!rows[0]) return { kind: "closed" };
    return { kind: "challenge", code };
  }
  return finish(db, checkout, behaviour === "success" ? "succeeded" : "declined", ["open"], {
    reason: behaviour === "decline" ? "card_declined" : undefined,
    card: saved,
  });
}

/** A new code for a checkout waiting on its challenge. */
export async function resendChallengeCode(db: SqlExecutor, checkoutGuid: string): Promise<string | null> {
  const code = String(randomInt(100_000, 1_000_000));
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`UPDATE sandbox_psp_checkouts SET challenge_code_hash = ${hashCode(code)}, updated_at = now()
         WHERE guid = ${checkoutGuid}::uuid AND status = 'challenge' RETURNING guid`,
  );
  return rows[0] ? code : null;
}

/** The one-time code was entered: right → paid; wrong three times → declined. */
export async function answerChallenge(db: Db, checkoutGuid: string, code: string): Promise<CheckoutOutcome | { kind: "wrong_code"; attemptsLeft: number }> {
  const rows = await queryRows<{ challenge_code_hash: string | null; challenge_attempts: number; card_to_save: Record<string, unknown> | null }>(
    db,
    sql`SELECT challenge_code_hash, challenge_attempts, card_to_save FROM sandbox_psp_checkouts WHERE guid = ${checkoutGuid}::uuid AND status = 'challenge'`,
  );
  const state = rows[0];
  const checkout = await findSandboxCheckout(db, checkoutGuid);
  if (!state || !checkout) return { kind: "closed" };
  const given = Buffer.from(hashCode(code.trim()), "hex");
  const expected = Buffer.from(state.challenge_code_hash ?? "", "hex");
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    return finish(db, checkout, "succeeded", ["challenge"], { card: state.card_to_save });
  }
  const attempts = state.challenge_attempts + 1;
  if (attempts >= MAX_CHALLENGE_ATTEMPTS) {
    return finish(db, checkout, "declined", ["challenge"], { reason: "authentication_failed" });
  }
  await db.execute(sql`UPDATE sandbox_psp_checkouts SET challenge_attempts = ${attempts} WHERE guid = ${checkoutGuid}::uuid`);
  return { kind: "wrong_code", attemptsLeft: MAX_CHALLENGE_ATTEMPTS - attempts };
}

/** The player gave up on the sandbox page. */
export async function abandonCheckout(db: Db, checkoutGuid: string): Promise<CheckoutOutcome> {
  const checkout = await findSandboxCheckout(db, checkoutGuid);
  if (!checkout) return { kind: "closed" };
  return finish(db, checkout, "cancelled", ["open", "challenge"], { reason: "cancelled_by_payer" });
}

/** The merchant withdrew the checkout (only while nobody has paid it). */
export async function cancelSandboxCheckout(db: SqlExecutor, checkoutGuid: string): Promise<"cancelled" | "too_late"> {
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`UPDATE sandbox_psp_checkouts SET status = 'cancelled', updated_at = now()
         WHERE guid = ${checkoutGuid}::uuid AND status IN ('open', 'challenge') RETURNING guid`,
  );
  return rows[0] ? "cancelled" : "too_late";
}

async function finish(
  db: Db,
  checkout: SandboxCheckout,
  status: "succeeded" | "declined" | "cancelled",
  from: SandboxCheckout["status"][],
  extra: { reason?: string; card?: Record<string, unknown> | null },
): Promise<CheckoutOutcome> {
  return db.transaction(async (tx) => {
    const fromList = sql.join(from.map((s) => sql`${s}`), sql`, `);
    const rows = await queryRows<{ guid: string }>(
      tx,
      sql`UPDATE sandbox_psp_checkouts SET status = ${status}, updated_at = now()
           WHERE guid = ${checkout.guid}::uuid AND status IN (${fromList}) RETURNING guid`,
    );
    if (!rows[0]) return { kind: "closed" } as const;
    await enqueueSandboxWebhook(tx, status === "succeeded" ? "checkout.succeeded" : "checkout.declined", {
      checkout_id: checkout.guid,
      merchant_reference: checkout.merchant_reference,
      amount: checkout.amount,
      currency: checkout.currency_code,
      ...(extra.reason ? { reason: extra.reason } : {}),
      ...(extra.card ? { card: extra.card } : {}),
    });
    return { kind: "redirect", url: status === "succeeded" ? checkout.return_url : checkout.declined_url } as const;
  });
}
