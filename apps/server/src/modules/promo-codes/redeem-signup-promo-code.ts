import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import type { Db } from "@croupier/db/create-database";
import { ensureFirstWallet } from "../wallet/get-or-create-wallet.ts";
import { redeemPromoCode } from "./redeem-promo-code.ts";

type Log = Pick<FastifyBaseLogger, "info">;
// Sign-up has no request logger at hand (as for registration bonuses, ADR 031).
let fallbackLog: Log | undefined;
const defaultLog = (): Log => (fallbackLog ??= pino({ name: "promo-codes" }));

/**
 * Redeems the sign-up form's code for the new player once the account exists, in their first wallet
 * (opened here): a fixed or free-spins campaign is granted now, a deposit match waits for the first
 * qualifying deposit. The code was checked before the account was stored; a refusal now (a segment,
 * the once-per-person welcome rule of the engine, a race for the last use) never fails the sign-up.
 */
export async function redeemSignupPromoCode(db: Db, playerGuid: string, code: string, log: Log = defaultLog()): Promise<void> {
  try {
    const wallet = await ensureFirstWallet(db, playerGuid);
    await db.transaction((tx) =>
      redeemPromoCode(tx, { playerGuid, code: code.trim().toUpperCase(), activatedBy: "signup", walletGuid: wallet.guid }),
    );
  } catch (error: unknown) {
    log.info({ err: error, player_guid: playerGuid }, "sign-up promo code not redeemed");
  }
}
