import { asc } from "drizzle-orm";
import type { SiteRule } from "@croupier/contract/backoffice/site-rules";
import { SITE_RULES_MAX } from "@croupier/contract/backoffice/site-rules";
import type { Db } from "@croupier/db/create-database";
import { siteRules } from "@croupier/db/schema/platform-rules";
import { toSiteRule } from "./to-site-rule.ts";

export async function listSiteRules(db: Db): Promise<SiteRule[]> {
  const rows = await db
    .select()
    .from(siteRules)
    .orderBy(asc(siteRules.path_prefix), asc(siteRules.kind))
    .limit(SITE_RULES_MAX);
  return rows.map(toSiteRule);
}
