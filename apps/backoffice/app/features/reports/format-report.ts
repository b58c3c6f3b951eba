import { formatAmount } from "@croupier/contract/money";
import type { ReportCurrency } from "@croupier/contract/backoffice/reports";

/** Decimals per currency code, from GET /reports/currencies (2 until it has loaded). */
export type Decimals = (currency: string) => number;

export const decimalsOf =
  (currencies: readonly ReportCurrency[] | undefined): Decimals =>
  (currency) =>
    currencies?.find((c) => c.code === currency)?.decimals ?? 2;

/** An exact report amount for display ("1,234.50"); the digits come from the server's decimal string. */
export const formatFigure = (value: string, decimals: number) => formatAmount(value, decimals);

/**
 * A chart needs numbers to place points. Only plotting uses them: every figure shown as text, and
 * every sum, stays the server's exact decimal string.
 */
export const plotValue = (value: string) => Number(value);

export const isNegative = (value: string) => value.startsWith("-");
