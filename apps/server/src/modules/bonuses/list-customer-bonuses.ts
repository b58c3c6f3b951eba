import { sql, type SQL } from "drizzle-orm";
import type { BonusType, CustomerBonus, CustomerBonusStatus } from "@croupier/contract/entities/bonus";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { clampPerPage } from "./bonus-sql.ts";
import { countCustomerBonuses, queryCustomerBonuses } from "./customer-bonus-query.ts";

export type CustomerBonusFilters = {
  statuses?: CustomerBonusStatus[];
  bonusType?: BonusType;
  guid?: string;
  currencyGuid?: string;
};

/** GET /bonuses/list: the player's own bonuses, newest first, filtered and paged. */
export async function listCustomerBonuses(
  db: Db,
  input: { playerGuid: string; filters: CustomerBonusFilters; page: number; perPage: number },
): Promise<{ items: CustomerBonus[]; pager: Pager }> {
  const perPage = clampPerPage(input.perPage);
  const offset = (input.page - 1) * perPage;
  const where: SQL[] = [];
  const { statuses, bonusType, guid, currencyGuid } = input.filters;
  if (statuses?.length)
    where.push(
      sql`cb.status IN (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (bonusType) where.push(sql`cb.bonus_type = ${bonusType}`);
  if (guid) where.push(sql`cb.guid = ${guid}::uuid`);
  if (currencyGuid) where.push(sql`cb.currency_guid = ${currencyGuid}::uuid`);
  const items = await queryCustomerBonuses(db, { playerGuid: input.playerGuid, where, limit: perPage, offset });
  let total = offset + items.length;
  // A partly filled page already tells the total.
  if (items.length === perPage || (items.length === 0 && offset > 0))
    total = await countCustomerBonuses(db, { playerGuid: input.playerGuid, where });
  return { items, pager: { page: input.page, per_page: perPage, total } };
}
