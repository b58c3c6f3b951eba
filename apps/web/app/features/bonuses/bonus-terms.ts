import { ordinal } from "@croupier/contract/ordinal";
import { canonicalAmount, isDecimal, isZeroAmount } from "@croupier/contract/money";

export { ordinal };

/**
 * The seed's "Bonus info entry" and its display form (seed 000 §entities, seed 001 §constants):
 * required deposit as an ordinal, bonus percentage, wager, winnings (0 shown as 100), auto-activation
 * text, wagering time in whole days (seconds / 86400), min and max bonus, max cashout, deposit
 * currencies, and the free-spin count taken from the USD entry. Display only: the server decides.
 */
export type BonusInfoCurrency = {
  /** The currency code ("USD"): the seed's external_guid of a bonus currency. */
  external_guid: string;
  min_deposit_sum: string;
  max_bonus_sum: string;
  max_cashout: string;
  free_spins_count: number;
  free_spin_bet?: string;
  /** Cashback: percent of the period's net loss. */
  cashback_percent?: string;
};

export type BonusInfoEntry = {
  bonus_guid: string;
  bonus_type?: string;
  bonus_trigger?: string;
  deposit_number: number | null;
  bonus_percent: string;
  bonus_wager: string;
  winnings_distribution_percent: string;
  auto_activation: boolean;
  auto_activation_time?: number;
  wagering_expiration_time: number;
  activation_expiration_time?: number;
  bonus_currencies: BonusInfoCurrency[];
  // Issue #18 types (ADR 038): absent on older entries, which then read as the other types.
  cashback_period?: string;
  rakeback_slots_percent?: string;
  rakeback_live_percent?: string;
  rakeback_payout?: string;
  coin_price?: string;
};

export type BonusTermRow = { key: string; label: string; value: string };

const DAY_SECONDS = 86_400;
/** The seed takes the free-spin count from this entry. */
const FREE_SPINS_CURRENCY = "USD";

/** "1st deposit"; a deposit offer without a number applies to any deposit. Null when no deposit is required. */
export function requiredDepositText(entry: Pick<BonusInfoEntry, "deposit_number" | "bonus_trigger">): string | null {
  if (entry.deposit_number !== null && entry.deposit_number >= 1) return `${ordinal(entry.deposit_number)} deposit`;
  if (entry.bonus_trigger === "deposit") return "Any deposit";
  return null;
}

/** A decimal as people write it: "100.00" → "100", "12.50" → "12.5". */
export function plainNumber(value: string): string {
  return isDecimal(value) ? canonicalAmount(value) : value;
}

/** Whole days of wagering time (seconds / 86400, rounded down), as the seed shows it. */
export function wageringDays(seconds: number): number {
  return Math.floor(Math.max(0, seconds) / DAY_SECONDS);
}

export function daysText(seconds: number): string {
  const days = wageringDays(seconds);
  if (days === 0) return "Less than 1 day";
  return days === 1 ? "1 day" : `${days} days`;
}

/** The seed: a winnings distribution of 0 is shown as 100. */
export function winningsPercent(value: string): string {
  if (!isDecimal(value) || isZeroAmount(value)) return "100";
  return plainNumber(value);
}

export function autoActivationText(entry: Pick<BonusInfoEntry, "auto_activation" | "auto_activation_time">): string {
  if (!entry.auto_activation) return "Activate it yourself in My bonuses";
  const delay = entry.auto_activation_time ?? 0;
  if (delay <= 0) return "Activates automatically";
  const hours = Math.ceil(delay / 3600);
  return hours >= 48 ? `Activates automatically after ${Math.floor(delay / DAY_SECONDS)} days` : `Activates automatically after ${hours} h`;
}

/** The free-spin count of the USD entry (the seed's rule), 0 when there is none. */
export function freeSpinsCount(entry: Pick<BonusInfoEntry, "bonus_currencies">): number {
  return entry.bonus_currencies.find((currency) => currency.external_guid.toUpperCase() === FREE_SPINS_CURRENCY)?.free_spins_count ?? 0;
}

/** The entry whose amounts a card shows: the player's currency, else USD, else the first one. */
export function pickCurrency(entry: Pick<BonusInfoEntry, "bonus_currencies">, preferred?: string | null): BonusInfoCurrency | undefined {
  const byCode = (code: string) => entry.bonus_currencies.find((currency) => currency.external_guid.toUpperCase() === code.toUpperCase());
  return (preferred ? byCode(preferred) : undefined) ?? byCode(FREE_SPINS_CURRENCY) ?? entry.bonus_currencies[0];
}

