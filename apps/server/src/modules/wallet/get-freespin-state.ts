import { sql } from "drizzle-orm";
import type { FreespinState } from "@croupier/contract/entities/wallet";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";

/** GET /billing/wallet/freespins: the free-spin counters of the player's own wallet. */
export async function getFreespinState(db: Db, input: { playerGuid: string; walletGuid: string }): Promise<FreespinState> {
  const rows = await queryRows<FreespinState>(
    db,
    sql`SELECT round(w.free_spin_win_amount, c.decimals)::text AS win_amount,
               w.free_spin_count AS spins_left, w.free_spin_total AS spins_total
          FROM wallets w JOIN currencies c ON c.guid = w.currency_guid
         WHERE w.guid = ${input.walletGuid}::uuid AND w.customer_guid = ${input.playerGuid}::uuid`,
  );
  if (!rows[0]) throw notFound("No such wallet.");
  return rows[0];
}
