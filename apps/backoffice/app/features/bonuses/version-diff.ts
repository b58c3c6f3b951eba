import type { CampaignVersion } from "@croupier/contract/backoffice/bonuses";
import { trimDecimal } from "./campaign-form";

export type TermChange = { term: string; before: string; after: string };

// Bookkeeping of a version, not terms: never part of a diff.
const IGNORED = new Set([
  "guid",
  "bonus_guid",
  "version",
  "created_by",
  "created_at",
  "customer_bonuses",
  "currencies",
]);

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.join(", ");
  if (typeof value === "string") return /^\d+\.\d+$/.test(value) ? trimDecimal(value) : value;
  return String(value);
}

/**
 * The terms that differ between two versions of a campaign ("bonus_wager: 35 → 10", "USD max_bonus_sum:
 * 100 → 200", "EUR: added"), in the order the version lists them. Amounts compare by value.
 */
export function diffVersions(
  before: CampaignVersion,
  after: CampaignVersion,
  labelNames: ReadonlyMap<string, string> = new Map(),
): TermChange[] {
  const changes: TermChange[] = [];
  // Labels read better by name; a deleted label keeps its id.
  const named = (key: keyof CampaignVersion, value: unknown) =>
    key === "label_guids" && Array.isArray(value) ? value.map((guid: string) => labelNames.get(guid) ?? guid) : value;
  for (const key of Object.keys(after) as (keyof CampaignVersion)[]) {
    if (IGNORED.has(key)) continue;
    const a = show(named(key, before[key]));
    const b = show(named(key, after[key]));
    if (a !== b) changes.push({ term: key, before: a, after: b });
  }
  const old = new Map(before.currencies.map((c) => [c.currency, c]));
  const now = new Map(after.currencies.map((c) => [c.currency, c]));
  for (const [code, row] of now) {
    const previous = old.get(code);
    if (!previous) {
      changes.push({ term: code, before: "—", after: "added" });
      continue;
    }
    for (const field of [
      "min_deposit_sum",
      "max_bonus_sum",
      "max_cashout",
      "bonus_threshold",
      "free_spins_count",
      "free_spin_bet",
      "cashback_percent",
    ] as const) {
      const a = show(previous[field]);
      const b = show(row[field]);
      if (a !== b) changes.push({ term: `${code} ${field}`, before: a, after: b });
    }
  }
  for (const code of old.keys()) if (!now.has(code)) changes.push({ term: code, before: "listed", after: "removed" });
  return changes;
}
