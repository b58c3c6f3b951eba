import type { MoneyCallOutcome } from "./run-money-call.ts";
import { outcomeFreeSpins, walletResult, type WalletCallResult } from "./wallet-call-result.ts";

type Wallet = { currency: string; decimals: number };

/**
 * The answer to a bet provider_wallet_apply decided (applied or refused), with
 * the balances it reported in the play currency. Shared by the two-statement
 * path (place-bet.ts) and the one-trip path (run-fast-call.ts).
 */
export function answerBetOutcome(outcome: Exclude<MoneyCallOutcome, { retry: true }>, wallet: Wallet): WalletCallResult {
  const freeSpins = outcomeFreeSpins(outcome);
  if (outcome.applied)
    return walletResult("OK", { ...wallet, balance: outcome.balance_after, bonusBalance: outcome.bonus_balance_after, freeSpins });
  const now = { ...wallet, balance: outcome.balance ?? null, bonusBalance: outcome.bonus_balance ?? null, freeSpins };
  // A loss or wager limit (ADR 021), judged under the wallet's lock: first, as the context read's LIMIT_REACHED is.
  if (outcome.within_limits === false) return walletResult("LIMIT_REACHED", now);
  if (!outcome.round_open) return walletResult("ROUND_CLOSED", now);
  if (!outcome.within_max_bet) return walletResult("BET_LIMIT_EXCEEDED", now);
  if (!outcome.covered) return walletResult("NOT_ENOUGH_MONEY", now);
  // A free spin in a game its bonus does not allow: the game is not valid for this kind of bet (ADR 032).
  if (outcome.free_spin_game === false) return walletResult("INVALID_GAME", now);
  // A free spin at another stake than the wallet's free_spin_bet (ADR 032).
  if (outcome.free_spin_stake === false) return walletResult("BET_LIMIT_EXCEEDED", now);
  // Above the currency's max bonus bet: with a bonus active, or covered only with bonus money.
  return walletResult("BET_LIMIT_EXCEEDED", now);
}
