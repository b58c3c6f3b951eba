import { sql, type SQL } from "drizzle-orm";
import type { CustomerBonus } from "@croupier/contract/entities/bonus";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { iso, labelsJson, projectGuid } from "./bonus-sql.ts";

/**
 * The Customer bonus entity over `customer_bonuses cb JOIN currencies c JOIN bonus_campaign_versions v
 * LEFT JOIN wallets w`. The live figures (wager left, bonus balance, spins left) come from the wallet,
 * and only while this bonus is the wallet's active one (wallets.customer_bonus_guid).
 */
const live = sql`(cb.status = 'active' AND w.customer_bonus_guid = cb.guid)`;

const customerBonusColumns = sql`
  cb.guid, cb.customer_guid, cb.bonus_trigger, cb.wallet_guid, ${projectGuid} AS project_guid, cb.currency_guid,
  cb.bonus_guid, cb.bonus_version_guid, cb.status,
  round(cb.wager_amount, c.decimals)::text AS wager_amount,
  round(cb.bonus_amount, c.decimals)::text AS bonus_amount,
  cb.wagering_expiration_time,
  ${iso(sql`cb.wagering_expiration_date`)} AS wagering_expiration_date,
  round(cb.win_sum, c.decimals)::text AS win_sum,
  ${iso(sql`cb.activation_expiration_date`)} AS activation_expiration_date,
  round(cb.max_cashout, c.decimals)::text AS max_cashout,
  trim_scale(cb.winnings_distribution_percent)::text AS winnings_distribution_percent,
  round(cb.bonus_threshold, c.decimals)::text AS bonus_threshold,
  ${iso(sql`cb.created_at`)} AS created_at, ${iso(sql`cb.updated_at`)} AS updated_at,
  cb.free_spin_count, round(cb.free_spin_amount, c.decimals)::text AS free_spin_amount,
  cb.bonus_type, cb.auto_enabled, cb.comment,
  v.bonus_name, v.description, v.terms, v.icon, v.background_image, ${labelsJson} AS labels,
  v.product, to_json(v.game_guids) AS game_guids, trim_scale(v.bonus_wager)::text AS bonus_wager,
  c.code AS currency_code,
  CASE WHEN ${live} THEN round(w.wager, c.decimals) ELSE round(0, c.decimals) END::text AS wager_left,
  (CASE
     WHEN cb.status = 'completed' THEN 100
     WHEN ${live} AND cb.wager_amount > 0
       THEN greatest(0, least(100, floor((cb.wager_amount - w.wager) * 100 / cb.wager_amount)))
     ELSE 0
   END)::int AS progress_percent,
  CASE WHEN ${live} THEN round(w.bonus_balance, c.decimals) ELSE round(0, c.decimals) END::text AS bonus_balance,
  (CASE WHEN ${live} THEN w.free_spin_count WHEN cb.status = 'offered' THEN cb.free_spin_count ELSE 0 END)::int AS free_spins_left,
  cb.deferred,
  ${iso(sql`cb.activated_at`)} AS activated_at, ${iso(sql`cb.finished_at`)} AS finished_at,
  round(cb.converted_amount, c.decimals)::text AS converted_amount,
  round(cb.forfeited_amount, c.decimals)::text AS forfeited_amount`;

const customerBonusFrom = sql`customer_bonuses cb
  JOIN currencies c ON c.guid = cb.currency_guid
  JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid
  LEFT JOIN wallets w ON w.guid = cb.wallet_guid`;

/** One page of a player's bonuses (always scoped to the player), newest first. */
export async function queryCustomerBonuses(
  db: Db,
  input: { playerGuid: string; where: SQL[]; limit: number; offset: number },
): Promise<CustomerBonus[]> {
  const where = sql.join([sql`cb.customer_guid = ${input.playerGuid}::uuid`, ...input.where], sql` AND `);
  return queryRows<CustomerBonus>(
    db,
    sql`SELECT ${customerBonusColumns} FROM ${customerBonusFrom} WHERE ${where}
         ORDER BY cb.created_at DESC, cb.guid DESC LIMIT ${input.limit} OFFSET ${input.offset}`,
  );
}

/** How many of a player's bonuses match. */
export async function countCustomerBonuses(db: Db, input: { playerGuid: string; where: SQL[] }): Promise<number> {
  const where = sql.join([sql`cb.customer_guid = ${input.playerGuid}::uuid`, ...input.where], sql` AND `);
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM customer_bonuses cb WHERE ${where}`,
  );
  return row?.total ?? 0;
}
