import { sql, type SQL } from "drizzle-orm";
import { segmentRules, type SegmentRule } from "@croupier/contract/backoffice/segments";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { baseCurrencyAmountSql } from "../money-review/base-currency-amount.ts";

/** A rule segment as evaluation reads it: its guid, name and AND-ed rules (never empty). */
export type RuleSegment = { guid: string; name: string; rules: SegmentRule[] };

/** Upper bound of rule segments evaluated per player: segments are a marketing list, not a table of millions. */
export const RULE_SEGMENTS_MAX = 200;

/**
 * The segments that have rules, parsed with the contract's schema (a row that no longer parses, e.g.
 * written by hand, is skipped rather than matching everyone).
 */
export async function loadRuleSegments(db: SqlExecutor): Promise<RuleSegment[]> {
  const rows = await queryRows<{ guid: string; name: string; rules: unknown }>(
    db,
    sql`SELECT guid, name, rules FROM segments WHERE jsonb_array_length(rules) > 0 ORDER BY created_at, guid LIMIT ${RULE_SEGMENTS_MAX}`,
  );
  return rows.flatMap((row) => {
    const parsed = segmentRules.safeParse(row.rules);
    return parsed.success && parsed.data.length > 0 ? [{ guid: row.guid, name: row.name, rules: parsed.data }] : [];
  });
}

/** Whether player_loyalty exists yet (the loyalty part creates it; until then every level is 0). */
export async function hasLoyaltyTable(db: SqlExecutor): Promise<boolean> {
  const rows = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass('player_loyalty') IS NOT NULL AS present`,
  );
  return rows[0]?.present ?? false;
}

const successfulDeposits = (user: SQL) =>
  sql`FROM payments p WHERE p.customer_guid = ${user}.guid AND p.transaction_type = 'deposit' AND p.status = 'successful'`;

/**
 * One rule as a boolean SQL expression over the users row aliased `u`. Money in SQL (USD at the
 * stored rate of each deposit's currency, ADR 018's conversion: a deposit with no rate adds nothing).
 */
function ruleSql(rule: SegmentRule, loyalty: boolean): SQL {
  const u = sql.raw("u");
  switch (rule.kind) {
    case "country": {
      const list = sql.join(
        rule.countries.map((c) => sql`${c}`),
        sql`, `,
      );
      return sql`EXISTS (SELECT 1 FROM countries c WHERE c.guid = u.country_guid AND lower(c.iso2) IN (${list}))`;
    }
    case "deposits_count":
      return sql`(SELECT count(*) ${successfulDeposits(u)}) >= ${rule.min}`;
    case "deposits_sum_usd":
      return sql`COALESCE((SELECT sum(${baseCurrencyAmountSql(sql`p.currency_guid`, sql`p.amount`)}) ${successfulDeposits(u)}), 0) >= ${rule.min}::numeric`;
    case "loyalty_level":
      return loyalty
        ? sql`COALESCE((SELECT pl.level FROM player_loyalty pl WHERE pl.customer_guid = u.guid), 0) >= ${rule.min}`
        : sql`0 >= ${rule.min}`;
    case "registered_days":
      // Whole days since sign-up: at least N ⇔ signed up N days ago or earlier; at most N ⇔ less than N + 1 days ago.
      return rule.op === "gte"
        ? sql`u.created_at <= now() - make_interval(days => ${rule.days})`
        : sql`u.created_at > now() - make_interval(days => ${rule.days + 1})`;
    case "verified":
      return sql`u.is_verified = ${rule.value}`;
    case "tag":
      return sql`EXISTS (SELECT 1 FROM player_tags t WHERE t.user_guid = u.guid AND t.tag = ${rule.tag})`;
  }
}

/** All of a segment's rules AND-ed, over the users row aliased `u`. */
export function segmentMatchSql(rules: SegmentRule[], loyalty: boolean): SQL {
  if (rules.length === 0) return sql`false`;
  return sql`(${sql.join(
    rules.map((rule) => sql`(${ruleSql(rule, loyalty)})`),
    sql` AND `,
  )})`;
}

/**
 * The days after sign-up at which a days-since-registration rule changes its answer (N for "at least
 * N", N + 1 for "at most N"): the sweep re-evaluates a player at the next of these.
 */
export function timeThresholds(segments: RuleSegment[]): number[] {
  const days = new Set<number>();
  for (const segment of segments)
    for (const rule of segment.rules)
      if (rule.kind === "registered_days") days.add(rule.op === "gte" ? rule.days : rule.days + 1);
  return [...days].sort((a, b) => a - b);
}
