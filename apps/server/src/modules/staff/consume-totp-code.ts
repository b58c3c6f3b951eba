import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { openStaffSecret } from "./staff-secret-box.ts";
import { totpStepOf } from "./staff-totp.ts";

/**
 * True when the code is right for the staff member's enrolled secret and its time step is later
 * than the last one accepted; the step is then recorded, so the same code (or an older one) is
 * refused from now on, even by a concurrent request (the UPDATE is guarded).
 */
export async function consumeTotpCode(
  executor: SqlExecutor,
  secretKey: string,
  input: { staffId: string; code: string },
): Promise<boolean> {
  const [row] = await queryRows<{ totp_secret: string | null }>(
    executor,
    sql`SELECT totp_secret FROM staff_users WHERE guid = ${input.staffId} AND totp_enrolled_at IS NOT NULL`,
  );
  const secret = row?.totp_secret ? openStaffSecret(secretKey, row.totp_secret) : null;
  if (!secret) return false;
  const step = totpStepOf(secret, input.code);
  if (step === null) return false;
  const accepted = await queryRows<{ guid: string }>(
    executor,
    sql`
      UPDATE staff_users SET totp_last_step = ${step}
       WHERE guid = ${input.staffId} AND totp_enrolled_at IS NOT NULL
         AND (totp_last_step IS NULL OR totp_last_step < ${step})
      RETURNING guid`,
  );
  return accepted.length === 1;
}
