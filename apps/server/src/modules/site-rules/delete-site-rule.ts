import { eq } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { siteRules } from "@croupier/db/schema/platform-rules";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { invalidateSiteRules } from "./load-site-rules.ts";
import { toSiteRule } from "./to-site-rule.ts";

export async function deleteSiteRule(db: Db, id: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(siteRules).where(eq(siteRules.guid, id)).returning();
    if (!removed) throw new AppError("NOT_FOUND", "This site rule does not exist (any more).");
    await recordAudit(tx, actor, {
      action: "site_rule.delete",
      targetType: "site_rule",
      targetId: id,
      before: toSiteRule(removed),
    });
  });
  invalidateSiteRules(db);
}
