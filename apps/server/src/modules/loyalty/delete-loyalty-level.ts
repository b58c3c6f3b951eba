import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";

/** Removes a level (audited); players at it are re-levelled by the loyalty job (levels version bumped). */
export async function deleteLoyaltyLevel(db: Db, actor: AuditActor, level: number): Promise<{ level: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM loyalty_settings WHERE id = 1 FOR UPDATE`);
    const [removed] = await queryRows<{ level: number; name: string; threshold_usd: string; coin_multiplier: string }>(
      tx,
      sql`DELETE FROM loyalty_levels WHERE level = ${level}
          RETURNING level, name, trim_scale(threshold_usd)::text AS threshold_usd, trim_scale(coin_multiplier)::text AS coin_multiplier`,
    );
    if (!removed) throw notFound("No loyalty level with this number.");
    await tx.execute(sql`UPDATE loyalty_settings SET levels_version = levels_version + 1, updated_at = now() WHERE id = 1`);
    await recordAudit(tx, actor, { action: "loyalty.level_delete", targetType: "loyalty_level", targetId: String(level), before: removed });
    return { level };
  });
}
