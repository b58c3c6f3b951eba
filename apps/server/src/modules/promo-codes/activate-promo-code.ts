import type { DatabaseHandle } from "@croupier/db/create-database";
import type { PromoCodeActivation } from "@croupier/contract/entities/promo-code";
import { AppError } from "../../lib/app-error.ts";
import { ensureFirstWallet } from "../wallet/get-or-create-wallet.ts";
import { assertPromoNotLocked, countPromoFailure, promoAttemptKeys } from "./promo-attempt-limits.ts";
import { PROMO_REFUSAL_CODES, redeemPromoCode } from "./redeem-promo-code.ts";

export type ActivatePromoCodeInput = {
  playerGuid: string;
  /** Upper-cased and trimmed by the contract. */
  code: string;
  /** The client address as the app resolved it (ADR 015); null when unknown. */
  address: string | null;
};

/**
 * POST /promocodes/activate: refused at once while the player or the address is locked out, then
 * redeems the code in the player's active wallet (their first wallet is opened if they have none) in
 * one transaction. Every refusal is counted against the player and the address after the
 * transaction rolled back, so the count survives it and guessing codes soon locks the guesser out.
 */
export async function activatePromoCode(database: DatabaseHandle, input: ActivatePromoCodeInput): Promise<PromoCodeActivation> {
  const keys = promoAttemptKeys({ playerGuid: input.playerGuid, address: input.address });
  await assertPromoNotLocked(database, keys);
  try {
    const wallet = await ensureFirstWallet(database.db, input.playerGuid);
    return await database.db.transaction((tx) =>
      redeemPromoCode(tx, { playerGuid: input.playerGuid, code: input.code, activatedBy: "customer", walletGuid: wallet.guid }),
    );
  } catch (error) {
    if (error instanceof AppError && PROMO_REFUSAL_CODES.has(error.code)) await countPromoFailure(database, keys);
    throw error;
  }
}
