import { z } from "zod";
import { iso2Code } from "../entities/country.ts";

// Per-path rules the server applies to page navigations (issue #19, ADR 028), managed in the back
// office under site.manage. A rule matches a path prefix on segment boundaries.

export const SITE_RULES_MAX = 200;
export const SITE_RULE_KINDS = ["redirect", "maintenance", "restrict"] as const;
export const RESTRICTED_REGION_PATH = "/restricted-region";
export const MAINTENANCE_PATH = "/maintenance";

/** Protocols that run code or smuggle content when navigated to; never a redirect target. */
const DANGEROUS_PROTOCOLS = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:"]);

/**
 * Where a redirect rule may send a visitor: a path of this site ("/new", not "//host") or an
 * absolute http(s) address (a full page load). Parsed with URL, as a browser would, so
 * "java\tscript:" is recognised as javascript: (the web's safe-external-url check does the same).
 */
export function redirectTargetIssue(target: string): string | null {
  const value = target.trim();
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be a path starting with / or an absolute http(s) address";
  }
  if (DANGEROUS_PROTOCOLS.has(url.protocol)) return `protocol ${url.protocol} is refused`;
  if (url.protocol !== "http:" && url.protocol !== "https:") return "an external address must be http or https";
  return null;
}

export const isExternalTarget = (target: string) => !target.trim().startsWith("/");

const pathPrefix = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\/[^?#\s]*$/, "must be a path starting with / (no query, hash or spaces)")
  .describe("Path prefix, matched on segment boundaries: /promo matches /promo and /promo/x, not /promotions");

export const siteRuleBody = z
  .object({
    path_prefix: pathPrefix,
    kind: z.enum(SITE_RULE_KINDS),
    target: z
      .string()
      .trim()
      .max(500)
      .nullable()
      .optional()
      .describe("redirect: a path of this site or an absolute http(s) address (an external one is a full page load)"),
    ends_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .describe("maintenance: when it should end (the page counts down)"),
    countries: z.array(iso2Code).max(250).default([]).describe("restrict: ISO codes refused on this path"),
    enabled: z.boolean().default(true),
    note: z.string().trim().max(200).nullable().optional(),
  })
  .superRefine((rule, ctx) => {
    if (rule.kind === "redirect") {
      const issue = rule.target ? redirectTargetIssue(rule.target) : "is required for a redirect";
      if (issue) ctx.addIssue({ code: "custom", path: ["target"], message: issue });
    }
    if (rule.kind === "restrict" && rule.countries.length === 0)
      ctx.addIssue({ code: "custom", path: ["countries"], message: "name at least one country" });
  });
export type SiteRuleBody = z.infer<typeof siteRuleBody>;

export const siteRule = z.object({
  guid: z.uuid(),
  path_prefix: z.string(),
  kind: z.enum(SITE_RULE_KINDS),
  target: z.string().nullable(),
  ends_at: z.string().nullable(),
  countries: z.array(z.string()),
  enabled: z.boolean(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteRule = z.infer<typeof siteRule>;

export const siteRuleParams = z.object({ id: z.uuid() });

// Feature flags per segment (feature_flag_segments): a row decides for the players in its segment.
export const FEATURE_FLAG_NAMES = ["history-of-rounds", "bonus-hub", "caswino-coin", "sms-auth"] as const;

export const featureFlagTarget = z.object({
  feature: z.enum(FEATURE_FLAG_NAMES),
  segment_guid: z.uuid(),
  segment_name: z.string(),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type FeatureFlagTarget = z.infer<typeof featureFlagTarget>;

export const featureFlagTargetParams = z.object({ feature: z.enum(FEATURE_FLAG_NAMES), segment_guid: z.uuid() });
export const featureFlagTargetBody = z.object({ enabled: z.boolean() });
