import type { DatabaseHandle } from "@croupier/db/create-database";
import { consumeTotpCode } from "./consume-totp-code.ts";
import { recordAudit, type AuditActor } from "./record-audit.ts";
import { replaceRecoveryCodes } from "./staff-recovery-codes.ts";
import {
  assertStaffNotLocked,
  clearStaffFailures,
  countStaffFailure,
  STAFF_LIMITS,
  staffCodeKey,
} from "./staff-attempt-limits.ts";
import { wrongCode } from "./staff-auth-context.ts";

/**
 * POST /me/recovery-codes: a new set of ten (the old set stops working), against a fresh code from
 * the authenticator, so a token left in an unlocked browser is not enough to take the account over.
 */
export async function renewRecoveryCodes(
  database: DatabaseHandle,
  secretKey: string,
  actor: AuditActor & { staffId: string },
  code: string,
): Promise<string[]> {
  const codeKey = staffCodeKey(actor.staffId);
  await assertStaffNotLocked(database, [codeKey]);
  const codes = await database.db.transaction(async (tx) => {
    if (!(await consumeTotpCode(tx, secretKey, { staffId: actor.staffId, code }))) return null;
    const fresh = await replaceRecoveryCodes(tx, actor.staffId);
    await recordAudit(tx, actor, {
      action: "staff.recovery_codes_renew",
      targetType: "staff",
      targetId: actor.staffId,
    });
    return fresh;
  });
  if (!codes) {
    await countStaffFailure(database, [[codeKey, STAFF_LIMITS.code]]);
    throw wrongCode();
  }
  await clearStaffFailures(database, [codeKey]);
  return codes;
}
