import { sql } from "drizzle-orm";
import { check, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, money, updatedAt } from "./columns.ts";
import { currencyPairs } from "./dictionary.ts";

/**
 * The current price of each currency pair: 1 unit of base_asset costs `price`
 * units of quote_asset. Written only by the exchange-rate update command
 * (apps/server/src/cli/update-exchange-rates.ts); read by the game-currency
 * conversion calls. One row per pair: the latest rate wins, history is not kept.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    guid: guid(),
    currency_pair_guid: uuid("currency_pair_guid")
      .notNull()
      .references(() => currencyPairs.guid, { onDelete: "cascade" }),
    price: money("price").notNull(),
    // Where the rate came from ("file:rates.json", "env", "demo").
    source: varchar("source", { length: 120 }).notNull(),
    // When the source quoted the rate (not when it was loaded).
    quoted_at: timestamp("quoted_at", { withTimezone: true, mode: "string" }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("exchange_rates_pair_uq").on(t.currency_pair_guid),
    check("exchange_rates_price_positive", sql`${t.price} > 0`),
  ],
);
