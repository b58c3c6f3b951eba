import { sql } from "drizzle-orm";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { walletColumns, type WalletRow } from "./wallet-select.ts";

/** The player's wallets in known currencies, oldest first. */
export async function listWallets(
  db: Db,
  input: { playerGuid: string; page: number; perPage: number },
): Promise<{ items: WalletRow[]; pager: Pager }> {
  const items = await queryRows<WalletRow>(
    db,
    sql`SELECT ${walletColumns}
          FROM wallets w JOIN currencies c ON c.guid = w.currency_guid
         WHERE w.customer_guid = ${input.playerGuid}::uuid
         ORDER BY w.created_at, w.guid
         LIMIT ${input.perPage} OFFSET ${(input.page - 1) * input.perPage}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM wallets w JOIN currencies c ON c.guid = w.currency_guid
         WHERE w.customer_guid = ${input.playerGuid}::uuid`,
  );
  return { items, pager: { page: input.page, per_page: input.perPage, total: count?.total ?? 0 } };
}
