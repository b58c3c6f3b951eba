import { sql } from "drizzle-orm";
import type { PlayerBonusRow, PlayerBonusesQuery } from "@croupier/contract/backoffice/bonuses";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { assertPlayerExists } from "../player-admin/assert-player-exists.ts";
import { selectPlayerBonuses } from "./player-bonus-sql.ts";

const DEFAULT_PER_PAGE = 25;

/** The player page's bonus grid: every customer bonus of the player, paged. */
export async function listPlayerBonuses(
  db: Db,
  playerGuid: string,
  query: PlayerBonusesQuery,
): Promise<{ items: PlayerBonusRow[]; pager: Pager }> {
  await assertPlayerExists(db, playerGuid);
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM customer_bonuses
         WHERE customer_guid = ${playerGuid}::uuid ${query.status ? sql`AND status = ${query.status}` : sql``}`,
  );
  const items = await selectPlayerBonuses(db, playerGuid, {
    status: query.status,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  return { items, pager: { page, per_page: perPage, total: total?.n ?? 0 } };
}