export function depositCurrencies(entry: Pick<BonusInfoEntry, "bonus_currencies">): string {
  return entry.bonus_currencies.map((currency) => currency.external_guid).join(", ");
}

const money = (amount: string, code: string) => `${plainNumber(amount)} ${code}`;

/** "Wager ×10"; no wagering shows as such. */
export function wagerText(bonusWager: string): string {
  if (!isDecimal(bonusWager) || isZeroAmount(bonusWager)) return "No wagering";
  return `Wager ×${plainNumber(bonusWager)}`;
}

const isPositive = (value: string | undefined): value is string => value !== undefined && isDecimal(value) && !isZeroAmount(value);

/** "10% cashback, weekly" (the percentage of the player's currency, else USD, else the first). */
export function cashbackText(entry: BonusInfoEntry, preferred?: string | null): string {
  const percent = pickCurrency(entry, preferred)?.cashback_percent ?? "0";
  const period = entry.cashback_period === "daily" ? "daily" : "weekly";
  return `${plainNumber(percent)}% cashback, ${period}`;
}

/** "1% slots, 0.5% live"; a rate of 0 is left out. */
export function rakebackRatesText(entry: Pick<BonusInfoEntry, "rakeback_slots_percent" | "rakeback_live_percent">): string {
  const parts = [
    isPositive(entry.rakeback_slots_percent) ? `${plainNumber(entry.rakeback_slots_percent)}% slots` : null,
    isPositive(entry.rakeback_live_percent) ? `${plainNumber(entry.rakeback_live_percent)}% live` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "0%";
}

/** "100 coins", "1 coin". */
export function coinsText(price: string | undefined): string {
  const value = price !== undefined && isDecimal(price) ? plainNumber(price) : "0";
  return `${value} ${value === "1" ? "coin" : "coins"}`;
}

/** A one-line headline of the offer: "100% up to 100 USD", "50 free spins", "10 USD", "10% cashback, weekly", "Rakeback: 1% slots, 0.5% live", "10 USD for 100 coins". */
export function headline(entry: BonusInfoEntry, preferred?: string | null): string {
  const currency = pickCurrency(entry, preferred);
  if (entry.bonus_type === "cashback") return cashbackText(entry, preferred);
  if (entry.bonus_type === "rakeback") return `Rakeback: ${rakebackRatesText(entry)}`;
  if (entry.bonus_type === "coin")
    return currency ? `${money(currency.max_bonus_sum, currency.external_guid)} for ${coinsText(entry.coin_price)}` : coinsText(entry.coin_price);
  const spins = freeSpinsCount(entry);
  if (entry.bonus_type === "free_spins" || (spins > 0 && (!isDecimal(entry.bonus_percent) || isZeroAmount(entry.bonus_percent))))
    return `${spins} free spins`;
  if (entry.bonus_type === "fixed_amount" && currency) return money(currency.max_bonus_sum, currency.external_guid);
  const percent = `${plainNumber(entry.bonus_percent)}%`;
  if (currency && !isZeroAmount(currency.max_bonus_sum)) return `${percent} up to ${money(currency.max_bonus_sum, currency.external_guid)}`;
  return `${percent} bonus`;
}

/**
 * The display form as label/value rows, in the seed's order. Rows that say nothing for this
 * offer (no deposit required, no free spins) are left out; max cashout 0 means no cap.
 */
export function termRows(entry: BonusInfoEntry, preferred?: string | null): BonusTermRow[] {
  if (entry.bonus_type === "cashback" || entry.bonus_type === "rakeback" || entry.bonus_type === "coin")
    return promotionRows(entry, preferred);
  const rows: BonusTermRow[] = [];
  const deposit = requiredDepositText(entry);
  if (deposit) rows.push({ key: "deposit", label: "Required deposit", value: deposit });
  if (isDecimal(entry.bonus_percent) && !isZeroAmount(entry.bonus_percent))
    rows.push({ key: "percent", label: "Bonus", value: `${plainNumber(entry.bonus_percent)}%` });
  rows.push({ key: "wager", label: "Wagering", value: wagerText(entry.bonus_wager) });
  rows.push({ key: "winnings", label: "Winnings", value: `${winningsPercent(entry.winnings_distribution_percent)}%` });
  rows.push({ key: "auto", label: "Activation", value: autoActivationText(entry) });
  rows.push({ key: "days", label: "Wagering time", value: daysText(entry.wagering_expiration_time) });
  const currency = pickCurrency(entry, preferred);
  if (currency) {
    const code = currency.external_guid;
    if (!isZeroAmount(currency.min_deposit_sum)) rows.push({ key: "min", label: "Minimum deposit", value: money(currency.min_deposit_sum, code) });
    if (!isZeroAmount(currency.max_bonus_sum)) rows.push({ key: "max", label: "Maximum bonus", value: money(currency.max_bonus_sum, code) });
    rows.push({
      key: "cashout",
      label: "Max cashout",
      value: isZeroAmount(currency.max_cashout) ? "No limit" : money(currency.max_cashout, code),
    });
  }
  if (entry.bonus_currencies.length > 0) rows.push({ key: "currencies", label: "Deposit currencies", value: depositCurrencies(entry) });
  const spins = freeSpinsCount(entry);
  if (spins > 0) rows.push({ key: "spins", label: "Free spins", value: String(spins) });
  return rows;
}

/**
 * The display form of the issue #18 types: what the player gets (cashback percentage and period,
 * rakeback rates and payout, coin price), then the bonus terms that apply to it. A rakeback paid as
 * cash has no bonus terms at all; nothing of theirs needs a deposit.
 */
function promotionRows(entry: BonusInfoEntry, preferred?: string | null): BonusTermRow[] {
  const rows: BonusTermRow[] = [];
  const currency = pickCurrency(entry, preferred);
  const code = currency?.external_guid ?? "";
  if (entry.bonus_type === "cashback") rows.push({ key: "cashback", label: "Cashback", value: cashbackText(entry, preferred) });
  if (entry.bonus_type === "rakeback") {
    rows.push({ key: "rakeback", label: "Rakeback", value: rakebackRatesText(entry) });
    rows.push({ key: "payout", label: "Paid as", value: entry.rakeback_payout === "bonus" ? "Bonus" : "Cash, no wagering" });
  }
  if (entry.bonus_type === "coin") {
    rows.push({ key: "price", label: "Price", value: coinsText(entry.coin_price) });
    if (currency) rows.push({ key: "amount", label: "Bonus", value: money(currency.max_bonus_sum, code) });
  }
  const paysBonus = entry.bonus_type !== "rakeback" || entry.rakeback_payout === "bonus";
  if (paysBonus) {
    rows.push({ key: "wager", label: "Wagering", value: wagerText(entry.bonus_wager) });
    rows.push({ key: "winnings", label: "Winnings", value: `${winningsPercent(entry.winnings_distribution_percent)}%` });
    rows.push({ key: "auto", label: "Activation", value: autoActivationText(entry) });
    rows.push({ key: "days", label: "Wagering time", value: daysText(entry.wagering_expiration_time) });
    if (currency && entry.bonus_type === "cashback" && !isZeroAmount(currency.max_bonus_sum))
      rows.push({ key: "max", label: "Maximum cashback", value: money(currency.max_bonus_sum, code) });
    if (currency)
      rows.push({ key: "cashout", label: "Max cashout", value: isZeroAmount(currency.max_cashout) ? "No limit" : money(currency.max_cashout, code) });
  }
  if (entry.bonus_currencies.length > 0) rows.push({ key: "currencies", label: "Currencies", value: depositCurrencies(entry) });
  return rows;
}

/** What a player's own bonus says of its terms (the customer bonus keeps its version's terms). */
export type CustomerBonusTerms = {
  bonus_type: string;
  bonus_amount: string;
  bonus_wager: string;
  wager_amount: string;
  wagering_expiration_time: number;
  max_cashout: string;
  winnings_distribution_percent: string;
  free_spin_count: number;
  free_spin_amount: string;
  currency_code: string;
};

export function customerBonusRows(bonus: CustomerBonusTerms): BonusTermRow[] {
  const code = bonus.currency_code;
  const rows: BonusTermRow[] = [];
  if (bonus.free_spin_count > 0)
    rows.push({ key: "spins", label: "Free spins", value: `${bonus.free_spin_count} × ${money(bonus.free_spin_amount, code)}` });
  if (bonus.bonus_type !== "free_spins" || !isZeroAmount(bonus.bonus_amount))
    rows.push({ key: "amount", label: "Bonus", value: money(bonus.bonus_amount, code) });
  const wager = wagerText(bonus.bonus_wager);
  rows.push({
    key: "wager",
    label: "Wagering",
    value: isZeroAmount(bonus.wager_amount) ? wager : `${wager} (${money(bonus.wager_amount, code)})`,
  });
  rows.push({ key: "winnings", label: "Winnings", value: `${winningsPercent(bonus.winnings_distribution_percent)}%` });
  rows.push({ key: "days", label: "Wagering time", value: daysText(bonus.wagering_expiration_time) });
  rows.push({ key: "cashout", label: "Max cashout", value: isZeroAmount(bonus.max_cashout) ? "No limit" : money(bonus.max_cashout, code) });
  return rows;
}
