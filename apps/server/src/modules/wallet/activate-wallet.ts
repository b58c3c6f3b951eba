import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { makeActive, selectWallet } from "./get-or-create-wallet.ts";
import { lockPlayerWallets } from "./player-wallet-lock.ts";
import type { WalletRow } from "./wallet-select.ts";

/** PATCH /billing/wallet/activate: the player's own wallet becomes the only active one; anyone else's is a 404. */
export async function activateWallet(db: Db, input: { playerGuid: string; walletGuid: string }): Promise<WalletRow> {
  return db.transaction(async (tx) => {
    await lockPlayerWallets(tx, input.playerGuid);
    const owned = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT w.guid FROM wallets w JOIN currencies c ON c.guid = w.currency_guid
           WHERE w.guid = ${input.walletGuid}::uuid AND w.customer_guid = ${input.playerGuid}::uuid`,
    );
    if (!owned[0]) throw notFound("No such wallet.");
    await makeActive(tx, input.playerGuid, input.walletGuid);
    return selectWallet(tx, input.walletGuid);
  });
}
