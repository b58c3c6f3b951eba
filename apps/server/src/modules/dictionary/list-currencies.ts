import { and, asc, count, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Currency, CurrencyNetwork } from "@croupier/contract/entities/currency";
import type { Db } from "@croupier/db/create-database";
import { currencies, currencyNetworks } from "@croupier/db/schema/dictionary";
import type { PageRequest } from "./paging.ts";

export type CurrencyFilter = {
  type?: "fiat" | "crypto";
  /** Only currencies offered at registration. */
  registration?: boolean;
  /** Only currencies offered in this country (those with no country list are offered everywhere). */
  country_guid?: string;
};

// NUMERIC(38,18) without its trailing zeros: "10", not "10.000000000000000000".
const decimal = (column: SQLWrapper) => sql<string>`trim_scale(${column})::text`;

const currencyColumns = {
  guid: currencies.guid,
  external_guid: currencies.external_guid,
  is_default: currencies.is_default,
  icon: currencies.icon,
  code: currencies.code,
  symbol: currencies.symbol,
  name: currencies.name,
  custom_name: currencies.custom_name,
  type: currencies.type,
  registration: currencies.registration,
  decimals: currencies.decimals,
  ordering: currencies.ordering,
  min_bet_slot_real: decimal(currencies.min_bet_slot_real),
  max_bet_slot_real: decimal(currencies.max_bet_slot_real),
  min_bet_live_real: decimal(currencies.min_bet_live_real),
  max_bet_live_real: decimal(currencies.max_bet_live_real),
  max_bet_slot_bonus: decimal(currencies.max_bet_slot_bonus),
  max_bet_live_bonus: decimal(currencies.max_bet_live_bonus),
  min_deposit: decimal(currencies.min_deposit),
  max_deposit: decimal(currencies.max_deposit),
  min_withdraw: decimal(currencies.min_withdraw),
  max_withdraw: decimal(currencies.max_withdraw),
  bonus_threshold: decimal(currencies.bonus_threshold),
  countries: currencies.countries,
};

function whereOf(filter: CurrencyFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(currencies.type, filter.type));
  if (filter.registration !== undefined) conditions.push(eq(currencies.registration, filter.registration));
  if (filter.country_guid) {
    conditions.push(
      sql`(cardinality(${currencies.countries}) = 0 OR ${filter.country_guid}::uuid = ANY(${currencies.countries}))`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Currencies in display order, each with its transfer networks (empty for fiat). */
export async function listCurrencies(
  db: Db,
  filter: CurrencyFilter,
  page: PageRequest,
): Promise<{ items: Currency[]; total: number }> {
  const where = whereOf(filter);
  const [totalRow] = await db.select({ total: count() }).from(currencies).where(where);
  const rows = await db
    .select(currencyColumns)
    .from(currencies)
    .where(where)
    .orderBy(asc(currencies.ordering), asc(currencies.code))
    .limit(page.per_page)
    .offset(page.offset);

  const networksByCurrency = new Map<string, CurrencyNetwork[]>();
  if (rows.length > 0) {
    const networks = await db
      .select()
      .from(currencyNetworks)
      .where(
        inArray(
          currencyNetworks.currency_guid,
          rows.map((r) => r.guid),
        ),
      )
      .orderBy(asc(currencyNetworks.created_at), asc(currencyNetworks.code));
    for (const n of networks) {
      const list = networksByCurrency.get(n.currency_guid) ?? [];
      list.push({
        guid: n.guid,
        code: n.code,
        name: n.name,
        requires_destination_tag: n.requires_destination_tag,
        confirmations: n.confirmations,
      });
      networksByCurrency.set(n.currency_guid, list);
    }
  }

  return {
    items: rows.map((row) => ({ ...row, networks: networksByCurrency.get(row.guid) ?? [] })),
    total: Number(totalRow?.total ?? 0),
  };
}
