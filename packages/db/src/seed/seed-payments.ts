import { sql } from "drizzle-orm";
import type { Db } from "../create-database.ts";
import { deterministicGuid } from "./deterministic-guid.ts";

/**
 * Payment systems, methods and billing segments of a fresh installation: the
 * built-in sandbox PSP (cards and crypto) so deposits and withdrawals work out
 * of the box. Operators add real PSPs as adapters and rows. Idempotent: rows
 * are found by their deterministic guids and never overwritten.
 */
export const PAYMENT_SEED = {
  systems: [
    { name: "sandbox_card", adapter: "sandbox", kind: "card", ordering: 1 },
    { name: "sandbox_crypto", adapter: "sandbox", kind: "crypto", ordering: 2 },
  ],
  methods: [
    {
      code: "card",
      name: "Bank card",
      system: "sandbox_card",
      currencyType: "fiat",
      ordering: 1,
      deposit_required_params: ["amount"],
      withdrawal_required_params: ["amount", "card_guid"],
      deposit_response_data: ["redirect_url"],
      withdrawal_response_data: [],
      metadata: {
        providers: [
          { id: "visa", display_name: "Visa" },
          { id: "mastercard", display_name: "Mastercard" },
        ],
      },
    },
    {
      code: "crypto",
      name: "Cryptocurrency",
      system: "sandbox_crypto",
      currencyType: "crypto",
      ordering: 2,
      deposit_required_params: ["network"],
      withdrawal_required_params: ["amount", "external_account", "network"],
      deposit_response_data: ["address", "destination_tag"],
      withdrawal_response_data: [],
      metadata: {},
    },
  ],
  // The default segment depends on the country (contract §9): gb gets its own.
  segments: [
    { code: "default-gb", name: "United Kingdom", countries: ["gb"], fallback: false, methods: ["card"] },
    { code: "default", name: "International", countries: [], fallback: true, methods: ["card", "crypto"] },
  ],
} as const;

export const paymentSystemGuid = (name: string) => deterministicGuid(`payment-system:${name}`);
export const paymentMethodGuid = (code: string) => deterministicGuid(`payment-method:${code}`);
export const paymentSegmentGuid = (code: string) => deterministicGuid(`payment-segment:${code}`);

export async function seedPayments(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const system of PAYMENT_SEED.systems) {
      await tx.execute(
        sql`INSERT INTO payment_systems (guid, name, adapter, kind, ordering)
            VALUES (${paymentSystemGuid(system.name)}::uuid, ${system.name}, ${system.adapter}, ${system.kind}, ${system.ordering})
            ON CONFLICT DO NOTHING`,
      );
    }
    for (const method of PAYMENT_SEED.methods) {
      const methodGuid = paymentMethodGuid(method.code);
      await tx.execute(
        sql`INSERT INTO payment_methods (guid, code, name, icon, icon_mobile, payment_system_guid, ordering,
                                         deposit_required_params, withdrawal_required_params,
                                         deposit_response_data, withdrawal_response_data, metadata)
            VALUES (${methodGuid}::uuid, ${method.code}, ${method.name},
                    ${`/sandbox-psp/icons/${method.code}.svg`}, ${`/sandbox-psp/icons/${method.code}.svg`},
                    ${paymentSystemGuid(method.system)}::uuid, ${method.ordering},
                    ${JSON.stringify(method.deposit_required_params)}::jsonb, ${JSON.stringify(method.withdrawal_required_params)}::jsonb,
                    ${JSON.stringify(method.deposit_response_data)}::jsonb, ${JSON.stringify(method.withdrawal_response_data)}::jsonb,
                    ${JSON.stringify(method.metadata)}::jsonb)
            ON CONFLICT DO NOTHING`,
      );
      // Limits stay null (the currency's own min/max apply); quick amounts are
      // 2×, 5×, 10× and 25× the currency's minimum deposit, computed in SQL.
      await tx.execute(
        sql`INSERT INTO payment_method_currencies (payment_method_guid, currency_guid, direction, quick_amounts)
            SELECT ${methodGuid}::uuid, c.guid, d.direction,
                   CASE WHEN d.direction = 'deposit'
                        THEN ARRAY[trim_scale(c.min_deposit * 2)::text, trim_scale(c.min_deposit * 5)::text,
                                   trim_scale(c.min_deposit * 10)::text, trim_scale(c.min_deposit * 25)::text]::varchar(40)[]
                        ELSE '{}'::varchar(40)[] END
              FROM currencies c CROSS JOIN (VALUES ('deposit'), ('withdrawal')) AS d(direction)
             WHERE c.type = ${method.currencyType}
            ON CONFLICT DO NOTHING`,
      );
    }
    for (const segment of PAYMENT_SEED.segments) {
      const segmentGuid = paymentSegmentGuid(segment.code);
      await tx.execute(
        sql`INSERT INTO payment_segments (guid, code, name, default_for_countries, is_fallback)
            VALUES (${segmentGuid}::uuid, ${segment.code}, ${segment.name},
                    ${`{${segment.countries.join(",")}}`}::varchar(2)[], ${segment.fallback})
            ON CONFLICT DO NOTHING`,
      );
      for (const [index, code] of segment.methods.entries()) {
        await tx.execute(
          sql`INSERT INTO payment_segment_methods (segment_guid, payment_method_guid, ordering)
              VALUES (${segmentGuid}::uuid, ${paymentMethodGuid(code)}::uuid, ${index + 1})
              ON CONFLICT DO NOTHING`,
        );
      }
    }
  });
}
