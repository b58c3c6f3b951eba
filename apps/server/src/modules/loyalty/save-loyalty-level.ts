import { sql } from "drizzle-orm";
import type { LoyaltyLevelInput } from "@croupier/contract/backoffice/loyalty";
import type { LoyaltyLevel } from "@croupier/contract/entities/loyalty";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";

const invalid = (field: string, message: string) =>
  new AppError("VALIDATION_ERROR", `${field}: ${message}`, { fields: [{ field: `body.${field}`, message }] });

/**
 * Creates (mode create: 409 when the number exists) or replaces (mode update: 404 when missing) a
 * loyalty level, audited. Thresholds must rise with the level number (a higher level never needs
 * less volume). Bumps the levels version, so the loyalty job re-levels every player in batches.
 */
export async function saveLoyaltyLevel(db: Db, actor: AuditActor, input: LoyaltyLevelInput, mode: "create" | "update"): Promise<LoyaltyLevel> {
  return db.transaction(async (tx) => {
    // One level edit at a time: the ordering check below reads what a concurrent edit would write.
    await tx.execute(sql`SELECT 1 FROM loyalty_settings WHERE id = 1 FOR UPDATE`);
    const [before] = await queryRows<LoyaltyLevel>(
      tx,
      sql`SELECT level, name, trim_scale(threshold_usd)::text AS threshold_usd, trim_scale(coin_multiplier)::text AS coin_multiplier
            FROM loyalty_levels WHERE level = ${input.level}`,
    );
    if (mode === "create" && before) throw new AppError("CONFLICT", `Level ${input.level} exists already; edit it instead.`);
    if (mode === "update" && !before) throw notFound("No loyalty level with this number.");
    // Another level out of order with this one (a lower number at the same or a higher threshold, or the reverse).
    const [clash] = await queryRows<{ level: number }>(
      tx,
      sql`SELECT level
            FROM loyalty_levels
           WHERE level <> ${input.level}
             AND NOT ((level < ${input.level} AND threshold_usd < ${input.threshold_usd}::numeric)
                      OR (level > ${input.level} AND threshold_usd > ${input.threshold_usd}::numeric))
           LIMIT 1`,
    );
    if (clash) throw invalid("threshold_usd", `must lie strictly between the thresholds of the levels below and above (level ${clash.level} conflicts)`);
    const [saved] = await queryRows<LoyaltyLevel>(
      tx,
      sql`INSERT INTO loyalty_levels (level, name, threshold_usd, coin_multiplier)
          VALUES (${input.level}, ${input.name}, ${input.threshold_usd}::numeric, ${input.coin_multiplier}::numeric)
          ON CONFLICT (level) DO UPDATE SET name = EXCLUDED.name, threshold_usd = EXCLUDED.threshold_usd,
                                            coin_multiplier = EXCLUDED.coin_multiplier, updated_at = now()
          RETURNING level, name, trim_scale(threshold_usd)::text AS threshold_usd, trim_scale(coin_multiplier)::text AS coin_multiplier`,
    );
    await tx.execute(sql`UPDATE loyalty_settings SET levels_version = levels_version + 1, updated_at = now() WHERE id = 1`);
    await recordAudit(tx, actor, {
      action: mode === "create" ? "loyalty.level_create" : "loyalty.level_update",
      targetType: "loyalty_level",
      targetId: String(input.level),
      before: before ?? null,
      after: saved,
    });
    return saved!;
  });
}
