import { sql } from "drizzle-orm";
import type { RealtimeEventPayload } from "@croupier/contract/realtime-events";
import type { SqlExecutor } from "../../../lib/sql-executor.ts";
import { outboxEvents } from "../../realtime/enqueue-event.ts";

export type BonusStatusEvent = RealtimeEventPayload<"bonus_status_changed">["event"];

/**
 * Writes bonus_status_changed for one customer bonus, built from its committed-to-be row in the
 * caller's transaction (so the event exists exactly when the change commits). Wagering left is the
 * wallet's while the bonus is the wallet's active one, else none (ended) or all of it (offered).
 */
export async function announceBonusStatus(tx: SqlExecutor, customerBonusGuid: string, event: BonusStatusEvent): Promise<void> {
  const left = sql`CASE WHEN cb.status = 'offered' OR (cb.status = 'active' AND cb.deferred) THEN cb.wager_amount
                        WHEN w.customer_bonus_guid = cb.guid THEN w.wager ELSE 0 END`;
  const progress = sql`CASE WHEN cb.status = 'completed' THEN 100
                            WHEN cb.wager_amount <= 0 OR cb.status <> 'active' THEN 0
                            ELSE LEAST(100, GREATEST(0, floor((cb.wager_amount - ${left}) * 100 / cb.wager_amount)))::int END`;
  const outbox = outboxEvents("event", "bonus_status_changed", {
    userGuid: sql`cb.customer_guid`,
    payload: {
      customer_bonus_guid: sql`cb.guid`,
      bonus_guid: sql`cb.bonus_guid`,
      wallet_guid: sql`cb.wallet_guid`,
      currency_guid: sql`cb.currency_guid`,
      bonus_name: sql`v.bonus_name`,
      event: sql`${event}::text`,
      status: sql`cb.status`,
      bonus_amount: sql`round(cb.bonus_amount, c.decimals)::text`,
      wager_left: sql`round(${left}, c.decimals)::text`,
      wager_amount: sql`round(cb.wager_amount, c.decimals)::text`,
      free_spin_count: sql`CASE WHEN w.customer_bonus_guid = cb.guid THEN w.free_spin_count
                                WHEN cb.status = 'offered' THEN cb.free_spin_count ELSE 0 END`,
      progress_percent: progress,
      // Always present (the typed payload has no optional form here): 0 until the bonus converts.
      converted_amount: sql`round(COALESCE(cb.converted_amount, 0), c.decimals)::text`,
    },
    from: sql`FROM customer_bonuses cb
              JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid
              JOIN wallets w ON w.guid = cb.wallet_guid
              JOIN currencies c ON c.guid = cb.currency_guid
             WHERE cb.guid = ${customerBonusGuid}::uuid`,
  });
  await tx.execute(sql`WITH ${outbox.insert} ${outbox.notify}`);
}
