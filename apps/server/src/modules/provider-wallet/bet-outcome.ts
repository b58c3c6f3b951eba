import type { MoneyCallOutcome } from "./run-money-call.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

type Wallet = { currency: string; decimals: number };

/**
 * The answer to a bet provider_wallet_apply decided (applied or refused), with
 * the balances it reported in the play currency. Shared by the two-statement
 * path (place-bet.ts) and the one-trip path (run-fast-call.ts).
 */
export function answerBetOutcome(outcome: Exclude<MoneyCallOutcome, { retry: true }>, wallet: Wallet): WalletCallResult {
  if (outcome.applied) return walletResult("OK", { ...wallet, balance: outcome.balance_after, bonusBalance: outcome.bonus_balance_after });
  const now = { ...wallet, balance: outcome.balance ?? null, bonusBalance: outcome.bonus_balance ?? null };
  // A loss or wager limit (ADR 021), judged under the wallet's lock: first, as the context read's LIMIT_REACHED is.
  if (outcome.within_limits === false) return walletResult("LIMIT_REACHED", now);
  if (!outcome.round_open) return walletResult("ROUND_CLOSED", now);
  if (!outcome.within_max_bet) return walletResult("BET_LIMIT_EXCEEDED", now);
  if (!outcome.covered) return walletResult("NOT_ENOUGH_MONEY", now);
  // Covered only with bonus money, above the currency's max bet with bonus money.
  return walletResult("BET_LIMIT_EXCEEDED", now);
}
