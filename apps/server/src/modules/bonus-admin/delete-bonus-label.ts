import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";

/**
 * Deletes a label no campaign carries at its current version, in one guarded statement (a campaign
 * edited to use it at the same moment cannot slip between a check and the delete). Old versions
 * may still name it: the player's and the preview's label lists skip labels that no longer exist.
 */
export async function deleteBonusLabel(db: Db, actor: AuditActor, guid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await queryRows<{ guid: string; name: string }>(
      tx,
      sql`DELETE FROM bonus_labels l
           WHERE l.guid = ${guid}::uuid
             AND NOT EXISTS (SELECT 1 FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
                              WHERE l.guid = ANY(v.label_guids))
          RETURNING l.guid, l.name`,
    );
    if (!deleted) {
      const [exists] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM bonus_labels WHERE guid = ${guid}::uuid`,
      );
      if (!exists?.n) throw notFound("No bonus label with this id.");
      throw new AppError(
        "CONFLICT",
        "This label is on a campaign's current version; remove it from the campaign first.",
      );
    }
    await recordAudit(tx, actor, {
      action: "bonus_label.delete",
      targetType: "bonus_label",
      targetId: guid,
      before: deleted,
    });
  });
}
