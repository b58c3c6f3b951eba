import {
  BONUS_COMMENT_MAX,
  BONUS_CURRENCIES_MAX,
  BONUS_DEPOSIT_NUMBER_MAX,
  BONUS_DESCRIPTION_MAX,
  BONUS_FREE_SPINS_MAX,
  BONUS_GAMES_MAX,
  BONUS_LABELS_PER_VERSION_MAX,
  BONUS_NAME_MAX,
  BONUS_PERCENT_MAX,
  BONUS_SEGMENTS_MAX,
  BONUS_TERMS_MAX,
  BONUS_WAGER_MAX,
  BONUS_WINDOW_MAX_SECONDS,
  BONUS_WINDOW_MIN_SECONDS,
  type CampaignInputDraft,
  type CampaignVersion,
} from "@croupier/contract/backoffice/bonuses";
import { checkAmount } from "@croupier/contract/money";

// The campaign editor's form model: what the inputs hold (strings, as typed), the checks that mirror the
// server's (so most mistakes show before a round trip; the server still decides), and the conversions
// to and from the API's version body. Pure functions: the editor and its tests use them.

export const BONUS_TRIGGERS = ["registration", "deposit", "promo_code", "manual", "scheduled"] as const;
export type BonusTriggerValue = (typeof BONUS_TRIGGERS)[number];
export const BONUS_TYPES = ["deposit_match", "fixed_amount", "free_spins", "cashback", "rakeback", "coin"] as const;
export type BonusTypeValue = (typeof BONUS_TYPES)[number];
export const CASHBACK_PERIODS = ["daily", "weekly"] as const;
export type CashbackPeriodValue = (typeof CASHBACK_PERIODS)[number];
export const RAKEBACK_PAYOUTS = ["cash", "bonus"] as const;
export type RakebackPayoutValue = (typeof RAKEBACK_PAYOUTS)[number];
export const BONUS_PRODUCTS = ["any", "slots", "live"] as const;
export type BonusProductValue = (typeof BONUS_PRODUCTS)[number];

export const TRIGGER_LABELS: Record<BonusTriggerValue, string> = {
  registration: "Registration",
  deposit: "Deposit",
  promo_code: "Promo code",
  manual: "Manual grant",
  scheduled: "Scheduled",
};
export const TYPE_LABELS: Record<BonusTypeValue, string> = {
  deposit_match: "Deposit match",
  fixed_amount: "Fixed amount",
  free_spins: "Free spins",
  cashback: "Cashback",
  rakeback: "Rakeback",
  coin: "Coin bonus",
};
export const CASHBACK_PERIOD_LABELS: Record<CashbackPeriodValue, string> = {
  daily: "Daily (one UTC day)",
  weekly: "Weekly (Monday to Monday, UTC)",
};
export const RAKEBACK_PAYOUT_LABELS: Record<RakebackPayoutValue, string> = {
  cash: "Cash, no wagering",
  bonus: "Bonus, with the wagering below",
};

/**
 * The type/trigger matrix (ADR 038, the server's rule): these types take exactly one trigger;
 * promo codes grant only PROMO_CODE_TYPES.
 */
export const TYPE_TRIGGER: Partial<Record<BonusTypeValue, BonusTriggerValue>> = {
  cashback: "scheduled",
  rakeback: "scheduled",
  coin: "manual",
};
const PROMO_CODE_TYPES = new Set<BonusTypeValue>(["fixed_amount", "free_spins", "deposit_match"]);
export const PRODUCT_LABELS: Record<BonusProductValue, string> = {
  any: "Any game",
  slots: "Slots only",
  live: "Live casino only",
};

// The contract's limits (packages/contract/src/backoffice/bonuses.ts), under the names the checks use.
export const NAME_MAX = BONUS_NAME_MAX;
export const PERCENT_MAX = BONUS_PERCENT_MAX;
export const WAGER_MAX = BONUS_WAGER_MAX;
/** LCCP SR 5.1.1 (from January 2026): wagering at most 10× the bonus in the gb profile. */
export const GB_WAGER_MAX = 10;
export const URL_MAX = 500;
export const DESCRIPTION_MAX = BONUS_DESCRIPTION_MAX;
export const TERMS_MAX = BONUS_TERMS_MAX;
export const CURRENCIES_MAX = BONUS_CURRENCIES_MAX;
export const GAMES_MAX = BONUS_GAMES_MAX;
export const DEPOSIT_NUMBER_MAX = BONUS_DEPOSIT_NUMBER_MAX;
export const COMMENT_MAX = BONUS_COMMENT_MAX;
/** Money fields: the finest the ledger stores. */
const MONEY_DECIMALS = 18;

