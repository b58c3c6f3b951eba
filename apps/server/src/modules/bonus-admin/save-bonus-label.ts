import { sql } from "drizzle-orm";
import type { BonusLabel, BonusLabelInput } from "@croupier/contract/backoffice/bonuses";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { loadLabels } from "./label-sql.ts";

const LABELS_MAX = 200;

/** Creates (guid null) or replaces a label, audited in the same transaction. Players see it on their next load. */
export async function saveBonusLabel(
  db: Db,
  actor: AuditActor,
  guid: string | null,
  input: BonusLabelInput,
): Promise<BonusLabel> {
  return db.transaction(async (tx) => {
    const styles = JSON.stringify(input.styles);
    if (guid === null) {
      const [total] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM bonus_labels`);
      if ((total?.n ?? 0) >= LABELS_MAX)
        throw new AppError("CONFLICT", `There are already ${LABELS_MAX} bonus labels; delete one first.`);
      const [row] = await queryRows<{ guid: string }>(
        tx,
        sql`INSERT INTO bonus_labels (name, icon, background_color, styles)
            VALUES (${input.name}, ${input.icon}, ${input.background_color}, ${styles}::jsonb) RETURNING guid`,
      );
      await recordAudit(tx, actor, {
        action: "bonus_label.create",
        targetType: "bonus_label",
        targetId: row!.guid,
        after: input,
      });
      return (await loadLabels(tx, row!.guid))[0]!;
    }
    const [before] = await loadLabels(tx, guid);
    if (!before) throw notFound("No bonus label with this id.");
    await tx.execute(
      sql`UPDATE bonus_labels SET name = ${input.name}, icon = ${input.icon}, background_color = ${input.background_color},
                                  styles = ${styles}::jsonb, updated_at = now()
           WHERE guid = ${guid}::uuid`,
    );
    await recordAudit(tx, actor, {
      action: "bonus_label.update",
      targetType: "bonus_label",
      targetId: guid,
      before,
      after: input,
    });
    return (await loadLabels(tx, guid))[0]!;
  });
}
