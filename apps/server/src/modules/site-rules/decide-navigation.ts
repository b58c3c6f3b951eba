import {
  isExternalTarget,
  MAINTENANCE_PATH,
  redirectTargetIssue,
  RESTRICTED_REGION_PATH,
} from "@croupier/contract/backoffice/site-rules";
import type { SiteRuleKind } from "@croupier/db/schema/platform-rules";

export type ActiveRule = {
  path_prefix: string;
  kind: SiteRuleKind;
  target: string | null;
  ends_at: string | null;
  countries: string[];
};

export type NavigationDecision = {
  location: string;
  external: boolean;
  reason: "country" | "maintenance" | "redirect";
};

/** The pages the rules send visitors to never match a rule themselves (no redirect loops). */
const EXEMPT = [RESTRICTED_REGION_PATH, MAINTENANCE_PATH];

export function pathMatches(path: string, prefix: string): boolean {
  if (prefix === "/") return true;
  const bare = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  return path === bare || path.startsWith(`${bare}/`);
}

/** The most specific rule of a kind for the path (longest prefix). */
function ruleFor(
  rules: ActiveRule[],
  kind: SiteRuleKind,
  path: string,
  extra: (rule: ActiveRule) => boolean = () => true,
) {
  return rules
    .filter((rule) => rule.kind === kind && pathMatches(path, rule.path_prefix) && extra(rule))
    .sort((a, b) => b.path_prefix.length - a.path_prefix.length)[0];
}

/**
 * What a page navigation to `path` is answered with, in this order: a visitor from a country the
 * project does not allow (allowed_countries; empty = all) or a restrict rule names → the
 * restricted-region page; a maintenance rule whose end is unknown or still ahead → the maintenance
 * page (with ?until= for its countdown); a redirect rule → its target. An unknown country is let
 * through: without a GeoIP database or proxy header nobody could be let in otherwise.
 */
export function decideNavigation(input: {
  path: string;
  search: string;
  country: string | null;
  allowedCountries: string[];
  rules: ActiveRule[];
  now: Date;
}): NavigationDecision | null {
  const { path, country, rules, now } = input;
  if (EXEMPT.some((exempt) => pathMatches(path, exempt))) return null;

  if (country) {
    const allowed = input.allowedCountries.length === 0 || input.allowedCountries.includes(country);
    if (!allowed || ruleFor(rules, "restrict", path, (rule) => rule.countries.includes(country)))
      return { location: RESTRICTED_REGION_PATH, external: false, reason: "country" };
  }

  const maintenance = ruleFor(
    rules,
    "maintenance",
    path,
    (rule) => !rule.ends_at || Date.parse(rule.ends_at) > now.getTime(),
  );
  if (maintenance) {
    const query = new URLSearchParams({ from: path });
    if (maintenance.ends_at) query.set("until", new Date(maintenance.ends_at).toISOString());
    return { location: `${MAINTENANCE_PATH}?${query}`, external: false, reason: "maintenance" };
  }

  const redirect = ruleFor(rules, "redirect", path);
  // A target stored before a rule change (or written around the API) is checked again: never a dangerous protocol.
  if (redirect?.target && !redirectTargetIssue(redirect.target)) {
    const external = isExternalTarget(redirect.target);
    const target = redirect.target.trim();
    // An internal move keeps the query (?modal=login, tracking ids); an external address is used as written.
    return { location: external ? target : target + input.search, external, reason: "redirect" };
  }
  return null;
}
