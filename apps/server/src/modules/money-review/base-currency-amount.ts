import { sql, type SQL } from "drizzle-orm";

/**
 * `amount` of `currencyGuid` in the default currency (USD), as a SQL numeric expression: the stored rate
 * of the direct pair with the default currency (either way round), never a rate chained through a third
 * currency. NULL when no rate is stored: callers treat an unknown value as above every limit, so a missing
 * rate can only ever send money to a human, never past one.
 */
export function baseCurrencyAmountSql(currencyGuid: SQL, amount: SQL): SQL {
  return sql`(SELECT CASE
                WHEN bc.is_default THEN (${amount})::numeric
                ELSE COALESCE(
                  (SELECT (${amount})::numeric * er.price
                     FROM currency_pairs cp
                     JOIN currencies q ON q.guid = cp.quote_guid AND q.is_default
                     JOIN exchange_rates er ON er.currency_pair_guid = cp.guid
                    WHERE cp.base_guid = bc.guid AND cp.status = 'active' LIMIT 1),
                  (SELECT (${amount})::numeric / er.price
                     FROM currency_pairs cp
                     JOIN currencies b ON b.guid = cp.base_guid AND b.is_default
                     JOIN exchange_rates er ON er.currency_pair_guid = cp.guid
                    WHERE cp.quote_guid = bc.guid AND cp.status = 'active' LIMIT 1))
              END
              FROM currencies bc WHERE bc.guid = ${currencyGuid})`;
}
