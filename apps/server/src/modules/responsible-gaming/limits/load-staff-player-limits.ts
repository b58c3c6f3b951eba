import { sql } from "drizzle-orm";
import type { StaffPlayerLimits } from "@croupier/contract/entities/limits";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";
import { assertPlayerExists } from "../../player-admin/assert-player-exists.ts";
import { listLimitChanges } from "./list-limit-changes.ts";
import { listPlayerLimits } from "./list-player-limits.ts";

/** A player's limits as staff see them: usage, pending changes, the history, and the wallet currencies. */
export async function loadStaffPlayerLimits(executor: SqlExecutor, playerGuid: string): Promise<StaffPlayerLimits> {
  await assertPlayerExists(executor, playerGuid);
  const limits = await listPlayerLimits(executor, playerGuid);
  const currencies = await queryRows<{ guid: string; code: string; decimals: number }>(
    executor,
    sql`SELECT c.guid, c.code, c.decimals FROM wallets w JOIN currencies c ON c.guid = w.currency_guid
         WHERE w.customer_guid = ${playerGuid}::uuid ORDER BY c.code`,
  );
  return { ...limits, history: await listLimitChanges(executor, playerGuid), currencies };
}
