import { sql } from "drizzle-orm";
import type { NotificationsPage } from "@croupier/contract/entities/notifications";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { countUnreadNotifications } from "./count-unread-notifications.ts";
import { notificationColumns, toNotification, type NotificationRow } from "./notification-rows.ts";

/**
 * One page of the player's notifications, newest first. Keyset-paged on the insertion id (stable
 * while new ones arrive at the top), one row more than asked to know whether another page follows.
 */
export async function listNotifications(
  executor: SqlExecutor,
  input: { userGuid: string; cursor?: string; limit: number; unreadOnly: boolean },
): Promise<NotificationsPage> {
  const rows = await queryRows<NotificationRow>(
    executor,
    sql`SELECT ${notificationColumns("n")} FROM notifications n
         WHERE n.user_guid = ${input.userGuid}::uuid
           ${input.cursor ? sql`AND n.id < ${input.cursor}::bigint` : sql``}
           ${input.unreadOnly ? sql`AND n.read_at IS NULL` : sql``}
         ORDER BY n.id DESC
         LIMIT ${input.limit + 1}`,
  );
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(toNotification),
    next_cursor: rows.length > input.limit ? page[page.length - 1]!.cursor : null,
    unread: await countUnreadNotifications(executor, input.userGuid),
  };
}
