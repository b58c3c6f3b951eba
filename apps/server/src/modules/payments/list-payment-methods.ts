import { sql } from "drizzle-orm";
import type { PaymentMethod } from "@croupier/contract/entities/payment-method";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { billingSegmentsSql, resolveSegmentGuids } from "./payment-lookups.ts";

type MethodRow = {
  guid: string;
  name: string;
  icon: string | null;
  icon_mobile: string | null;
  system_guid: string;
  psp_name: string;
  ordering: number;
  deposit_enabled: boolean;
  withdrawal_enabled: boolean;
  deposit_comment: string | null;
  withdrawal_comment: string | null;
  deposit_required_params: string[];
  withdrawal_required_params: string[];
  deposit_response_data: string[];
  withdrawal_response_data: string[];
  currencies: {
    direction: "deposit" | "withdrawal";
    currency_guid: string;
    min_amount: string;
    max_amount: string;
    is_crypto: boolean;
    networks: PaymentMethod["deposit"]["currencies"][number]["networks"];
    quick_amounts: string[];
    symbol: string;
    enabled: boolean;
  }[];
};

/**
 * GET /payments/methods: the methods of the given segments, else of the
 * player's (profile billing_segments with those linked from the player's
 * segments, else the default segment for the country: the given country_guid,
 * else the profile's).
 */
export async function listPaymentMethods(
  db: Db,
  input: { playerGuid: string | null; segmentGuids: string[]; countryGuid?: string },
): Promise<PaymentMethod[]> {
  let segmentGuids = input.segmentGuids;
  if (segmentGuids.length === 0) {
    const profile = input.playerGuid
      ? await queryRows<{ billing_segments: string[]; iso2: string | null }>(
          db,
          sql`SELECT ${billingSegmentsSql} AS billing_segments, lower(c.iso2) AS iso2 FROM users u LEFT JOIN countries c ON c.guid = u.country_guid
               WHERE u.guid = ${input.playerGuid}::uuid`,
        )
      : [];
    const country = input.countryGuid
      ? await queryRows<{ iso2: string }>(db, sql`SELECT lower(iso2) AS iso2 FROM countries WHERE guid = ${input.countryGuid}::uuid`)
      : [];
    segmentGuids = await resolveSegmentGuids(db, {
      billingSegments: profile[0]?.billing_segments ?? [],
      countryIso2: country[0]?.iso2 ?? profile[0]?.iso2 ?? null,
    });
  }
  if (segmentGuids.length === 0) return [];
  const segments = sql.join(segmentGuids.map((s) => sql`${s}::uuid`), sql`, `);
  const rows = await queryRows<MethodRow>(
    db,
    sql`SELECT m.guid, m.name, m.icon, m.icon_mobile, s.guid AS system_guid, s.name AS psp_name,
               min(sm.ordering) AS ordering,
               m.deposit_enabled AND s.psp_deposit AS deposit_enabled, m.withdrawal_enabled AND s.psp_withdrawal AS withdrawal_enabled,
               m.deposit_comment, m.withdrawal_comment, m.deposit_required_params, m.withdrawal_required_params,
               m.deposit_response_data, m.withdrawal_response_data,
               (SELECT COALESCE(jsonb_agg(jsonb_build_object(
                   'direction', mc.direction, 'currency_guid', c.guid,
                   'min_amount', trim_scale(GREATEST(COALESCE(mc.min_amount, 0), CASE WHEN mc.direction = 'deposit' THEN c.min_deposit ELSE c.min_withdraw END))::text,
                   'max_amount', trim_scale(LEAST(COALESCE(mc.max_amount, CASE WHEN mc.direction = 'deposit' THEN c.max_deposit ELSE c.max_withdraw END),
                                                  CASE WHEN mc.direction = 'deposit' THEN c.max_deposit ELSE c.max_withdraw END))::text,
                   'is_crypto', c.type = 'crypto', 'symbol', c.symbol, 'enabled', mc.enabled,
                   'quick_amounts', to_jsonb(mc.quick_amounts),
                   'networks', (SELECT COALESCE(jsonb_agg(jsonb_build_object('code', n.code, 'name', n.name,
                                         'requires_destination_tag', n.requires_destination_tag, 'confirmations', n.confirmations) ORDER BY n.code), '[]'::jsonb)
                                  FROM currency_networks n WHERE n.currency_guid = c.guid)
                 ) ORDER BY c.ordering, c.code), '[]'::jsonb)
                  FROM payment_method_currencies mc JOIN currencies c ON c.guid = mc.currency_guid
                 WHERE mc.payment_method_guid = m.guid) AS currencies
          FROM payment_segment_methods sm
          JOIN payment_methods m ON m.guid = sm.payment_method_guid
          JOIN payment_systems s ON s.guid = m.payment_system_guid
         WHERE sm.segment_guid IN (${segments}) AND s.enabled AND s.project_enabled
         GROUP BY m.guid, s.guid
         ORDER BY min(sm.ordering), m.ordering, m.name
         LIMIT 100`,
  );
  return rows.map((row) => {
    const section = (direction: "deposit" | "withdrawal") => ({
      enabled: direction === "deposit" ? row.deposit_enabled : row.withdrawal_enabled,
      ordering: Number(row.ordering),
      comment: direction === "deposit" ? row.deposit_comment : row.withdrawal_comment,
      required_params: direction === "deposit" ? row.deposit_required_params : row.withdrawal_required_params,
      response_data: direction === "deposit" ? row.deposit_response_data : row.withdrawal_response_data,
      currencies: row.currencies
        .filter((c) => c.direction === direction)
        .map(({ direction: _d, ...c }) => ({ ...c, target_currency_guid: c.currency_guid })),
    });
    return {
      guid: row.guid,
      name: row.name,
      icon: row.icon,
      icon_mobile: row.icon_mobile,
      payment_system_guid: row.system_guid,
      psp_name: row.psp_name,
      deposit: section("deposit"),
      withdrawal: section("withdrawal"),
    };
  });
}
