import type { CustomerBonus, CustomerBonusStatus, BonusType } from "@croupier/contract/entities/bonus";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { clampPerPage } from "../bonuses/bonus-sql.ts";
import { listCustomerBonuses } from "../bonuses/list-customer-bonuses.ts";

/**
 * GET /bonuses/cashback/list: the player's cashback customer bonuses, through the bonuses module's own
 * list (same entity, filters and pager), with the type held to cashback. Asking for another
 * bonus_type answers an empty page.
 */
export async function listCashbackBonuses(
  db: Db,
  input: {
    playerGuid: string;
    filters: { statuses?: CustomerBonusStatus[]; bonusType?: BonusType; guid?: string; currencyGuid?: string };
    page: number;
    perPage: number;
  },
): Promise<{ items: CustomerBonus[]; pager: Pager }> {
  if (input.filters.bonusType !== undefined && input.filters.bonusType !== "cashback")
    return { items: [], pager: { page: input.page, per_page: clampPerPage(input.perPage), total: 0 } };
  return listCustomerBonuses(db, { ...input, filters: { ...input.filters, bonusType: "cashback" } });
}
