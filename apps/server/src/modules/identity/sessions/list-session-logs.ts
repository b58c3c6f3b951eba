import { and, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { sessions, users } from "@croupier/db/schema/index";
import type { SessionListBody, SessionLog } from "@croupier/contract/entities/session";
import type { Pager } from "@croupier/contract/envelope";
import { iso } from "../shared/secrets.ts";

/**
 * POST /sessions. A player sees only their own sessions whatever the filters say (another
 * player's session id simply matches nothing); staff (is_admin) may search everyone's.
 */
export async function listSessionLogs(
  db: Db,
  caller: { userId: string; isAdmin: boolean },
  filter: SessionListBody,
): Promise<{ items: SessionLog[]; pager: Pager }> {
  const where: SQL[] = [];
  if (!caller.isAdmin) where.push(eq(sessions.user_guid, caller.userId));
  // Anonymous browsing sessions are not "logins"; they would only bury the list.
  where.push(sql`${sessions.user_guid} IS NOT NULL`);
  if (filter.guid) where.push(eq(sessions.guid, filter.guid));
  if (filter.user_guid) where.push(eq(sessions.user_guid, filter.user_guid));
  if (filter.ip) where.push(eq(sessions.ip, filter.ip));
  if (filter.user_email) where.push(eq(sql`lower(${users.email})`, filter.user_email));
  if (filter.created_from) where.push(gte(sessions.created_at, new Date(filter.created_from).toISOString()));
  if (filter.created_to) where.push(lte(sessions.created_at, new Date(filter.created_to).toISOString()));
  const condition = and(...where);

  const [total] = await db
    .select({ n: count() })
    .from(sessions)
    .leftJoin(users, eq(users.guid, sessions.user_guid))
    .where(condition);
  const rows = await db
    .select({ session: sessions })
    .from(sessions)
    .leftJoin(users, eq(users.guid, sessions.user_guid))
    .where(condition)
    .orderBy(desc(sessions.created_at), desc(sessions.guid))
    .limit(filter.per_page)
    .offset((filter.page - 1) * filter.per_page);
  const items = rows.map(({ session: s }) => ({
    guid: s.guid,
    ip: s.ip,
    device: s.device,
    user_guid: s.user_guid,
    country: s.country,
    time_zone: s.time_zone,
    window_size: s.window_size,
    platform: s.platform,
    os_version: s.os_version,
    os_name: s.os_name,
    language: s.language,
    browser_name: s.browser_name,
    browser_version: s.browser_version,
    created_at: iso(s.created_at)!,
    finished_at: iso(s.finished_at),
  }));
  return { items, pager: { page: filter.page, per_page: filter.per_page, total: Number(total?.n ?? 0) } };
}
