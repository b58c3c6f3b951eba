import { sql } from "drizzle-orm";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { checkAmount } from "@croupier/contract/money";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

export type PaymentPlayer = {
  guid: string;
  status: string;
  is_verified: boolean;
  country_iso2: string | null;
  billing_segments: string[];
};

/**
 * The player's billing segments as SQL over the users row aliased `u`: the profile's own
 * billing_segments column (set by hand), then the codes of the payment segments their segments link
 * to (issue #18, ADR 033), without repeats.
 */
export const billingSegmentsSql = sql`(SELECT COALESCE(array_agg(b.code ORDER BY b.rank, b.code), '{}')::text[]
   FROM (SELECT code, min(rank) AS rank
           FROM (SELECT own.code::text AS code, 0 AS rank FROM unnest(u.billing_segments) AS own(code)
                 UNION ALL
                 SELECT ps.code::text, 1 FROM user_segments us
                   JOIN segment_payment_segments l ON l.segment_guid = us.segment_guid
                   JOIN payment_segments ps ON ps.guid = l.payment_segment_guid
                  WHERE us.user_guid = u.guid) AS all_codes
          GROUP BY code) AS b)`;

export async function loadPlayer(db: SqlExecutor, playerGuid: string): Promise<PaymentPlayer> {
  const rows = await queryRows<PaymentPlayer>(
    db,
    sql`SELECT u.guid, u.status, u.is_verified, lower(c.iso2) AS country_iso2, ${billingSegmentsSql} AS billing_segments
          FROM users u LEFT JOIN countries c ON c.guid = u.country_guid WHERE u.guid = ${playerGuid}::uuid`,
  );
  if (!rows[0]) throw notFound("No such player.");
  return rows[0];
}

/** Locked players (and, through the limits hook, excluded ones) cannot deposit; they can still withdraw. */
export function assertMayDeposit(player: PaymentPlayer, requiresKyc: boolean): void {
  if (player.status !== "active") throw new AppError("PLAYER_BLOCKED", "Deposits are not available for this account.");
  if (requiresKyc && !player.is_verified) throw new AppError("FORBIDDEN", "Please verify your identity before depositing.");
}

export type PaymentCurrency = {
  guid: string;
  code: string;
  symbol: string;
  name: string;
  type: "fiat" | "crypto";
  decimals: number;
};

export async function loadCurrency(db: SqlExecutor, currencyGuid: string): Promise<PaymentCurrency> {
  const rows = await queryRows<PaymentCurrency>(
    db,
    sql`SELECT guid, code, symbol, name, type, decimals FROM currencies WHERE guid = ${currencyGuid}::uuid`,
  );
  if (!rows[0]) throw notFound("No such currency.");
  return rows[0];
}

export type PaymentSystemRow = { guid: string; name: string; adapter: string; kind: "card" | "crypto" };

export async function loadPaymentSystem(db: SqlExecutor, by: { guid?: string; name?: string }): Promise<PaymentSystemRow> {
  const filter = by.guid ? sql`guid = ${by.guid}::uuid` : sql`name = ${by.name ?? ""}`;
  const rows = await queryRows<PaymentSystemRow>(
    db,
    sql`SELECT guid, name, adapter, kind FROM payment_systems WHERE ${filter} AND enabled AND project_enabled`,
  );
  if (!rows[0]) throw notFound("No such payment system.");
  return rows[0];
}

/**
 * The player's payment segments: those named by their billing segments (guids or
 * codes: the profile's own and those linked from their segments, billingSegmentsSql)
 * first, else the default segment of the player's country, else the fallback segment.
 */
export async function resolveSegmentGuids(db: SqlExecutor, input: { billingSegments: string[]; countryIso2: string | null }): Promise<string[]> {
  if (input.billingSegments.length > 0) {
    const list = sql.join(input.billingSegments.slice(0, 50).map((s) => sql`${s}`), sql`, `);
    const rows = await queryRows<{ guid: string }>(
      db,
      sql`SELECT guid FROM payment_segments WHERE guid::text IN (${list}) OR code IN (${list})`,
    );
    if (rows.length > 0) return rows.map((r) => r.guid);
  }
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`SELECT guid FROM payment_segments
         WHERE ${input.countryIso2 ?? ""} = ANY (default_for_countries) OR is_fallback
         ORDER BY is_fallback LIMIT 1`,
  );
  return rows.map((r) => r.guid);
}

