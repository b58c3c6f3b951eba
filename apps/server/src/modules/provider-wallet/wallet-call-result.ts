import type { ProviderWalletStatus } from "@croupier/contract/entities/provider-wallet";
import { toFixedAmount } from "@croupier/contract/money";

/** What a wallet method decided; the route adds request_uuid. */
export type WalletCallResult = {
  status: ProviderWalletStatus;
  currency: string | null;
  balance: string | null;
  bonus_balance: string | null;
  /**
   * Free rounds (ADR 032): present only while the wallet has some set up (spins left, or a free-spin
   * stake announced by its bonus). free_spin_bet is in the play currency.
   */
  free_spin_count?: number;
  free_spin_bet?: string | null;
};

/** The wallet's free rounds as the database reported them (count, stake in the play currency). */
export type FreeSpins = { count: number; bet: string | null };

export function walletResult(
  status: ProviderWalletStatus,
  wallet?: {
    currency: string;
    decimals: number;
    balance: string | null;
    bonusBalance: string | null;
    freeSpins?: FreeSpins | undefined;
  },
): WalletCallResult {
  if (!wallet) return { status, currency: null, balance: null, bonus_balance: null };
  const result: WalletCallResult = {
    status,
    currency: wallet.currency,
    balance: wallet.balance === null ? null : toFixedAmount(wallet.balance, wallet.decimals, "trunc"),
    bonus_balance: wallet.bonusBalance === null ? null : toFixedAmount(wallet.bonusBalance, wallet.decimals, "trunc"),
  };
  const spins = wallet.freeSpins;
  // Absent when the wallet has no free rounds: answers of ordinary wallets keep their shape.
  if (spins && (spins.count > 0 || spins.bet !== null)) {
    result.free_spin_count = spins.count;
    result.free_spin_bet = spins.bet === null ? null : toFixedAmount(spins.bet, wallet.decimals, "trunc");
  }
  return result;
}

/** The free rounds of a money call's outcome, if it reported them. */
export function outcomeFreeSpins(outcome: { free_spin_count?: number; free_spin_bet?: string | null }): FreeSpins | undefined {
  if (outcome.free_spin_count === undefined) return undefined;
  return { count: Number(outcome.free_spin_count), bet: outcome.free_spin_bet ?? null };
}
