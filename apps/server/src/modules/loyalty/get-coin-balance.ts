import { sql } from "drizzle-orm";
import type { CoinBalance } from "@croupier/contract/entities/loyalty";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { getMiningSpeed } from "./get-mining-speed.ts";

/** GET /loyalty/coins: the player's coin balance (0 before any coin) and the mining clock. */
export async function getCoinBalance(db: SqlExecutor, playerGuid: string): Promise<CoinBalance> {
  const [account] = await queryRows<{ balance: string }>(
    db,
    sql`SELECT trim_scale(balance)::text AS balance FROM coin_accounts WHERE customer_guid = ${playerGuid}::uuid`,
  );
  const speed = await getMiningSpeed(db, playerGuid);
  return { balance: account?.balance ?? "0", last_accrual_at: speed.last_accrual_at, next_accrual_time: speed.next_accrual_time };
}
