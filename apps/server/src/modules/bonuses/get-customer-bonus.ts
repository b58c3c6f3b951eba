import { sql } from "drizzle-orm";
import type { CustomerBonus } from "@croupier/contract/entities/bonus";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryCustomerBonuses } from "./customer-bonus-query.ts";

/** One of the player's own bonuses; another player's (or an unknown) guid is a 404. */
export async function getCustomerBonus(
  db: Db,
  input: { playerGuid: string; customerBonusGuid: string },
): Promise<CustomerBonus> {
  const [row] = await queryCustomerBonuses(db, {
    playerGuid: input.playerGuid,
    where: [sql`cb.guid = ${input.customerBonusGuid}::uuid`],
    limit: 1,
    offset: 0,
  });
  if (!row) throw notFound("No such bonus.");
  return row;
}
