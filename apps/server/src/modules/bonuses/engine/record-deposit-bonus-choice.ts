import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../../../lib/sql-executor.ts";

/**
 * Records the bonus a deposit was made with (or null: no bonus), in the deposit's creating
 * transaction; read when the deposit settles (applyDepositBonuses). Absent = the default offers.
 */
export async function recordDepositBonusChoice(tx: SqlExecutor, input: { paymentGuid: string; bonusGuid: string | null }): Promise<void> {
  await tx.execute(
    sql`INSERT INTO payment_bonus_choices (payment_guid, bonus_guid) VALUES (${input.paymentGuid}::uuid, ${input.bonusGuid}::uuid)
        ON CONFLICT (payment_guid) DO NOTHING`,
  );
}
