import { ordinal } from "@croupier/contract/ordinal";
import { useState } from "react";
import { labelTextColor } from "./label-chip";
import { durationSeconds, trimDecimal, type CampaignFormValues } from "./campaign-form";

export type PreviewLabel = { guid: string; name: string; background_color: string | null };

export type PreviewRow = { key: string; label: string; value: string };

/**
 * What the player app shows of an offer, computed from the form: the seed's "Bonus info entry" display
 * form with the player app's wording (apps/web/app/features/bonuses/bonus-terms.ts): required deposit
 * as an ordinal, percentage, wager, winnings (0 shown as 100), activation, whole days, min deposit and
 * max bonus, max cashout, deposit currencies, free spins from the USD entry.
 */
export type OfferPreview = {
  name: string;
  description: string;
  labels: PreviewLabel[];
  /** "100% up to 100 USD", "25 free spins", "10 USD", "10% cashback, weekly", "Rakeback: 1% slots, 0.5% live", "10 USD for 100 coins". */
  headline: string;
  /** "1st deposit", "Any deposit"; null when no deposit is required. */
  requirement: string | null;
  /** "100%" for a deposit match, else null. */
  percent: string | null;
  /** "Wager ×10" or "No wagering". */
  wager: string;
  /** Wagering time in whole days: "7 days", "1 day", "Less than 1 day". */
  days: string;
  /** Free spins from the USD entry (seed 000), null when it has none. */
  freeSpins: string | null;
  currencies: string[];
  /** Whose amounts the rows show. */
  currency: string | null;
  /** The term rows in the player app's order, amounts of `currency`. */
  rows: PreviewRow[];
};

const DAY = 86_400;
const plain = (value: string) => trimDecimal(value.trim());
const isZero = (value: string) => !(Number(value) > 0);

function autoActivationText(values: CampaignFormValues): string {
  if (!values.auto_activation) return "Activate it yourself in My bonuses";
  const delay = durationSeconds(values.auto_activation_delay) ?? 0;
  if (delay <= 0) return "Activates automatically";
  const hours = Math.ceil(delay / 3600);
  return hours >= 48
    ? `Activates automatically after ${Math.floor(delay / DAY)} days`
    : `Activates automatically after ${hours} h`;
}

