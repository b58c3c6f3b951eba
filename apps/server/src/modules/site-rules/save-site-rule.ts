import { count, eq, sql } from "drizzle-orm";
import { SITE_RULES_MAX, type SiteRule, type SiteRuleBody } from "@croupier/contract/backoffice/site-rules";
import type { Db } from "@croupier/db/create-database";
import { siteRules } from "@croupier/db/schema/platform-rules";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { invalidateSiteRules } from "./load-site-rules.ts";
import { toSiteRule } from "./to-site-rule.ts";

const UNIQUE_VIOLATION = "23505";

const isUniqueViolation = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === UNIQUE_VIOLATION;
};

/** Only what the rule's kind uses is stored: a maintenance rule keeps no stray redirect target. */
function columnsOf(body: SiteRuleBody) {
  return {
    path_prefix: body.path_prefix,
    kind: body.kind,
    target: body.kind === "redirect" ? (body.target?.trim() ?? null) : null,
    ends_at: body.kind === "maintenance" ? (body.ends_at ?? null) : null,
    countries: body.kind === "restrict" ? [...new Set(body.countries)] : [],
    enabled: body.enabled,
    note: body.note ?? null,
  };
}

/** Creates (id null) or replaces a site rule, audited in the same transaction; the cache is dropped after commit. */
export async function saveSiteRule(
  db: Db,
  id: string | null,
  body: SiteRuleBody,
  actor: AuditActor,
): Promise<SiteRule> {
  try {
    const saved = await db.transaction(async (tx) => {
      if (id === null) {
        const [total] = await tx.select({ n: count() }).from(siteRules);
        if (Number(total?.n ?? 0) >= SITE_RULES_MAX)
          throw new AppError("CONFLICT", `There are already ${SITE_RULES_MAX} site rules; remove one first.`);
        const [row] = await tx.insert(siteRules).values(columnsOf(body)).returning();
        await recordAudit(tx, actor, {
          action: "site_rule.create",
          targetType: "site_rule",
          targetId: row!.guid,
          after: columnsOf(body),
        });
        return row!;
      }
      const [before] = await tx.select().from(siteRules).where(eq(siteRules.guid, id)).for("update");
      if (!before) throw new AppError("NOT_FOUND", "This site rule does not exist (any more).");
      const [row] = await tx
        .update(siteRules)
        .set({ ...columnsOf(body), updated_at: sql`now()` })
        .where(eq(siteRules.guid, id))
        .returning();
      await recordAudit(tx, actor, {
        action: "site_rule.update",
        targetType: "site_rule",
        targetId: id,
        before: toSiteRule(before),
        after: columnsOf(body),
      });
      return row!;
    });
    invalidateSiteRules(db);
    return toSiteRule(saved);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", `A ${body.kind} rule for ${body.path_prefix} already exists; edit that one.`, {
        fields: [{ field: "body.path_prefix", message: "already has a rule of this kind" }],
      });
    throw error;
  }
}
