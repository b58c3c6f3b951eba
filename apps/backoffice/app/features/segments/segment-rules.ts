import type { SegmentRule } from "@croupier/contract/backoffice/segments";

export type RuleKind = SegmentRule["kind"];

export const RULE_KINDS: readonly { kind: RuleKind; label: string }[] = [
  { kind: "country", label: "Country is one of" },
  { kind: "deposits_count", label: "Deposits, at least" },
  { kind: "deposits_sum_usd", label: "Deposits worth (USD), at least" },
  { kind: "loyalty_level", label: "Loyalty level, at least" },
  { kind: "registered_days", label: "Days since registration" },
  { kind: "verified", label: "Identity verified" },
  { kind: "tag", label: "Has the staff tag" },
];

/** A new rule of a kind, with a value staff then edit. */
export function defaultRule(kind: RuleKind): SegmentRule {
  switch (kind) {
    case "country":
      return { kind, countries: ["gb"] };
    case "deposits_count":
      return { kind, min: 1 };
    case "deposits_sum_usd":
      return { kind, min: "100" };
    case "loyalty_level":
      return { kind, min: 1 };
    case "registered_days":
      return { kind, op: "lte", days: 7 };
    case "verified":
      return { kind, value: true };
    case "tag":
      return { kind, tag: "vip" };
  }
}

/** One line a person reads: "Deposits worth at least 1000 USD". */
export function describeRule(rule: SegmentRule): string {
  switch (rule.kind) {
    case "country":
      return `Country is ${rule.countries.map((c) => c.toUpperCase()).join(", ")}`;
    case "deposits_count":
      return `At least ${rule.min} deposit${rule.min === 1 ? "" : "s"}`;
    case "deposits_sum_usd":
      return `Deposits worth at least ${rule.min} USD`;
    case "loyalty_level":
      return `Loyalty level ${rule.min} or higher`;
    case "registered_days":
      return `Registered ${rule.op === "gte" ? "at least" : "at most"} ${rule.days} day${rule.days === 1 ? "" : "s"} ago`;
    case "verified":
      return rule.value ? "Identity verified" : "Identity not verified";
    case "tag":
      return `Tagged “${rule.tag}”`;
  }
}

/** The rules as a short summary for a table cell ("Manual only" without rules). */
export const rulesSummary = (rules: readonly SegmentRule[]) =>
  rules.length === 0 ? "Manual only" : rules.map(describeRule).join(" and ");
