import { sql, type SQL } from "drizzle-orm";

/** WHERE conditions of the staff lists: one player, one campaign, both or neither. */
export function rakebackStaffFilter(alias: string, input: { player_guid?: string; bonus_guid?: string }): SQL {
  const a = sql.raw(alias);
  const player = input.player_guid ? sql`${a}.customer_guid = ${input.player_guid}::uuid` : sql`true`;
  const campaign = input.bonus_guid ? sql`${a}.bonus_guid = ${input.bonus_guid}::uuid` : sql`true`;
  return sql`${player} AND ${campaign}`;
}
