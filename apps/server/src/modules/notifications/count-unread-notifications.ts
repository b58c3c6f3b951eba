import { sql } from "drizzle-orm";
import { NOTIFICATION_UNREAD_COUNT_MAX } from "@croupier/contract/entities/notifications";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** The player's unread notifications, counted up to NOTIFICATION_UNREAD_COUNT_MAX (the badge needs no more). */
export async function countUnreadNotifications(executor: SqlExecutor, userGuid: string): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    executor,
    sql`SELECT count(*)::int AS unread FROM (
          SELECT 1 FROM notifications WHERE user_guid = ${userGuid}::uuid AND read_at IS NULL
          LIMIT ${NOTIFICATION_UNREAD_COUNT_MAX}) u`,
  );
  return row?.unread ?? 0;
}
