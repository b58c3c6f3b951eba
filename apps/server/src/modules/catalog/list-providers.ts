import { sql, type SQL } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import type { Provider } from "@croupier/contract/entities/provider";
import type { DeviceType } from "@croupier/contract/entities/tag";
import { queryRows } from "../../lib/sql-executor.ts";
import { VISIBLE_GAME } from "./game-sql.ts";

export type CatalogScope = { can_desktop?: boolean; can_mobile?: boolean; system_tag?: string };

// More studios than any aggregator offers; the list is returned whole.
export const PROVIDERS_MAX = 500;

/** Studios with at least one active game in the scope, with the count, devices and sections of those games. */
export async function listProviders(database: DatabaseHandle, scope: CatalogScope): Promise<Provider[]> {
  const where = [VISIBLE_GAME, sql`g.game_status = 'active'`, ...scopeConditions(scope)];
  const rows = await queryRows<{
    guid: string;
    name: string;
    icon: string | null;
    ordering: number;
    count: number;
    desktop: boolean;
    mobile: boolean;
    system_tags: string[];
  }>(
    database.db,
    sql`SELECT p.guid, p.name, p.icon, p.ordering, count(*)::int AS count,
            bool_or(g.can_desktop) AS desktop, bool_or(g.can_mobile) AS mobile,
            array_agg(DISTINCT g.system_tag_guid) AS system_tags
     FROM providers p JOIN games g ON g.provider_guid = p.guid
     WHERE ${sql.join(where, sql` AND `)}
     GROUP BY p.guid
     ORDER BY p.ordering, p.name
     LIMIT ${PROVIDERS_MAX}`,
  );
  return rows.map((r) => ({
    guid: r.guid,
    name: r.name,
    icon: r.icon,
    ordering: r.ordering,
    count: r.count,
    device_types: devices(r.mobile, r.desktop),
    system_tags: r.system_tags,
  }));
}

export function devices(mobile: boolean, desktop: boolean): DeviceType[] {
  const out: DeviceType[] = [];
  if (mobile) out.push("mobile");
  if (desktop) out.push("desktop");
  return out;
}

/** Conditions on games g for a device and section scope. */
export function scopeConditions(scope: CatalogScope): SQL[] {
  const where: SQL[] = [];
  if (scope.can_desktop !== undefined) where.push(sql`g.can_desktop = ${scope.can_desktop}`);
  if (scope.can_mobile !== undefined) where.push(sql`g.can_mobile = ${scope.can_mobile}`);
  if (scope.system_tag !== undefined) where.push(sql`g.system_tag_guid = ${scope.system_tag}`);
  return where;
}