/** The form → the player's view of it (pure, for the panel and its tests). `currency`: whose amounts (else USD, else the first). */
export function previewOf(
  values: CampaignFormValues,
  labels: readonly PreviewLabel[],
  currency?: string | null,
): OfferPreview {
  const rowsByCode = values.currencies.map((row) => ({ ...row, currency: row.currency.trim().toUpperCase() }));
  const byCode = (code: string) => rowsByCode.find((row) => row.currency === code.toUpperCase());
  const shown = (currency ? byCode(currency) : undefined) ?? byCode("USD") ?? rowsByCode[0];
  const depositNumber = Number(values.deposit_number.trim());
  const requirement =
    values.bonus_trigger !== "deposit"
      ? null
      : values.deposit_number.trim() && Number.isInteger(depositNumber) && depositNumber >= 1
        ? `${ordinal(depositNumber)} deposit`
        : "Any deposit";
  const wager = isZero(values.bonus_wager) ? "No wagering" : `Wager ×${plain(values.bonus_wager)}`;
  const days = Math.floor((durationSeconds(values.wagering_expiration) ?? 0) / DAY);
  const daysText = days === 0 ? "Less than 1 day" : days === 1 ? "1 day" : `${days} days`;
  const winnings = isZero(values.winnings_distribution_percent) ? "100" : plain(values.winnings_distribution_percent);
  const usd = byCode("USD");
  const spins = usd && values.bonus_type === "free_spins" ? Number(usd.free_spins_count) : 0;
  const freeSpins = Number.isInteger(spins) && spins > 0 ? spins : 0;
  const percent = values.bonus_type === "deposit_match" ? `${plain(values.bonus_percent)}%` : null;
  const money = (amount: string, code: string) => `${plain(amount)} ${code}`;

  const cashback = `${plain(shown?.cashback_percent ?? "0")}% cashback, ${values.cashback_period}`;
  const rates =
    [
      isZero(values.rakeback_slots_percent) ? null : `${plain(values.rakeback_slots_percent)}% slots`,
      isZero(values.rakeback_live_percent) ? null : `${plain(values.rakeback_live_percent)}% live`,
    ]
      .filter(Boolean)
      .join(", ") || "0%";
  const coins = `${plain(values.coin_price)} ${plain(values.coin_price) === "1" ? "coin" : "coins"}`;

  let headline = percent ? `${percent} bonus` : "Bonus";
  if (values.bonus_type === "free_spins") headline = `${freeSpins} free spins`;
  else if (values.bonus_type === "fixed_amount" && shown) headline = money(shown.max_bonus_sum, shown.currency);
  else if (values.bonus_type === "cashback") headline = cashback;
  else if (values.bonus_type === "rakeback") headline = `Rakeback: ${rates}`;
  else if (values.bonus_type === "coin") headline = shown ? `${money(shown.max_bonus_sum, shown.currency)} for ${coins}` : coins;
  else if (percent && shown && !isZero(shown.max_bonus_sum))
    headline = `${percent} up to ${money(shown.max_bonus_sum, shown.currency)}`;

  const labelsByGuid = new Map(labels.map((label) => [label.guid, label]));
  const common = {
    name: values.bonus_name.trim() || "Untitled offer",
    description: values.description.trim(),
    labels: values.label_guids.flatMap((guid) => labelsByGuid.get(guid) ?? []),
    headline,
    percent,
    days: daysText,
    currency: shown?.currency || null,
  };
  const currencyCodes = rowsByCode.map((row) => row.currency).filter(Boolean);

  // The issue #18 types, as the player app writes them (bonus-terms.ts promotionRows).
  if (values.bonus_type === "cashback" || values.bonus_type === "rakeback" || values.bonus_type === "coin") {
    const rows: PreviewRow[] = [];
    if (values.bonus_type === "cashback") rows.push({ key: "cashback", label: "Cashback", value: cashback });
    if (values.bonus_type === "rakeback") {
      rows.push({ key: "rakeback", label: "Rakeback", value: rates });
      rows.push({
        key: "payout",
        label: "Paid as",
        value: values.rakeback_payout === "bonus" ? "Bonus" : "Cash, no wagering",
      });
    }
    if (values.bonus_type === "coin") {
      rows.push({ key: "price", label: "Price", value: coins });
      if (shown) rows.push({ key: "amount", label: "Bonus", value: money(shown.max_bonus_sum, shown.currency) });
    }
    const paysBonus = values.bonus_type !== "rakeback" || values.rakeback_payout === "bonus";
    if (paysBonus) {
      rows.push({ key: "wager", label: "Wagering", value: wager });
      rows.push({ key: "winnings", label: "Winnings", value: `${winnings}%` });
      rows.push({ key: "auto", label: "Activation", value: autoActivationText(values) });
      rows.push({ key: "days", label: "Wagering time", value: daysText });
      if (shown && values.bonus_type === "cashback" && !isZero(shown.max_bonus_sum))
        rows.push({ key: "max", label: "Maximum cashback", value: money(shown.max_bonus_sum, shown.currency) });
      if (shown)
        rows.push({
          key: "cashout",
          label: "Max cashout",
          value: isZero(shown.max_cashout) ? "No limit" : money(shown.max_cashout, shown.currency),
        });
    }
    if (currencyCodes.length > 0) rows.push({ key: "currencies", label: "Currencies", value: currencyCodes.join(", ") });
    return {
      ...common,
      requirement: null,
      wager: paysBonus ? wager : "No wagering",
      freeSpins: null,
      currencies: currencyCodes,
      rows,
    };
  }

  const rows: PreviewRow[] = [];
  if (requirement) rows.push({ key: "deposit", label: "Required deposit", value: requirement });
  if (percent) rows.push({ key: "percent", label: "Bonus", value: percent });
  rows.push({ key: "wager", label: "Wagering", value: wager });
  rows.push({ key: "winnings", label: "Winnings", value: `${winnings}%` });
  rows.push({ key: "auto", label: "Activation", value: autoActivationText(values) });
  rows.push({ key: "days", label: "Wagering time", value: daysText });
  if (shown) {
    if (!isZero(shown.min_deposit_sum))
      rows.push({ key: "min", label: "Minimum deposit", value: money(shown.min_deposit_sum, shown.currency) });
    if (!isZero(shown.max_bonus_sum))
      rows.push({ key: "max", label: "Maximum bonus", value: money(shown.max_bonus_sum, shown.currency) });
    rows.push({
      key: "cashout",
      label: "Max cashout",
      value: isZero(shown.max_cashout) ? "No limit" : money(shown.max_cashout, shown.currency),
    });
  }
  const currencies = rowsByCode.map((row) => row.currency).filter(Boolean);
  if (currencies.length > 0)
    rows.push({ key: "currencies", label: "Deposit currencies", value: currencies.join(", ") });
  if (freeSpins > 0) rows.push({ key: "spins", label: "Free spins", value: String(freeSpins) });

  return {
    ...common,
    requirement,
    wager,
    freeSpins: freeSpins > 0 ? `${freeSpins} free spins` : null,
    currencies,
    rows,
  };
}

