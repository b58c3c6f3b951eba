import { asc, count, eq } from "drizzle-orm";
import type { CurrencyPair } from "@croupier/contract/entities/currency-pair";
import type { Db } from "@croupier/db/create-database";
import { currencyPairs } from "@croupier/db/schema/dictionary";
import type { PageRequest } from "../dictionary/paging.ts";

/** Currency pairs for conversion, by base then quote asset. */
export async function listCurrencyPairs(
  db: Db,
  filter: { status?: "active" | "inactive" },
  page: PageRequest,
): Promise<{ items: CurrencyPair[]; total: number }> {
  const where = filter.status ? eq(currencyPairs.status, filter.status) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(currencyPairs).where(where);
  const items = await db
    .select({
      guid: currencyPairs.guid,
      external_guid: currencyPairs.external_guid,
      base_asset: currencyPairs.base_asset,
      base_guid: currencyPairs.base_guid,
      quote_asset: currencyPairs.quote_asset,
      quote_guid: currencyPairs.quote_guid,
      status: currencyPairs.status,
      type: currencyPairs.type,
    })
    .from(currencyPairs)
    .where(where)
    .orderBy(asc(currencyPairs.base_asset), asc(currencyPairs.quote_asset))
    .limit(page.per_page)
    .offset(page.offset);
  return { items, total: Number(totalRow?.total ?? 0) };
}
