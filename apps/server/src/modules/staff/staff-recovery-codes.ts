import { createHash, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { RECOVERY_CODE_COUNT } from "@croupier/contract/backoffice/staff";
import type { SqlExecutor } from "../../lib/sql-executor.ts";

// Ten single-use recovery codes per staff member, shown once. 10 characters from a 32-letter
// alphabet without look-alikes (0/O, 1/I) is 50 bits each: SHA-256 is enough, no slow hash.

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The stored form of a code: SHA-256 hex of its 10 characters, upper case, without the dash. */
export const hashRecoveryCode = (code: string) =>
  createHash("sha256")
    .update(code.replace(/[\s-]+/g, "").toUpperCase())
    .digest("hex");

const newCode = () => {
  let code = "";
  for (let i = 0; i < 10; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
};

/**
 * Replaces a staff member's recovery codes with a new set (the old set stops working) and returns
 * the codes as shown to them, once. Run it in the transaction that makes the change.
 */
export async function replaceRecoveryCodes(executor: SqlExecutor, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await executor.execute(sql`DELETE FROM staff_recovery_codes WHERE staff_guid = ${staffId}`);
  const rows = codes.map((code) => sql`(${staffId}, ${hashRecoveryCode(code)})`);
  await executor.execute(
    sql`INSERT INTO staff_recovery_codes (staff_guid, code_hash) VALUES ${sql.join(rows, sql`, `)}`,
  );
  return codes;
}
