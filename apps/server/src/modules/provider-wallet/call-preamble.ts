import type { CallContext, StoredTransaction } from "./load-call-context.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

/** The wallet as it stands in the context, for answers that move nothing. */
export function contextWallet(ctx: CallContext, balances?: { balance: string; bonusBalance: string }) {
  return {
    currency: ctx.currency_code,
    decimals: ctx.decimals,
    balance: balances?.balance ?? ctx.balance,
    bonusBalance: balances?.bonusBalance ?? ctx.bonus_balance,
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
    currency: ctx.currency_code,
    decimals: ctx.decimals,
    balance: stored.balance_after ?? ctx.balance,
    bonusBalance: stored.bonus_balance_after ?? ctx.bonus_balance,
  });
}

/** The token must name a session of this provider. */
export function unknownSession(ctx: CallContext | undefined, providerCode: string): ctx is undefined {
  return !ctx || ctx.session_provider !== providerCode;
}

/** How many times a call re-reads and retries after losing a race on its key (unique violation). */
export const MAX_ATTEMPTS = 4;
