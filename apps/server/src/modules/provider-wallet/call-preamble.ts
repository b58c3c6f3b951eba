import type { CallContext, StoredTransaction } from "./load-call-context.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

/**
 * The wallet as it stands in the context, for answers that move nothing: in
 * the currency the game plays in (converted and rounded down on a conversion
 * session, ADR 006).
 */
export function contextWallet(ctx: CallContext, balances?: { balance: string; bonusBalance: string }) {
  return {
    currency: ctx.play_currency_code,
    decimals: ctx.play_decimals,
    balance: balances?.balance ?? ctx.play_balance,
    bonusBalance: balances?.bonusBalance ?? ctx.play_bonus_balance,
  };
}

/**
 * A transaction_uuid seen before: identical parameters → the original
 * outcome, any difference → DUPLICATE_TRANSACTION; a tombstone (a rollback got
 * there first) → TRANSACTION_ROLLED_BACK. Nothing moves either way.
 */
export function replayStored(ctx: CallContext, stored: StoredTransaction, fingerprint: string): WalletCallResult {
  if (stored.status === "tombstone") return walletResult("TRANSACTION_ROLLED_BACK", contextWallet(ctx));
  if (stored.fingerprint !== fingerprint) return walletResult("DUPLICATE_TRANSACTION", contextWallet(ctx));
  return walletResult("OK", {
    currency: ctx.play_currency_code,
    decimals: ctx.play_decimals,
    balance: stored.play_balance_after ?? ctx.play_balance,
    bonusBalance: stored.play_bonus_balance_after ?? ctx.play_bonus_balance,
  });
}

/** The token must name a session of this provider. */
export function unknownSession(ctx: CallContext | undefined, providerCode: string): ctx is undefined {
  return !ctx || ctx.session_provider !== providerCode;
}

/** How many times a call re-reads and retries after losing a race on its key (unique violation). */
export const MAX_ATTEMPTS = 4;
