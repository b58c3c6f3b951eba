import { ordinal } from "@croupier/contract/entities/bonus";
import { useState } from "react";
import {
  durationSeconds,
  trimDecimal,
  TRIGGER_LABELS,
  type CampaignFormValues,
  type CurrencyTermsValues,
} from "./campaign-form";

export type PreviewLabel = { guid: string; name: string; background_color: string | null };

/** What the player app shows of an offer (seed 000, "Bonus info entry" display form), computed from the form. */
export type OfferPreview = {
  name: string;
  description: string;
  labels: PreviewLabel[];
  /** "1st deposit", "Any deposit", "On registration", … */
  requirement: string;
  /** "100 %" for a deposit match, else null. */
  percent: string | null;
  /** "Wager ×10" or "No wagering". */
  wager: string;
  /** Wagering time in whole days: "7 days". */
  days: string;
  /** A distribution of 0 is shown as 100 (seed 000). */
  winnings: string;
  autoActivation: string;
  /** Free spins from the USD entry (seed 000), null when it has none. */
  freeSpins: string | null;
  currencies: string[];
};

/** The form → the player's view of it (pure, for the panel and its tests). */
export function previewOf(values: CampaignFormValues, labels: readonly PreviewLabel[]): OfferPreview {
  const depositNumber = Number(values.deposit_number.trim());
  const requirement =
    values.bonus_trigger === "deposit"
      ? values.deposit_number.trim() && Number.isInteger(depositNumber) && depositNumber >= 1
        ? `${ordinal(depositNumber)} deposit`
        : "Any deposit"
      : values.bonus_trigger === "registration"
        ? "On registration"
        : TRIGGER_LABELS[values.bonus_trigger];
  const wager = trimDecimal(values.bonus_wager);
  const seconds = durationSeconds(values.wagering_expiration) ?? 0;
  const days = Math.floor(seconds / 86_400);
  const distribution = trimDecimal(values.winnings_distribution_percent);
  const usd = values.currencies.find((row) => row.currency.trim().toUpperCase() === "USD");
  const spins = usd && values.bonus_type === "free_spins" ? Number(usd.free_spins_count) : 0;
  const byGuid = new Map(labels.map((label) => [label.guid, label]));
  return {
    name: values.bonus_name.trim() || "Untitled offer",
    description: values.description.trim(),
    labels: values.label_guids.flatMap((guid) => byGuid.get(guid) ?? []),
    requirement,
    percent: values.bonus_type === "deposit_match" ? `${trimDecimal(values.bonus_percent)} %` : null,
    wager: Number(wager) > 0 ? `Wager ×${wager}` : "No wagering",
    days: `${days} ${days === 1 ? "day" : "days"}`,
    winnings: `Winnings ${Number(distribution) === 0 ? "100" : distribution} %`,
    autoActivation: values.auto_activation ? "Activates automatically" : "Activate it yourself",
    freeSpins: Number.isInteger(spins) && spins > 0 ? `${spins} free spins` : null,
    currencies: values.currencies.map((row) => row.currency.trim().toUpperCase()).filter(Boolean),
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

function amountsOf(row: CurrencyTermsValues | undefined) {
  if (!row) return null;
  const code = row.currency.trim().toUpperCase();
  const cashout = trimDecimal(row.max_cashout);
  return {
    minDeposit: `${trimDecimal(row.min_deposit_sum)} ${code}`,
    maxBonus: `${trimDecimal(row.max_bonus_sum)} ${code}`,
    maxCashout: Number(cashout) > 0 ? `${cashout} ${code}` : "No cap",
  };
}

/**
 * The live preview beside the editor: the offer card as a player sees it in the bonus hub, with the
 * amounts of one currency at a time.
 */
export function CampaignPreview({ values, labels }: { values: CampaignFormValues; labels: readonly PreviewLabel[] }) {
  const preview = previewOf(values, labels);
  const [currency, setCurrency] = useState<string | null>(null);
  const shown = currency && preview.currencies.includes(currency) ? currency : (preview.currencies[0] ?? null);
  const amounts = amountsOf(values.currencies.find((row) => row.currency.trim().toUpperCase() === shown));
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
              value={shown ?? ""}
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
                  style={{ backgroundColor: label.background_color ?? "#4f46e5" }}
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
          <div className="flex flex-wrap gap-1.5">
            <Chip tone="indigo">{preview.requirement}</Chip>
            {preview.percent ? <Chip tone="emerald">{preview.percent}</Chip> : null}
            <Chip>{preview.wager}</Chip>
            <Chip>{preview.days}</Chip>
            {preview.freeSpins ? <Chip tone="emerald">{preview.freeSpins}</Chip> : null}
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            {amounts ? (
              <>
                <dt className="text-slate-300">Min. deposit</dt>
                <dd>{amounts.minDeposit}</dd>
                <dt className="text-slate-300">Max. bonus</dt>
                <dd>{amounts.maxBonus}</dd>
                <dt className="text-slate-300">Max. cashout</dt>
                <dd>{amounts.maxCashout}</dd>
              </>
            ) : null}
            <dt className="text-slate-300">Winnings</dt>
            <dd>{preview.winnings.replace("Winnings ", "")}</dd>
            <dt className="text-slate-300">Activation</dt>
            <dd>{preview.autoActivation}</dd>
            <dt className="text-slate-300">Currencies</dt>
            <dd>{preview.currencies.join(", ") || "—"}</dd>
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
