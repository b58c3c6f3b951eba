import { sql } from "drizzle-orm";
import type { CreatePromoCodeInput, StaffPromoCode } from "@croupier/contract/backoffice/promo-codes";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { assertPromoCampaign, selectStaffPromoCodes } from "./staff-promo-code-sql.ts";

/** POST /promo-codes: a chosen code (e.g. WELCOME100) for a promo-code campaign, audited; 409 when the code exists. */
export async function createPromoCode(db: Db, actor: AuditActor, input: CreatePromoCodeInput): Promise<StaffPromoCode> {
  return db.transaction(async (tx) => {
    await assertPromoCampaign(tx, input);
    const [inserted] = await queryRows<{ guid: string }>(
      tx,
      sql`INSERT INTO promo_codes (bonus_guid, code, name, conditions, email, start_date, end_date, multiple_use, multiple_use_count,
                                   segment_guids, country_codes, created_by)
          VALUES (${input.bonus_guid}::uuid, ${input.code}, ${input.name}, ${input.conditions}, ${input.email?.toLowerCase() ?? null},
                  ${input.start_date}::timestamptz, ${input.end_date}::timestamptz, ${input.multiple_use}, ${input.multiple_use_count},
                  ${sql.param(input.segment_guids)}::uuid[], ${sql.param(input.country_codes)}::varchar[], ${actor.staffId}::uuid)
          ON CONFLICT (code) DO NOTHING
          RETURNING guid`,
    );
    if (!inserted)
      throw new AppError("CONFLICT", "This code already exists.", { fields: [{ field: "body.code", message: "already exists" }] });
    const [row] = await selectStaffPromoCodes(tx, sql`pc.guid = ${inserted.guid}::uuid`, { limit: 1, offset: 0 });
    await recordAudit(tx, actor, { action: "promo_code.create", targetType: "promo_code", targetId: inserted.guid, after: row });
    return row!;
  });
}
