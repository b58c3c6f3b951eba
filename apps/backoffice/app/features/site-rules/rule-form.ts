import type { SiteRule, SiteRuleBody } from "@croupier/contract/backoffice/site-rules";

export type RuleFormValues = {
  path_prefix: string;
  kind: SiteRuleBody["kind"];
  target: string;
  /** datetime-local value, the browser's time zone. */
  ends_at: string;
  countries: string;
  enabled: boolean;
  note: string;
};

export const EMPTY_RULE: RuleFormValues = {
  path_prefix: "/",
  kind: "maintenance",
  target: "",
  ends_at: "",
  countries: "",
  enabled: true,
  note: "",
};

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant → the datetime-local input's value in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formFromRule(rule: SiteRule): RuleFormValues {
  return {
    path_prefix: rule.path_prefix,
    kind: rule.kind,
    target: rule.target ?? "",
    ends_at: toLocalInput(rule.ends_at),
    countries: rule.countries.join(", "),
    enabled: rule.enabled,
    note: rule.note ?? "",
  };
}

/** The form → the API body; only what the kind uses is sent. */
export function bodyFromForm(values: RuleFormValues): SiteRuleBody {
  const countries = values.countries
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  return {
    path_prefix: values.path_prefix.trim(),
    kind: values.kind,
    target: values.kind === "redirect" ? values.target.trim() : null,
    ends_at: values.kind === "maintenance" && values.ends_at ? new Date(values.ends_at).toISOString() : null,
    countries: values.kind === "restrict" ? countries : [],
    enabled: values.enabled,
    note: values.note.trim() || null,
  };
}

export function describeRule(rule: SiteRule): string {
  if (rule.kind === "redirect") return `→ ${rule.target}`;
  if (rule.kind === "restrict") return `Refused from ${rule.countries.join(", ")}`;
  return rule.ends_at ? `Until ${new Date(rule.ends_at).toLocaleString()}` : "Until switched off";
}
