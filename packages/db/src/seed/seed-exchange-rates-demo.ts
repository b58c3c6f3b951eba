import { sql } from "drizzle-orm";
import type { Db } from "../create-database.ts";
import demoRates from "./data/demo-exchange-rates.json" with { type: "json" };

/**
 * Demo exchange rates for the seeded currency pairs, so the conversion calls
 * have prices on a development database. Inserted only where a pair has no
 * rate yet: the update command (apps/server/src/cli/update-exchange-rates.ts)
 * owns every later change.
 */
export async function seedExchangeRatesDemo(db: Db): Promise<void> {
  for (const [name, price] of Object.entries(demoRates.rates)) {
    const [base, quote] = name.split("/");
    await db.execute(
      sql`INSERT INTO exchange_rates (currency_pair_guid, price, source, quoted_at)
          SELECT guid, ${price}::numeric, 'demo', ${demoRates.quoted_at}::timestamptz
            FROM currency_pairs WHERE base_asset = ${base} AND quote_asset = ${quote}
          ON CONFLICT (currency_pair_guid) DO NOTHING`,
    );
  }
}
