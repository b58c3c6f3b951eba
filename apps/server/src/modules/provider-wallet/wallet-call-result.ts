import type { ProviderWalletStatus } from "@croupier/contract/entities/provider-wallet";
import { toFixedAmount } from "@croupier/contract/money";

/** What a wallet method decided; the route adds request_uuid. */
export type WalletCallResult = {
  status: ProviderWalletStatus;
  currency: string | null;
  balance: string | null;
  bonus_balance: string | null;
};

export function walletResult(
  status: ProviderWalletStatus,
  wallet?: { currency: string; decimals: number; balance: string | null; bonusBalance: string | null },
): WalletCallResult {
  if (!wallet) return { status, currency: null, balance: null, bonus_balance: null };
  return {
    status,
    currency: wallet.currency,
    balance: wallet.balance === null ? null : toFixedAmount(wallet.balance, wallet.decimals, "trunc"),
    bonus_balance: wallet.bonusBalance === null ? null : toFixedAmount(wallet.bonusBalance, wallet.decimals, "trunc"),
  };
}
