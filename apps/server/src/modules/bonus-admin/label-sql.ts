import { sql } from "drizzle-orm";
import type { BonusLabel } from "@croupier/contract/backoffice/bonuses";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { iso } from "./campaign-sql.ts";

/** Labels with how many campaigns carry each at their current version; all of them, or the one given. */
export async function loadLabels(executor: SqlExecutor, guid?: string): Promise<BonusLabel[]> {
  const rows = await queryRows<
    Omit<BonusLabel, "created_at" | "updated_at"> & { created_at: unknown; updated_at: unknown }
  >(
    executor,
    sql`SELECT l.guid, l.name, l.icon, l.background_color, l.styles, l.created_at, l.updated_at,
               (SELECT count(*)::int FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
                 WHERE l.guid = ANY(v.label_guids)) AS campaigns
          FROM bonus_labels l
         ${guid ? sql`WHERE l.guid = ${guid}::uuid` : sql``}
         ORDER BY l.name, l.guid
         LIMIT 500`,
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at)!, updated_at: iso(row.updated_at)! }));
}