export type AvailableMethod = {
  method_guid: string;
  method_name: string;
  system_guid: string;
  system_name: string;
  adapter: string;
  kind: "card" | "crypto";
  min_amount: string;
  max_amount: string;
};

/**
 * The method the player may use for this direction and currency, with its
 * effective limits (the narrower of the currency's and the method's), or
 * undefined when their segments offer none. Pick by method or by payment system.
 */
export async function findAvailableMethod(
  db: SqlExecutor,
  input: { segmentGuids: string[]; currencyGuid: string; direction: "deposit" | "withdrawal"; methodGuid?: string; systemGuid?: string },
): Promise<AvailableMethod | undefined> {
  if (input.segmentGuids.length === 0) return undefined;
  const segments = sql.join(input.segmentGuids.map((s) => sql`${s}::uuid`), sql`, `);
  const deposit = input.direction === "deposit";
  const rows = await queryRows<AvailableMethod>(
    db,
    sql`SELECT m.guid AS method_guid, m.name AS method_name, s.guid AS system_guid, s.name AS system_name, s.adapter, s.kind,
               trim_scale(GREATEST(COALESCE(mc.min_amount, 0), ${sql.raw(deposit ? "c.min_deposit" : "c.min_withdraw")}))::text AS min_amount,
               trim_scale(LEAST(COALESCE(mc.max_amount, ${sql.raw(deposit ? "c.max_deposit" : "c.max_withdraw")}),
                                ${sql.raw(deposit ? "c.max_deposit" : "c.max_withdraw")}))::text AS max_amount
          FROM payment_segment_methods sm
          JOIN payment_methods m ON m.guid = sm.payment_method_guid
          JOIN payment_systems s ON s.guid = m.payment_system_guid
          JOIN payment_method_currencies mc ON mc.payment_method_guid = m.guid AND mc.direction = ${input.direction}
          JOIN currencies c ON c.guid = mc.currency_guid
         WHERE sm.segment_guid IN (${segments})
           AND mc.currency_guid = ${input.currencyGuid}::uuid AND mc.enabled
           AND s.enabled AND s.project_enabled AND ${sql.raw(deposit ? "s.psp_deposit AND m.deposit_enabled" : "s.psp_withdrawal AND m.withdrawal_enabled")}
           ${input.methodGuid ? sql`AND m.guid = ${input.methodGuid}::uuid` : sql``}
           ${input.systemGuid ? sql`AND s.guid = ${input.systemGuid}::uuid` : sql``}
         ORDER BY sm.ordering LIMIT 1`,
  );
  return rows[0];
}

/**
 * A valid amount for the currency (decimals) and within [min, max]. The
 * comparison runs in SQL: amounts are never JS numbers.
 */
export async function assertAmount(db: SqlExecutor, input: { amount: string; decimals: number; min: string; max: string; code: string }): Promise<string> {
  const checked = checkAmount(input.amount, input.decimals);
  if (!checked.ok) throw badRequest(`Amount ${checked.reason}.`, [{ field: "body.amount", message: checked.reason }]);
  const rows = await queryRows<{ below: boolean; above: boolean }>(
    db,
    sql`SELECT ${checked.value}::numeric < ${input.min}::numeric AS below, ${checked.value}::numeric > ${input.max}::numeric AS above`,
  );
  if (rows[0]!.below)
    throw badRequest(`The minimum is ${input.min} ${input.code}.`, [{ field: "body.amount", message: `must be at least ${input.min}` }]);
  if (rows[0]!.above)
    throw badRequest(`The maximum is ${input.max} ${input.code}.`, [{ field: "body.amount", message: `must be at most ${input.max}` }]);
  return checked.value;
}

/** A return URL on our own origin (a path, or an absolute URL of PUBLIC_URL's origin): no open redirects. */
export function sameOriginUrl(publicUrl: string, value: string | undefined, fallbackPath: string, field: string): string {
  const origin = new URL(publicUrl).origin;
  const raw = value && value.length > 0 ? value : fallbackPath;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    throw badRequest("Invalid return address.", [{ field, message: "must be a path or a URL of this site" }]);
  }
  if (url.origin !== origin || raw.startsWith("//"))
    throw badRequest("Invalid return address.", [{ field, message: "must be a path or a URL of this site" }]);
  return url.toString();
}
