import { compareAmounts, formatAmount, isDecimal } from "@croupier/contract/money";

/** Elapsed session time as the reality check shows it: "4:07" under an hour, "1:02:03" after. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, "0");
  if (hours === 0) return `${minutes}:${ss}`;
  return `${hours}:${String(minutes).padStart(2, "0")}:${ss}`;
}

export type NetTone = "up" | "down" | "even";

/** Net position of the session (winnings minus stakes) with an explicit sign, never colour alone. */
export function formatNet(net: string, decimals = 2): { text: string; tone: NetTone } {
  if (!isDecimal(net)) return { text: "–", tone: "even" };
  const sign = compareAmounts(net, "0");
  const magnitude = formatAmount(sign < 0 ? net.replace(/^-/, "") : net, decimals);
  if (sign === 0 || /^0(\.0*)?$/.test(magnitude)) return { text: formatAmount("0", decimals), tone: "even" };
  return sign > 0 ? { text: `+${magnitude}`, tone: "up" } : { text: `−${magnitude}`, tone: "down" };
}

/** Currency amount with its code: "12.50 USD"; play money in demo still shows the code it plays in. */
export function formatMoney(value: string, currency: string, decimals = 2): string {
  if (!isDecimal(value)) return `– ${currency}`;
  return `${formatAmount(value, decimals)} ${currency}`;
}
