// The reference data every installation starts with. Operators change limits,
// allowed countries and services afterwards; seeding never overwrites them.

export const PROJECT = {
  key: "project:croupier",
  name: "Croupier",
  // The default country follows the default currency (USD). Allowed countries
  // are empty, meaning every country: which jurisdictions to serve is a legal
  // decision for each operator, not something an open-source default can make.
  default_country_iso2: "US",
  allowed_countries: [] as string[],
  // Games offered in another currency than the wallet's are played with an
  // in-game conversion through the currency pairs below.
  currency_convertion_policy: "ingame_convertion" as const,
} as const;

export type CurrencySeed = {
  code: string;
  name: string;
  symbol: string;
  type: "fiat" | "crypto";
  decimals: number;
  is_default?: boolean;
  // Decimal strings with at most `decimals` fraction digits.
  limits: {
    min_bet_slot_real: string;
    max_bet_slot_real: string;
    min_bet_live_real: string;
    max_bet_live_real: string;
    max_bet_slot_bonus: string;
    max_bet_live_bonus: string;
    min_deposit: string;
    max_deposit: string;
    min_withdraw: string;
    max_withdraw: string;
    bonus_threshold: string;
  };
  networks?: { code: string; name: string; confirmations: number }[];
};

// Limits are the same in value across currencies, converted at round rates
// (USD 1 ≈ EUR 0.9 ≈ GBP 0.8 ≈ CAD/AUD 1.5 ≈ BRL 5 ≈ JPY 150; BTC ≈ USD 50,000;
// ETH ≈ USD 2,500) and rounded to numbers an operator would pick.
const usdLike = {
  min_bet_slot_real: "0.1",
  max_bet_slot_real: "500",
  min_bet_live_real: "1",
  max_bet_live_real: "5000",
  max_bet_slot_bonus: "5",
  max_bet_live_bonus: "25",
  min_deposit: "10",
  max_deposit: "10000",
  min_withdraw: "20",
  max_withdraw: "10000",
  bonus_threshold: "1",
};

const scaled = (factor: number, decimals: number): CurrencySeed["limits"] => {
  const entries = Object.entries(usdLike).map(([key, value]) => {
    // Round seeds times round rates, fixed to the currency decimals: float error cannot show.
    const amount = Number(value) * factor;
    const fixed = amount.toFixed(decimals);
    return [key, fixed.includes(".") ? fixed.replace(/0+$/, "").replace(/\.$/, "") : fixed];
  });
  return Object.fromEntries(entries) as CurrencySeed["limits"];
};

export const CURRENCIES: CurrencySeed[] = [
  { code: "USD", name: "US Dollar", symbol: "$", type: "fiat", decimals: 2, is_default: true, limits: usdLike },
  { code: "EUR", name: "Euro", symbol: "€", type: "fiat", decimals: 2, limits: usdLike },
  { code: "GBP", name: "Pound Sterling", symbol: "£", type: "fiat", decimals: 2, limits: usdLike },
  { code: "CAD", name: "Canadian Dollar", symbol: "CA$", type: "fiat", decimals: 2, limits: scaled(1.5, 2) },
  { code: "AUD", name: "Australian Dollar", symbol: "A$", type: "fiat", decimals: 2, limits: scaled(1.5, 2) },
  { code: "BRL", name: "Brazilian Real", symbol: "R$", type: "fiat", decimals: 2, limits: scaled(5, 2) },
  { code: "JPY", name: "Japanese Yen", symbol: "¥", type: "fiat", decimals: 0, limits: scaled(150, 0) },
  {
    code: "BTC",
    name: "Bitcoin",
    symbol: "₿",
    type: "crypto",
    decimals: 8,
    limits: {
      min_bet_slot_real: "0.000002",
      max_bet_slot_real: "0.01",
      min_bet_live_real: "0.00002",
      max_bet_live_real: "0.1",
      max_bet_slot_bonus: "0.0001",
      max_bet_live_bonus: "0.0005",
      min_deposit: "0.0002",
      max_deposit: "0.2",
      min_withdraw: "0.0004",
      max_withdraw: "0.2",
      bonus_threshold: "0.00002",
    },
    networks: [{ code: "BTC", name: "Bitcoin", confirmations: 2 }],
  },
  {
    code: "ETH",
    name: "Ethereum",
    symbol: "Ξ",
    type: "crypto",
    decimals: 18,
    limits: {
      min_bet_slot_real: "0.00004",
      max_bet_slot_real: "0.2",
      min_bet_live_real: "0.0004",
      max_bet_live_real: "2",
      max_bet_slot_bonus: "0.002",
      max_bet_live_bonus: "0.01",
      min_deposit: "0.004",
      max_deposit: "4",
      min_withdraw: "0.008",
      max_withdraw: "4",
      bonus_threshold: "0.0004",
    },
    networks: [{ code: "ERC20", name: "Ethereum (ERC20)", confirmations: 12 }],
  },
  {
    code: "USDT",
    name: "Tether USD",
    symbol: "₮",
    type: "crypto",
    decimals: 6,
    limits: usdLike,
    networks: [
      { code: "TRC20", name: "Tron (TRC20)", confirmations: 20 },
      { code: "ERC20", name: "Ethereum (ERC20)", confirmations: 12 },
    ],
  },
];

/** Every other currency quoted against the default (USD). */
export const PAIR_QUOTE = "USD";

export const LANGUAGES = [{ code: "en", name: "English", is_default: true }];

// The lobby's two sections; category tags come with the catalogue.
export const SYSTEM_TAGS = [
  { name: "Live", ordering: 1 },
  { name: "Slots", ordering: 2 },
];
