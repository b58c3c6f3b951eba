import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { badRequest, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { isExpired, isValidCardNumber, normaliseCardNumber } from "./card-number.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { CardRefusedError } from "./psp/sandbox/sandbox-adapter.ts";

export type SavedCard = {
  guid: string;
  bin: string;
  last4: string;
  card_holder: string;
  exp_month: number;
  exp_year: number;
  customer_guid: string;
  project_guid: string | null;
  created_at: string;
};

const cardColumns = sql`pc.guid, pc.bin, pc.last4, pc.card_holder, pc.exp_month, pc.exp_year, pc.customer_guid,
  (SELECT guid FROM project_settings ORDER BY created_at LIMIT 1) AS project_guid,
  to_char(pc.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/**
 * Saves a card: the number goes to the card PSP for a token and is dropped;
 * only token, BIN, last 4, holder and expiry are stored (PLAYER_PROTECTION 29).
 * Error messages never echo the number.
 */
export async function saveCard(
  ctx: PaymentsContext,
  input: { playerGuid: string; cardNumber: string; holder: string; expMonth: number; expYear: number },
): Promise<SavedCard> {
  const digits = normaliseCardNumber(input.cardNumber);
  if (!isValidCardNumber(digits)) throw badRequest("This card number is not valid.", [{ field: "body.card_number", message: "is not a valid card number" }]);
  if (isExpired(input.expMonth, input.expYear)) throw badRequest("This card has expired.", [{ field: "body.expiration_year", message: "card has expired" }]);
  const systems = await queryRows<{ guid: string; adapter: string }>(
    ctx.db,
    sql`SELECT guid, adapter FROM payment_systems WHERE kind = 'card' AND enabled AND project_enabled ORDER BY ordering LIMIT 1`,
  );
  const system = systems[0];
  if (!system) throw badRequest("Cards are not accepted at the moment.");
  let token;
  try {
    token = await ctx.providers.get(system.adapter).tokenizeCard({ cardNumber: digits, holder: input.holder, expMonth: input.expMonth, expYear: input.expYear });
  } catch (error) {
    if (error instanceof CardRefusedError) throw badRequest("The card was refused by the payment provider.", [{ field: "body.card_number", message: "was refused" }]);
    throw error;
  }
  const rows = await queryRows<{ guid: string }>(
    ctx.db,
    sql`INSERT INTO payment_cards (customer_guid, payment_system_guid, provider_token, bin, last4, brand, card_holder, exp_month, exp_year)
        VALUES (${input.playerGuid}::uuid, ${system.guid}::uuid, ${token.token}, ${token.bin}, ${token.last4}, ${token.brand},
                ${input.holder}, ${input.expMonth}, ${input.expYear})
        RETURNING guid`,
  );
  return (await findCard(ctx.db, input.playerGuid, rows[0]!.guid))!;
}

export async function listCards(db: Db, playerGuid: string): Promise<SavedCard[]> {
  return queryRows<SavedCard>(
    db,
    sql`SELECT ${cardColumns} FROM payment_cards pc
         WHERE pc.customer_guid = ${playerGuid}::uuid AND pc.deleted_at IS NULL
         ORDER BY pc.created_at DESC LIMIT 100`,
  );
}

async function findCard(db: Db, playerGuid: string, guid: string): Promise<SavedCard | undefined> {
  const rows = await queryRows<SavedCard>(
    db,
    sql`SELECT ${cardColumns} FROM payment_cards pc
         WHERE pc.guid = ${guid}::uuid AND pc.customer_guid = ${playerGuid}::uuid AND pc.deleted_at IS NULL`,
  );
  return rows[0];
}

/** Removes a saved card from the player's list (kept for the history of payments made with it). */
export async function deleteCard(db: Db, playerGuid: string, guid: string): Promise<void> {
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`UPDATE payment_cards SET deleted_at = now()
         WHERE guid = ${guid}::uuid AND customer_guid = ${playerGuid}::uuid AND deleted_at IS NULL RETURNING guid`,
  );
  if (!rows[0]) throw notFound("No such card.");
}
