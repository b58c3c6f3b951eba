import { formatAmount } from "@croupier/contract/money";

/** "1,234.50 USD": the currency's decimals, en-US grouping (the contract's formatAmount). */
export const money = (amount: string | null | undefined, code: string, decimals: number) =>
  amount == null ? "—" : `${formatAmount(amount, decimals)} ${code}`;

/** The default currency's amounts (thresholds, base amounts): 2 decimals. */
export const baseMoney = (amount: string | null) => (amount == null ? "no rate" : `${formatAmount(amount, 2)} USD`);