function Chip({ children, tone = "slate" }: { children: string; tone?: "slate" | "indigo" | "emerald" }) {
  const tones = {
    slate: "bg-white/15 text-white",
    indigo: "bg-indigo-400/30 text-white",
    emerald: "bg-emerald-400/30 text-white",
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

/**
 * The live preview beside the editor: the offer card as a player sees it in the bonus hub, with the
 * amounts of one currency at a time.
 */
export function CampaignPreview({ values, labels }: { values: CampaignFormValues; labels: readonly PreviewLabel[] }) {
  const [currency, setCurrency] = useState<string | null>(null);
  const preview = previewOf(values, labels, currency);
  const background = values.background_image.trim();
  return (
    <section aria-label="Player preview" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-700">What the player sees</h2>
        {preview.currencies.length > 1 ? (
          <label className="flex items-center gap-1 text-xs text-slate-600">
            Currency
            <select
              className="rounded border border-slate-300 px-1 py-0.5 text-xs"
              value={preview.currency ?? ""}
              onChange={(event) => setCurrency(event.target.value)}
            >
              {preview.currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <article
        data-testid="offer-card"
        className="overflow-hidden rounded-xl bg-gradient-to-br from-indigo-900 to-slate-900 text-white shadow"
        style={
          /^(https?:\/\/|\/)/.test(background)
            ? { backgroundImage: `url("${background}")`, backgroundSize: "cover" }
            : undefined
        }
      >
        <div className="space-y-3 bg-slate-900/60 p-4">
          {preview.labels.length > 0 ? (
            <ul aria-label="Labels" className="flex flex-wrap gap-1">
              {preview.labels.map((label) => (
                <li
                  key={label.guid}
                  className="rounded-full px-2 py-0.5 text-xs font-semibold"
                  style={{
                    backgroundColor: label.background_color ?? "#4f46e5",
                    color: labelTextColor(label.background_color ?? "#4f46e5"),
                  }}
                >
                  {label.name}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex items-start gap-3">
            {/^(https?:\/\/|\/)/.test(values.icon.trim()) ? (
              <img src={values.icon.trim()} alt="" className="size-10 rounded" />
            ) : null}
            <div>
              <h3 className="text-lg font-bold">{preview.name}</h3>
              {preview.description ? <p className="text-sm text-slate-200">{preview.description}</p> : null}
            </div>
          </div>
          <p className="text-xl font-extrabold text-amber-300">{preview.headline}</p>
          <div className="flex flex-wrap gap-1.5">
            {preview.requirement ? <Chip tone="indigo">{preview.requirement}</Chip> : null}
            {preview.percent ? <Chip tone="emerald">{preview.percent}</Chip> : null}
            <Chip>{preview.wager}</Chip>
            <Chip>{preview.days}</Chip>
            {preview.freeSpins ? <Chip tone="emerald">{preview.freeSpins}</Chip> : null}
          </div>
          <dl aria-label="Terms" className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            {preview.rows.map((row) => (
              <div key={row.key} className="contents">
                <dt className="text-slate-300">{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          {values.terms.trim() ? (
            <details className="text-xs text-slate-200">
              <summary className="cursor-pointer">Full terms</summary>
              <p className="mt-1 whitespace-pre-wrap">{values.terms}</p>
            </details>
          ) : null}
        </div>
      </article>
    </section>
  );
}