export const DURATION_UNITS = { days: 86_400, hours: 3_600, minutes: 60 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;
export type Duration = { amount: string; unit: DurationUnit };

export type CurrencyTermsValues = {
  /** The currency code (the API's external_guid). */
  currency: string;
  min_deposit_sum: string;
  max_bonus_sum: string;
  max_cashout: string;
  bonus_threshold: string;
  free_spins_count: string;
  free_spin_bet: string;
  cashback_percent: string;
};

export type CampaignFormValues = {
  bonus_name: string;
  bonus_trigger: BonusTriggerValue;
  bonus_type: BonusTypeValue;
  /** Trigger deposit: which deposit ("" = any). */
  deposit_number: string;
  bonus_percent: string;
  bonus_wager: string;
  wagering_expiration: Duration;
  activation_expiration: Duration;
  winnings_distribution_percent: string;
  auto_activation: boolean;
  auto_activation_delay: Duration;
  is_cumulative: boolean;
  deposit_defer: boolean;
  /** Project tag guid ("" = none): kept across versions so an edit never drops it. */
  project_tag_guid: string;
  product: BonusProductValue;
  game_guids: string[];
  icon: string;
  background_image: string;
  description: string;
  terms: string;
  /** Segment guids, comma or space separated. */
  segment_guids: string;
  label_guids: string[];
  /** datetime-local values, the browser's time zone; "" = none. */
  start_date: string;
  end_date: string;
  /** Cashback: the period one payment covers. */
  cashback_period: CashbackPeriodValue;
  /** Rakeback: percent of every slots / live stake, and how a claim pays. */
  rakeback_slots_percent: string;
  rakeback_live_percent: string;
  rakeback_payout: RakebackPayoutValue;
  /** Coin bonus: its price in loyalty coins. */
  coin_price: string;
  currencies: CurrencyTermsValues[];
};

export const EMPTY_CURRENCY_TERMS: CurrencyTermsValues = {
  currency: "",
  min_deposit_sum: "0",
  max_bonus_sum: "0",
  max_cashout: "0",
  bonus_threshold: "",
  free_spins_count: "0",
  free_spin_bet: "0",
  cashback_percent: "0",
};

export const EMPTY_CAMPAIGN: CampaignFormValues = {
  bonus_name: "",
  bonus_trigger: "deposit",
  bonus_type: "deposit_match",
  deposit_number: "1",
  bonus_percent: "100",
  bonus_wager: "10",
  wagering_expiration: { amount: "7", unit: "days" },
  activation_expiration: { amount: "7", unit: "days" },
  winnings_distribution_percent: "0",
  auto_activation: false,
  auto_activation_delay: { amount: "0", unit: "minutes" },
  is_cumulative: false,
  deposit_defer: false,
  project_tag_guid: "",
  product: "slots",
  game_guids: [],
  icon: "",
  background_image: "",
  description: "",
  terms: "",
  segment_guids: "",
  label_guids: [],
  start_date: "",
  end_date: "",
  cashback_period: "weekly",
  rakeback_slots_percent: "0",
  rakeback_live_percent: "0",
  rakeback_payout: "cash",
  coin_price: "0",
  currencies: [
    { ...EMPTY_CURRENCY_TERMS, currency: "USD", min_deposit_sum: "10", max_bonus_sum: "100" },
    { ...EMPTY_CURRENCY_TERMS, currency: "EUR", min_deposit_sum: "10", max_bonus_sum: "100" },
  ],
};

export type CampaignFormErrors = Record<string, string>;

export type ValidationContext = {
  /** The operator's profile: "gb" adds the UK rules (the server refuses them anyway). */
  jurisdiction?: string | null;
  /** The clock (ms), for tests. */
  now?: number;
};

/** Triggers a deposit match can work with (the server's rule). */
const MATCH_TRIGGERS = new Set<BonusTriggerValue>(["deposit", "promo_code", "manual"]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Percentages and multipliers: NUMERIC with 2 fraction digits (the contract's ratio input). */
const DECIMAL = /^(0|[1-9]\d{0,3})(\.\d{1,2})?$/;
const WHOLE = /^(0|[1-9]\d{0,8})$/;
/** A coin price: NUMERIC(20,4) (the contract's coin price input). */
const COINS = /^(0|[1-9]\d{0,15})(\.\d{1,4})?$/;

/** A percent or multiplier as typed: "100", "12.5"; null when malformed. */
function decimalOf(value: string): number | null {
  const text = value.trim();
  return DECIMAL.test(text) ? Number(text) : null;
}

function wholeOf(value: string): number | null {
  const text = value.trim();
  return WHOLE.test(text) ? Number(text) : null;
}

export function durationSeconds(duration: Duration): number | null {
  const amount = wholeOf(duration.amount);
  return amount === null ? null : amount * DURATION_UNITS[duration.unit];
}

/** Seconds → the largest unit that divides them exactly (7 days, 36 hours, 90 minutes). */
export function durationFromSeconds(seconds: number): Duration {
  for (const unit of ["days", "hours", "minutes"] as const) {
    if (seconds % DURATION_UNITS[unit] === 0) return { amount: String(seconds / DURATION_UNITS[unit]), unit };
  }
  return { amount: String(Math.max(1, Math.round(seconds / 60))), unit: "minutes" };
}

export function parseGuidList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const isGb = (context: ValidationContext) => (context.jurisdiction ?? "").toLowerCase() === "gb";

/**
 * The checks the server makes, keyed like the server's field errors ("bonus_wager",
 * "currencies.0.max_bonus_sum"). Empty when the form may be sent.
 */
export function validateCampaignForm(values: CampaignFormValues, context: ValidationContext = {}): CampaignFormErrors {
  const errors: CampaignFormErrors = {};
  const name = values.bonus_name.trim();
  if (!name) errors.bonus_name = "A name is required.";
  else if (name.length > NAME_MAX) errors.bonus_name = `At most ${NAME_MAX} characters.`;

  if (values.bonus_trigger === "deposit" && values.deposit_number.trim() !== "") {
    const n = wholeOf(values.deposit_number);
    if (n === null || n < 1 || n > DEPOSIT_NUMBER_MAX)
      errors.deposit_number = `A deposit number from 1 to ${DEPOSIT_NUMBER_MAX}, or empty for any deposit.`;
  }

  // Only a deposit match has a percentage (the others send 0), and it needs a deposit to match.
  if (values.bonus_type === "deposit_match") {
    const percent = decimalOf(values.bonus_percent);
    if (percent === null || percent <= 0 || percent > PERCENT_MAX)
      errors.bonus_percent = `A percentage above 0 and at most ${PERCENT_MAX}, with at most 2 decimals.`;
    if (!MATCH_TRIGGERS.has(values.bonus_trigger))
      errors.bonus_trigger = "A deposit match needs a deposit: trigger deposit, promo code or manual grant.";
  }

  validateTypeRules(values, errors);

  const wager = decimalOf(values.bonus_wager);
  if (wager === null || wager < 0 || wager > WAGER_MAX) errors.bonus_wager = `A multiplier from 0 to ${WAGER_MAX}.`;
  else if (isGb(context) && wager > GB_WAGER_MAX)
    errors.bonus_wager = `The UK profile allows wagering of at most ${GB_WAGER_MAX}× the bonus.`;
  else if (values.bonus_type === "rakeback" && values.rakeback_payout === "cash" && wager > 0)
    errors.bonus_wager = "A rakeback paid as cash has no wagering: 0, or pay it as a bonus.";

  const wagering = durationSeconds(values.wagering_expiration);
  if (wagering === null || wagering < BONUS_WINDOW_MIN_SECONDS || wagering > BONUS_WINDOW_MAX_SECONDS)
    errors.wagering_expiration_time = "A wagering time from 1 hour to 365 days.";
  const activation = durationSeconds(values.activation_expiration);
  if (activation === null || activation < BONUS_WINDOW_MIN_SECONDS || activation > BONUS_WINDOW_MAX_SECONDS)
    errors.activation_expiration_time = "An activation time from 1 hour to 365 days.";
  if (values.auto_activation) {
    const delay = durationSeconds(values.auto_activation_delay);
    if (delay === null || delay > BONUS_WINDOW_MAX_SECONDS) errors.auto_activation_time = "A delay from 0 to 365 days.";
    else if (activation !== null && delay >= activation)
      errors.auto_activation_time = "The delay must be shorter than the time to activate.";
  }

  const distribution = decimalOf(values.winnings_distribution_percent);
  if (distribution === null || distribution < 0 || distribution > 100)
    errors.winnings_distribution_percent = "A percentage from 0 to 100.";

  if (isGb(context) && values.product === "any")
    errors.product = "The UK profile needs a single product: slots or live casino.";
  if (values.game_guids.length > GAMES_MAX) errors.game_guids = `At most ${GAMES_MAX} games.`;

  for (const key of ["icon", "background_image"] as const) {
    const url = values[key].trim();
    if (url.length > URL_MAX) errors[key] = `At most ${URL_MAX} characters.`;
    else if (url && !/^(https?:\/\/|\/)/.test(url)) errors[key] = "An http(s) address or a path starting with /.";
  }
  if (values.description.length > DESCRIPTION_MAX) errors.description = `At most ${DESCRIPTION_MAX} characters.`;
  if (values.terms.length > TERMS_MAX) errors.terms = `At most ${TERMS_MAX} characters.`;
  else if (isGb(context) && !values.terms.trim())
    errors.terms = "The UK profile needs the full terms, shown to the player before activation.";

  if (values.project_tag_guid.trim() && !UUID.test(values.project_tag_guid.trim()))
    errors.project_tag_guid = "A tag id is a guid.";
  const segments = parseGuidList(values.segment_guids);
  if (segments.some((s) => !UUID.test(s))) errors.segment_guids = "Segment ids are guids, comma separated.";
  else if (segments.length > BONUS_SEGMENTS_MAX) errors.segment_guids = `At most ${BONUS_SEGMENTS_MAX} segments.`;
  else if (new Set(segments).size !== segments.length) errors.segment_guids = "A segment is listed twice.";
  if (values.label_guids.length > BONUS_LABELS_PER_VERSION_MAX)
    errors.label_guids = `At most ${BONUS_LABELS_PER_VERSION_MAX} labels.`;

  if (values.start_date && Number.isNaN(new Date(values.start_date).getTime())) errors.start_date = "Not a date.";
  if (values.end_date && Number.isNaN(new Date(values.end_date).getTime())) errors.end_date = "Not a date.";
  if (values.start_date && values.end_date && new Date(values.end_date) <= new Date(values.start_date))
    errors.end_date = "The end must be after the start.";
  else if (values.end_date && new Date(values.end_date).getTime() <= (context.now ?? Date.now()))
    errors.end_date = "The end must be in the future.";

  validateCurrencies(values, errors);
  return errors;
}

/** The type/trigger matrix and the fields of cashback, rakeback and coin campaigns (the server's messages). */
function validateTypeRules(values: CampaignFormValues, errors: CampaignFormErrors) {
  const type = values.bonus_type;
  if (values.bonus_trigger === "promo_code" && !PROMO_CODE_TYPES.has(type))
    errors.bonus_type = "A promo code grants a fixed amount, free spins or a deposit match.";
  const trigger = TYPE_TRIGGER[type];
  if (trigger && values.bonus_trigger !== trigger)
    errors.bonus_trigger =
      type === "cashback"
        ? "A cashback is paid by the cashback job each period: trigger Scheduled."
        : type === "rakeback"
          ? "A rakeback accrues from play and is claimed by the player: trigger Scheduled."
          : "A coin bonus is bought in the coin shop (or granted by staff): trigger Manual grant.";
  if ((type === "cashback" || type === "rakeback") && !values.is_cumulative)
    errors.is_cumulative = `A ${type} campaign pays the same player repeatedly: it must be cumulative.`;

  if (type === "rakeback") {
    const slots = decimalOf(values.rakeback_slots_percent);
    const live = decimalOf(values.rakeback_live_percent);
    if (slots === null || slots > 100) errors.rakeback_slots_percent = "A percentage from 0 to 100, with at most 2 decimals.";
    if (live === null || live > 100) errors.rakeback_live_percent = "A percentage from 0 to 100, with at most 2 decimals.";
    if (slots === 0 && live === 0) errors.rakeback_slots_percent = "A rakeback needs a slots or live rate above 0.";
  }
  if (type === "coin") {
    const price = values.coin_price.trim();
    if (!COINS.test(price)) errors.coin_price = "A number of coins, with at most 4 decimals.";
    else if (!(Number(price) > 0)) errors.coin_price = "A coin bonus needs a price above 0 coins.";
  }
}

function validateCurrencies(values: CampaignFormValues, errors: CampaignFormErrors) {
  if (values.currencies.length === 0) {
    errors.currencies = "Add the terms of at least one currency.";
    return;
  }
  if (values.currencies.length > CURRENCIES_MAX) errors.currencies = `At most ${CURRENCIES_MAX} currencies.`;
  const seen = new Set<string>();
  values.currencies.forEach((row, index) => {
    const at = (field: string) => `currencies.${index}.${field}`;
    const code = row.currency.trim().toUpperCase();
    if (!/^[A-Z0-9]{2,16}$/.test(code)) errors[at("currency")] = "A currency code (USD).";
    else if (seen.has(code)) errors[at("currency")] = "This currency is already listed.";
    seen.add(code);
    for (const field of [
      "min_deposit_sum",
      "max_bonus_sum",
      "max_cashout",
      "bonus_threshold",
      "free_spin_bet",
    ] as const) {
      // An empty threshold means the currency's own one; the spin bet is sent for free spins only.
      if (field === "bonus_threshold" && row[field].trim() === "") continue;
      if (field === "free_spin_bet" && values.bonus_type !== "free_spins") continue;
      const checked = checkAmount(row[field].trim(), MONEY_DECIMALS, { allowZero: true });
      if (!checked.ok) errors[at(field)] = `The amount ${checked.reason}.`;
    }
    // Spins and cashback are sent only for their own types (the others send 0), so only they are checked.
    if (values.bonus_type === "free_spins") {
      const spins = wholeOf(row.free_spins_count);
      if (spins === null || spins > BONUS_FREE_SPINS_MAX)
        errors[at("free_spins_count")] = `A whole number from 0 to ${BONUS_FREE_SPINS_MAX}.`;
    }
    if (values.bonus_type === "cashback") {
      const cashback = decimalOf(row.cashback_percent);
      if (cashback === null || cashback > 100) errors[at("cashback_percent")] = "A percentage from 0 to 100.";
    }

    const positive = (field: keyof CurrencyTermsValues, message: string) => {
      if (!errors[at(field)] && !(Number(row[field]) > 0)) errors[at(field)] = message;
    };
    if (values.bonus_type === "fixed_amount" || values.bonus_type === "coin")
      positive("max_bonus_sum", "The amount granted must be above 0.");
    if (values.bonus_type === "deposit_match") positive("max_bonus_sum", "The bonus cap must be above 0.");
    if (values.bonus_type === "free_spins") {
      positive("free_spins_count", "At least one spin.");
      positive("free_spin_bet", "The stake of one spin must be above 0.");
    }
    if (values.bonus_type === "cashback") positive("cashback_percent", "A percentage above 0.");
  });
}

/** An ISO instant → the datetime-local input's value in this browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

/** Trims a typed decimal for display ("100.00" → "100", "12.50" → "12.5"). */
export function trimDecimal(value: string): string {
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

const trimmedOrNull = (value: string) => value.trim() || null;

/** The form → the API's version body (POST or PUT /bonus-campaigns). Call after validateCampaignForm. */
export function bodyFromForm(values: CampaignFormValues): CampaignInputDraft {
  const depositNumber = values.deposit_number.trim();
  return {
    bonus_name: values.bonus_name.trim(),
    bonus_trigger: values.bonus_trigger,
    bonus_type: values.bonus_type,
    deposit_number: values.bonus_trigger === "deposit" && depositNumber ? Number(depositNumber) : null,
    bonus_percent: values.bonus_type === "deposit_match" ? values.bonus_percent.trim() : "0",
    bonus_wager: values.bonus_wager.trim(),
    wagering_expiration_time: durationSeconds(values.wagering_expiration) ?? 0,
    activation_expiration_time: durationSeconds(values.activation_expiration) ?? 0,
    winnings_distribution_percent: values.winnings_distribution_percent.trim(),
    auto_activation: values.auto_activation,
    auto_activation_time: values.auto_activation ? (durationSeconds(values.auto_activation_delay) ?? 0) : 0,
    is_cumulative: values.is_cumulative,
    deposit_defer: values.deposit_defer,
    project_tag_guid: trimmedOrNull(values.project_tag_guid),
    product: values.product,
    // Games only mean something to free spins; other types send none so a type change leaves no stale list.
    game_guids: values.bonus_type === "free_spins" ? values.game_guids : [],
    icon: trimmedOrNull(values.icon),
    background_image: trimmedOrNull(values.background_image),
    description: values.description.trim(),
    terms: values.terms.trim(),
    segment_guids: parseGuidList(values.segment_guids),
    label_guids: values.label_guids,
    start_date: fromLocalInput(values.start_date),
    end_date: fromLocalInput(values.end_date),
    // Each type's own fields; the others send the defaults (the server refuses rates or a price elsewhere).
    cashback_period: values.bonus_type === "cashback" ? values.cashback_period : "weekly",
    rakeback_slots_percent: values.bonus_type === "rakeback" ? values.rakeback_slots_percent.trim() : "0",
    rakeback_live_percent: values.bonus_type === "rakeback" ? values.rakeback_live_percent.trim() : "0",
    rakeback_payout: values.bonus_type === "rakeback" ? values.rakeback_payout : "cash",
    coin_price: values.bonus_type === "coin" ? values.coin_price.trim() : "0",
    currencies: values.currencies.map((row) => ({
      currency: row.currency.trim().toUpperCase(),
      min_deposit_sum: row.min_deposit_sum.trim(),
      max_bonus_sum: row.max_bonus_sum.trim(),
      max_cashout: row.max_cashout.trim(),
      ...(row.bonus_threshold.trim() ? { bonus_threshold: row.bonus_threshold.trim() } : {}),
      // Terms of other types are not sent (the server refuses spins on a non-free-spins bonus).
      free_spins_count: values.bonus_type === "free_spins" ? Number(row.free_spins_count.trim()) : 0,
      free_spin_bet: values.bonus_type === "free_spins" ? row.free_spin_bet.trim() : "0",
      cashback_percent: values.bonus_type === "cashback" ? row.cashback_percent.trim() : "0",
    })),
  };
}

/** Drops insignificant zeros of a stored decimal ("100.000000000000000000" → "100"). */
function plain(value: string): string {
  return trimDecimal(value);
}

/** A stored version → the editor's values (editing writes the next version from them). */
export function formFromVersion(version: CampaignVersion): CampaignFormValues {
  return {
    bonus_name: version.bonus_name,
    bonus_trigger: version.bonus_trigger,
    bonus_type: version.bonus_type,
    deposit_number: version.deposit_number === null ? "" : String(version.deposit_number),
    bonus_percent: plain(version.bonus_percent),
    bonus_wager: plain(version.bonus_wager),
    wagering_expiration: durationFromSeconds(version.wagering_expiration_time),
    activation_expiration: durationFromSeconds(version.activation_expiration_time),
    winnings_distribution_percent: plain(version.winnings_distribution_percent),
    auto_activation: version.auto_activation,
    auto_activation_delay: durationFromSeconds(version.auto_activation_time),
    is_cumulative: version.is_cumulative,
    deposit_defer: version.deposit_defer,
    project_tag_guid: version.project_tag_guid ?? "",
    product: version.product,
    game_guids: version.game_guids,
    icon: version.icon ?? "",
    background_image: version.background_image ?? "",
    description: version.description,
    terms: version.terms,
    segment_guids: version.segment_guids.join(", "),
    label_guids: version.label_guids,
    start_date: toLocalInput(version.start_date),
    end_date: toLocalInput(version.end_date),
    cashback_period: version.cashback_period,
    rakeback_slots_percent: plain(version.rakeback_slots_percent),
    rakeback_live_percent: plain(version.rakeback_live_percent),
    rakeback_payout: version.rakeback_payout,
    coin_price: plain(version.coin_price),
    currencies: version.currencies.map((row) => ({
      currency: row.currency,
      min_deposit_sum: plain(row.min_deposit_sum),
      max_bonus_sum: plain(row.max_bonus_sum),
      max_cashout: plain(row.max_cashout),
      bonus_threshold: plain(row.bonus_threshold),
      free_spins_count: String(row.free_spins_count),
      free_spin_bet: plain(row.free_spin_bet),
      cashback_percent: plain(row.cashback_percent),
    })),
  };
}

/**
 * A type change in the editor: the trigger a type is bound to, cumulative for the types that pay a
 * player again and again, and no wagering on a cash rakeback, so the form starts valid for it.
 */
export function withBonusType(values: CampaignFormValues, type: BonusTypeValue): CampaignFormValues {
  const next: CampaignFormValues = { ...values, bonus_type: type };
  const trigger = TYPE_TRIGGER[type];
  if (trigger) next.bonus_trigger = trigger;
  if (type === "cashback" || type === "rakeback") next.is_cumulative = true;
  if (type === "rakeback" && values.rakeback_payout === "cash") next.bonus_wager = "0";
  return next;
}
