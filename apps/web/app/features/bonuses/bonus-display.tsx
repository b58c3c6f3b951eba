import type { CSSProperties } from "react";
import type { BonusLabel } from "@croupier/contract/entities/bonus";
import { formatAmount, fractionDigits, isDecimal } from "@croupier/contract/money";
import { Link, useLocation } from "react-router";
import { toSearch, withModal } from "../../lib/modal-params";
import type { BonusTermRow } from "./bonus-terms";

/** An amount with the precision the server wrote it in ("1234.50" → "1,234.50 USD"). */
export function formatBonusMoney(amount: string | null | undefined, code: string): string {
  if (!isDecimal(amount)) return `0 ${code}`.trim();
  return `${formatAmount(amount, fractionDigits(amount))} ${code}`.trim();
}

/** Staff-provided artwork: a site path or an http(s) address, never a script or data URL. */
export function safeImageSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  const value = src.trim();
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}

// Label styles come from the back office: only these CSS properties are applied, so a label can
// colour itself but never position or hide anything on the page.
const LABEL_STYLE_PROPERTIES: Record<string, keyof CSSProperties> = {
  color: "color",
  "background-color": "backgroundColor",
  "border-color": "borderColor",
  "font-weight": "fontWeight",
  "text-transform": "textTransform",
};
const SAFE_STYLE_VALUE = /^[#(),.%\w\s-]{1,64}$/;

/** "#abc" / "#aabbcc" → [r, g, b] 0–255, or null for anything else (named colours, rgb()). */
function parseHex(color: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join("") : match[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number | null {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for the chips' small text. */
const MIN_CONTRAST = 4.5;
const DARK_TEXT = "#07090f";
const LIGHT_TEXT = "#ffffff";

/**
 * A label's colours from the back office, kept readable: when its text colour fails WCAG AA on its
 * background (white on a bright yellow, say), the text turns dark or white, whichever reads better.
 */
export function labelStyle(label: Pick<BonusLabel, "background_color" | "styles">): CSSProperties {
  const style: Record<string, string> = {};
  if (label.background_color && SAFE_STYLE_VALUE.test(label.background_color)) style.backgroundColor = label.background_color;
  for (const [property, value] of Object.entries(label.styles)) {
    const key = LABEL_STYLE_PROPERTIES[property] ?? (Object.values(LABEL_STYLE_PROPERTIES).includes(property as keyof CSSProperties) ? property : undefined);
    if (key && SAFE_STYLE_VALUE.test(value)) style[key as string] = value;
  }
  const background = style.backgroundColor;
  if (background && parseHex(background)) {
    const text = style.color ?? LIGHT_TEXT;
    const ratio = contrastRatio(text, background);
    if (ratio === null || ratio < MIN_CONTRAST)
      style.color = (contrastRatio(DARK_TEXT, background) ?? 0) >= (contrastRatio(LIGHT_TEXT, background) ?? 0) ? DARK_TEXT : LIGHT_TEXT;
  }
  return style as CSSProperties;
}

export function LabelChip({ label }: { label: BonusLabel }) {
  const icon = safeImageSrc(label.icon);
  return (
    <span
      data-testid="bonus-label"
      className="inline-flex items-center gap-1 rounded-full bg-ink-700 px-2.5 py-0.5 text-xs font-semibold text-white"
      style={labelStyle(label)}
    >
      {icon ? <img src={icon} alt="" width={14} height={14} className="size-3.5" /> : null}
      {label.name}
    </span>
  );
}

/** The display form as a description list. */
export function BonusTermsList({ rows, className }: { rows: BonusTermRow[]; className?: string }) {
  return (
    <dl className={className ?? "grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm"}>
      {rows.map((row) => (
        <div key={row.key} className="contents" data-term={row.key}>
          <dt className="text-mist-400">{row.label}</dt>
          <dd className="text-right font-medium text-mist-100">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * bonus-info{n}: n is the offer's deposit number (bonus-info1 is the welcome, first-deposit offer
 * with the spec's fixed title), 0 for offers without one; `bonus_guid` says which offer exactly.
 */
export function bonusInfoModalName(offer: { deposit_number: number | null }): string {
  return `bonus-info${offer.deposit_number ?? 0}`;
}

export const BONUS_INFO_PARAM = "bonus_guid";

/** Opens the offer's bonus-info dialog over the current page, keeping the other parameters. */
export function BonusInfoLink({ offer, className, children }: { offer: { bonus_guid: string; deposit_number: number | null; bonus_name: string }; className?: string; children: string }) {
  const location = useLocation();
  const search = withModal(new URLSearchParams(location.search), bonusInfoModalName(offer));
  search.set(BONUS_INFO_PARAM, offer.bonus_guid);
  return (
    <Link to={location.pathname + toSearch(search)} preventScrollReset className={className} aria-label={`${children}: ${offer.bonus_name}`}>
      {children}
    </Link>
  );
}

/**
 * The deposit dialog over the current page, naming the offer (?bonus_guid=, the campaign) so the
 * deposit dialog can preselect it; the dialog decides what it offers.
 */
export function DepositForOfferLink({ offer, className }: { offer: { bonus_guid: string }; className?: string }) {
  const location = useLocation();
  const search = withModal(new URLSearchParams(location.search), "deposit");
  search.set(BONUS_INFO_PARAM, offer.bonus_guid);
  return (
    <Link to={location.pathname + toSearch(search)} preventScrollReset className={className}>
      Deposit
    </Link>
  );
}
