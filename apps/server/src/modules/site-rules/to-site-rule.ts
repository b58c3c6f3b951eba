import type { SiteRule } from "@croupier/contract/backoffice/site-rules";
import type { siteRules } from "@croupier/db/schema/platform-rules";

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

export function toSiteRule(row: typeof siteRules.$inferSelect): SiteRule {
  return {
    guid: row.guid,
    path_prefix: row.path_prefix,
    kind: row.kind,
    target: row.target,
    ends_at: iso(row.ends_at),
    countries: row.countries,
    enabled: row.enabled,
    note: row.note,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}
