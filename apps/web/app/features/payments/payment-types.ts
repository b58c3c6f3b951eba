// What the payments screens need from other features, passed in by the route or dialog that
// composes them (features never import each other). The wallet and identity types fit these.

export type PaymentCurrency = { guid: string; code: string; decimals: number; symbol: string; type: "fiat" | "crypto" };

export type PaymentWallet = {
  guid: string;
  currency_guid: string;
  /** Cash: the only money a withdrawal may draw on. */
  balance: string;
  bonus_balance: string;
  /** The wallet's active bonus (withdrawing cancels it, or is refused, per the operator's policy). */
  customer_bonus_guid?: string | null;
  currency: PaymentCurrency;
};

export type PaymentProfile = {
  status: string;
  is_verified: boolean;
  country_guid: string | null;
  billing_segments: string[];
};

export const SUSPENDED_TITLE = "Account suspended";
export const SUSPENDED_MESSAGE = "Your account is suspended, so deposits and withdrawals are unavailable. Please contact support.";

export function isSuspended(profile: Pick<PaymentProfile, "status"> | null | undefined): boolean {
  return profile?.status === "locked";
}
