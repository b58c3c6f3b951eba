import { sql, type SQL } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/**
 * A report's window: whole calendar days of `timeZone` (an IANA name PostgreSQL knows; UTC by
 * default), `to` included; the currency resolved from its code.
 */
export type ReportWindow = { from: string; to: string; currencyGuid: string | null; timeZone: string };

/** The window's first instant: `from` 00:00 in the window's zone. */
export const windowStart = (window: ReportWindow) =>
  sql`(${window.from}::date::timestamp AT TIME ZONE ${window.timeZone})`;
/** The instant after the window: the day after `to`, 00:00 in the window's zone. */
export const windowEnd = (window: ReportWindow) =>
  sql`((${window.to}::date + 1)::timestamp AT TIME ZONE ${window.timeZone})`;
/** The calendar day of an instant in the window's zone. */
export const localDay = (window: ReportWindow, instant: SQL) => sql`(${instant} AT TIME ZONE ${window.timeZone})::date`;

// Zones PostgreSQL confirmed; its list does not change while the server runs.
const knownZones = new Set(["UTC"]);

const invalid = (field: string, message: string) =>
  new AppError("VALIDATION_ERROR", `Invalid input: query.${field}`, { fields: [{ field: `query.${field}`, message }] });

/** The currency code and time zone of a report query, checked against the database; an unknown one is named. */
export async function resolveReportWindow(
  executor: SqlExecutor,
  query: { from: string; to: string; currency?: string; tz?: string },
): Promise<ReportWindow> {
  const timeZone = query.tz ?? "UTC";
  if (!knownZones.has(timeZone)) {
    const [zone] = await queryRows<{ name: string }>(
      executor,
      sql`SELECT name FROM pg_timezone_names WHERE name = ${timeZone}`,
    );
    if (!zone) throw invalid("tz", "is not a time zone this server knows (an IANA name such as Europe/Malta)");
    knownZones.add(timeZone);
  }
  if (query.currency === undefined) return { from: query.from, to: query.to, currencyGuid: null, timeZone };
  const [row] = await queryRows<{ guid: string }>(
    executor,
    sql`SELECT guid FROM currencies WHERE code = ${query.currency}`,
  );
  if (!row) throw invalid("currency", "is not a currency of this casino");
  return { from: query.from, to: query.to, currencyGuid: row.guid, timeZone };
}

/**
 * The ledger transfers of the window, each with its local day and the kinds and owners of the two
 * accounts it moves between: what every report groups. Reads by created_at (index
 * ledger_transfers_created_at_idx, migration 0019). `extra` narrows further (e.g. only transfers
 * touching a house account).
 */
export function windowMoves(window: ReportWindow, extra?: SQL): SQL {
  const where = [sql`t.created_at >= ${windowStart(window)}`, sql`t.created_at < ${windowEnd(window)}`];
  if (window.currencyGuid) where.push(sql`t.currency_guid = ${window.currencyGuid}::uuid`);
  if (extra) where.push(extra);
  return sql`SELECT t.guid, t.created_at, ${localDay(window, sql`t.created_at`)} AS day, t.currency_guid, t.kind, t.amount,
                    t.round_ref, t.game_transaction_guid,
                    d.kind AS debit_kind, d.owner AS debit_owner, c.kind AS credit_kind, c.owner AS credit_owner
               FROM ledger_transfers t
               JOIN ledger_accounts d ON d.guid = t.debit_account_guid
               JOIN ledger_accounts c ON c.guid = t.credit_account_guid
              WHERE ${sql.join(where, sql` AND `)}`;
}

// The figures, as aggregates over windowMoves rows `m`. Defined by the kinds of the accounts money
// moves between, so they are sums of account balances and reconcile with the ledger:
// GGR is the net flow into the house_game accounts, bonus cost the net flow out of bonus_cost.
const zero = (expression: SQL) => sql`COALESCE(${expression}, 0)`;
export const DEPOSITS = zero(
  sql`sum(m.amount) FILTER (WHERE m.kind = 'deposit' AND m.debit_kind = 'payment_clearing' AND m.credit_kind = 'player_cash')`,
);
export const WITHDRAWALS = zero(
  sql`sum(m.amount) FILTER (WHERE m.debit_kind = 'withdrawal_pending' AND m.credit_kind = 'payment_clearing')`,
);
export const STAKES = sql`(${zero(sql`sum(m.amount) FILTER (WHERE m.kind = 'bet' AND m.credit_kind = 'house_game')`)}
  - ${zero(sql`sum(m.amount) FILTER (WHERE m.kind = 'rollback' AND m.debit_kind = 'house_game')`)})`;
export const WINS = zero(sql`sum(m.amount) FILTER (WHERE m.kind = 'win' AND m.debit_kind = 'house_game')`);
export const GGR = zero(
  sql`sum(CASE WHEN m.credit_kind = 'house_game' THEN m.amount WHEN m.debit_kind = 'house_game' THEN -m.amount END)`,
);
export const BONUS_COST = zero(
  sql`sum(CASE WHEN m.debit_kind = 'bonus_cost' THEN m.amount WHEN m.credit_kind = 'bonus_cost' THEN -m.amount END)`,
);
export const ADJUSTMENTS = zero(
  sql`sum(CASE WHEN m.debit_kind = 'operator_adjustment' THEN m.amount WHEN m.credit_kind = 'operator_adjustment' THEN -m.amount END)`,
);
/** Players with a bet: the owner of the debited player account. */
export const BETTING_PLAYERS = sql`count(DISTINCT m.debit_owner) FILTER (WHERE m.kind = 'bet' AND m.credit_kind = 'house_game')::int`;
export const ROUNDS = sql`count(DISTINCT m.round_ref) FILTER (WHERE m.kind = 'bet' AND m.credit_kind = 'house_game')::int`;
/** A house account is on one side of the transfer; its owner is the game provider's code. */
export const HOUSE_SIDE = sql`(d.kind = 'house_game' OR c.kind = 'house_game')`;
export const GAME_PROVIDER = sql`CASE WHEN m.credit_kind = 'house_game' THEN m.credit_owner ELSE m.debit_owner END`;

/** Exact decimal text of a sum: no rounding, so totals add up to the ledger's own sums. */
export const money = (expression: SQL) => sql`trim_scale(${expression})::text`;
