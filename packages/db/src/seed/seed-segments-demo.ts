import { sql } from "drizzle-orm";
import type { Db } from "../create-database.ts";
import { deterministicGuid } from "./deterministic-guid.ts";
import { paymentMethodGuid, paymentSegmentGuid, paymentSystemGuid } from "./seed-payments.ts";

// The demo segments (issue #18, ADR 033): "VIP" (successful deposits worth 1 000 USD or more, linked
// to the "vip" payment segment, which adds a "VIP bank card" method to the usual card and crypto),
// "New players" (signed up at most 7 days ago) and "Verified" (identity verified), plus a manual-only
// "Hand-picked" segment for staff to assign. Rows have deterministic guids and are inserted only when
// missing (never overwriting an operator's edit); a fresh insert asks the segment sweep to evaluate
// every player once, so the demo players land in their segments within a few passes.

export const DEMO_SEGMENTS = [
  {
    key: "vip",
    name: "VIP",
    group_name: "Value",
    data: { mining_multiplier: 2 },
    rules: [{ kind: "deposits_sum_usd", min: "1000" }],
    payment_segment: "vip",
  },
  {
    key: "new-players",
    name: "New players",
    group_name: "Lifecycle",
    data: {},
    rules: [{ kind: "registered_days", op: "lte", days: 7 }],
    payment_segment: null,
  },
  {
    key: "verified",
    name: "Verified",
    group_name: "Lifecycle",
    data: {},
    rules: [{ kind: "verified", value: true }],
    payment_segment: null,
  },
  { key: "hand-picked", name: "Hand-picked", group_name: "Marketing", data: {}, rules: [], payment_segment: null },
] as const;

export const demoSegmentGuid = (key: string) => deterministicGuid(`segment:${key}`);

export async function seedSegmentsDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // The VIP payment segment: a method of its own (sandbox card PSP) before the usual two.
    const vipMethod = paymentMethodGuid("vip_card");
    await tx.execute(
      sql`INSERT INTO payment_methods (guid, code, name, icon, icon_mobile, payment_system_guid, ordering,
                                       deposit_required_params, withdrawal_required_params, deposit_response_data, withdrawal_response_data, metadata)
          VALUES (${vipMethod}::uuid, 'vip_card', 'VIP bank card', '/sandbox-psp/icons/card.svg', '/sandbox-psp/icons/card.svg',
                  ${paymentSystemGuid("sandbox_card")}::uuid, 0, '["amount"]'::jsonb, '["amount","card_guid"]'::jsonb,
                  '["redirect_url"]'::jsonb, '[]'::jsonb, '{}'::jsonb)
          ON CONFLICT DO NOTHING`,
    );
    await tx.execute(
      sql`INSERT INTO payment_method_currencies (payment_method_guid, currency_guid, direction, quick_amounts)
          SELECT ${vipMethod}::uuid, c.guid, d.direction,
                 CASE WHEN d.direction = 'deposit'
                      THEN ARRAY[trim_scale(c.min_deposit * 50)::text, trim_scale(c.min_deposit * 100)::text]::varchar(40)[]
                      ELSE '{}'::varchar(40)[] END
            FROM currencies c CROSS JOIN (VALUES ('deposit'), ('withdrawal')) AS d(direction)
           WHERE c.type = 'fiat'
          ON CONFLICT DO NOTHING`,
    );
    const vipSegment = paymentSegmentGuid("vip");
    await tx.execute(
      sql`INSERT INTO payment_segments (guid, code, name) VALUES (${vipSegment}::uuid, 'vip', 'VIP') ON CONFLICT DO NOTHING`,
    );
    for (const [index, code] of ["vip_card", "card", "crypto"].entries())
      await tx.execute(
        sql`INSERT INTO payment_segment_methods (segment_guid, payment_method_guid, ordering)
            VALUES (${vipSegment}::uuid, ${paymentMethodGuid(code)}::uuid, ${index + 1})
            ON CONFLICT DO NOTHING`,
      );

    let inserted = 0;
    for (const segment of DEMO_SEGMENTS) {
      const guid = demoSegmentGuid(segment.key);
      const { rows } = (await tx.execute(
        sql`INSERT INTO segments (guid, name, group_name, data, rules)
            VALUES (${guid}::uuid, ${segment.name}, ${segment.group_name}, ${JSON.stringify(segment.data)}::jsonb,
                    ${JSON.stringify(segment.rules)}::jsonb)
            ON CONFLICT DO NOTHING RETURNING guid`,
      )) as unknown as { rows: { guid: string }[] };
      const count = rows.length;
      inserted += count;
      if (count > 0 && segment.payment_segment)
        await tx.execute(
          sql`INSERT INTO segment_payment_segments (segment_guid, payment_segment_guid)
              VALUES (${guid}::uuid, ${paymentSegmentGuid(segment.payment_segment)}::uuid) ON CONFLICT DO NOTHING`,
        );
    }
    // New rule segments: the sweep re-evaluates every player from the start.
    if (inserted > 0)
      await tx.execute(
        sql`UPDATE segment_sweep_state SET rebuild_cursor = '00000000-0000-0000-0000-000000000000', updated_at = now() WHERE id = 1`,
      );
  });
}
