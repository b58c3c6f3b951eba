import { sql } from "drizzle-orm";
import type { StaffPromoCode } from "@croupier/contract/backoffice/promo-codes";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { selectStaffPromoCodes } from "./staff-promo-code-sql.ts";

/** POST /promo-codes/:guid/status: enable or disable one code (audited with before and after). Redemptions already made stay. */
export async function changePromoCodeStatus(
  db: Db,
  actor: AuditActor,
  guid: string,
  status: "active" | "disabled",
): Promise<StaffPromoCode> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM promo_codes WHERE guid = ${guid}::uuid FOR UPDATE`);
    if (!before) throw notFound("No promo code with this id.");
    if (before.status !== status) {
      await tx.execute(sql`UPDATE promo_codes SET status = ${status}, updated_at = now() WHERE guid = ${guid}::uuid`);
      await recordAudit(tx, actor, {
        action: status === "disabled" ? "promo_code.disable" : "promo_code.enable",
        targetType: "promo_code",
        targetId: guid,
        before: { status: before.status },
        after: { status },
      });
    }
    const [row] = await selectStaffPromoCodes(tx, sql`pc.guid = ${guid}::uuid`, { limit: 1, offset: 0 });
    return row!;
  });
}
