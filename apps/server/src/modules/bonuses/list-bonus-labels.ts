import { sql } from "drizzle-orm";
import type { BonusLabel } from "@croupier/contract/entities/bonus";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";

/** Labels are few (a marketing vocabulary); the list is capped all the same. */
export const BONUS_LABELS_MAX = 500;

/** GET /bonus_hub/labels: every bonus label, by name. */
export async function listBonusLabels(db: Db): Promise<BonusLabel[]> {
  return queryRows<BonusLabel>(
    db,
    sql`SELECT guid, name, icon, background_color, styles FROM bonus_labels ORDER BY name, guid LIMIT ${BONUS_LABELS_MAX}`,
  );
}
