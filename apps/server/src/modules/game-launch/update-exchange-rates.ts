import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";

const RATES_MAX = 1000;
const PAIR_NAME = /^[A-Z0-9]{2,16}\/[A-Z0-9]{2,16}$/;
const price = z
  .string()
  .max(60)
  .regex(/^\d{1,20}(\.\d{1,18})?$/, "must be a positive decimal string such as 1.08")
  .refine((value) => /[1-9]/.test(value), "must be greater than zero");

/**
 * The rates file: `{ "quoted_at"?: ISO time, "rates": { "BTC/USD": "65000", … } }`.
 * Prices are decimal strings (never JSON numbers: a float would already have
 * rounded them); "BASE/QUOTE": 1 BASE costs price QUOTE.
 */
export const exchangeRatesFile = z.object({
  quoted_at: z.iso.datetime({ offset: true }).optional(),
  rates: z
    .record(z.string().max(40), price)
    .superRefine((rates, ctx) => {
      const names = Object.keys(rates);
      if (names.length > RATES_MAX) ctx.addIssue({ code: "custom", message: `at most ${RATES_MAX} rates` });
      for (const name of names.filter((n) => !PAIR_NAME.test(n)))
        ctx.addIssue({ code: "custom", path: [name], message: "must be named BASE/QUOTE such as BTC/USD" });
    }),
});
export type ExchangeRatesFile = z.infer<typeof exchangeRatesFile>;

export type ExchangeRatesReport = {
  /** Pairs whose stored price was inserted or changed. */
  updated: string[];
  /** Pairs whose price was already the stored one. */
  unchanged: string[];
  /** Names that match no currency pair of the project (nothing stored for them). */
  unknown: string[];
};

/**
 * Stores the latest price of each named pair (one row per pair), all in one
 * transaction: a file with an unknown pair still updates the known ones, and
 * the report names the rest. An inverse name (USD/BTC for the BTC/USD pair)
 * is unknown rather than silently inverted.
 */
export async function updateExchangeRates(
  db: Db,
  file: ExchangeRatesFile,
  source: string,
  now: Date = new Date(),
): Promise<ExchangeRatesReport> {
  const quotedAt = file.quoted_at ?? now.toISOString();
  const report: ExchangeRatesReport = { updated: [], unchanged: [], unknown: [] };
  const names = Object.keys(file.rates).sort();
  await db.transaction(async (tx) => {
    for (const name of names) {
      const [base, quote] = name.split("/") as [string, string];
      const rows = await queryRows<{ changed: boolean }>(
        tx,
        sql`WITH pair AS (
              SELECT guid FROM currency_pairs WHERE base_asset = ${base} AND quote_asset = ${quote}),
            before AS (
              SELECT er.price FROM exchange_rates er JOIN pair ON pair.guid = er.currency_pair_guid),
            upsert AS (
              INSERT INTO exchange_rates (currency_pair_guid, price, source, quoted_at)
              SELECT pair.guid, ${file.rates[name]}::numeric, ${source.slice(0, 120)}, ${quotedAt}::timestamptz FROM pair
              ON CONFLICT (currency_pair_guid) DO UPDATE
                SET price = EXCLUDED.price, source = EXCLUDED.source, quoted_at = EXCLUDED.quoted_at, updated_at = now()
              RETURNING price)
            SELECT (SELECT price FROM before) IS DISTINCT FROM upsert.price AS changed FROM upsert`,
      );
      const row = rows[0];
      if (!row) report.unknown.push(name);
      else if (row.changed) report.updated.push(name);
      else report.unchanged.push(name);
    }
  });
  return report;
}
