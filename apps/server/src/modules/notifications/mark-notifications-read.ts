import { sql } from "drizzle-orm";
import type { MarkNotificationsReadBody } from "@croupier/contract/entities/notifications";
import { notFound } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { countUnreadNotifications } from "./count-unread-notifications.ts";

/**
 * Marks one of the player's notifications read (404 when it is not theirs: another player's id
 * matches nothing) or all of them. Already-read ones keep their first read_at. Returns the unread count.
 */
export async function markNotificationsRead(
  executor: SqlExecutor,
  userGuid: string,
  body: MarkNotificationsReadBody,
): Promise<number> {
  if ("id" in body) {
    const rows = await queryRows<{ guid: string }>(
      executor,
      sql`UPDATE notifications SET read_at = coalesce(read_at, now())
           WHERE guid = ${body.id}::uuid AND user_guid = ${userGuid}::uuid RETURNING guid`,
    );
    if (!rows[0]) throw notFound("No such notification.");
  } else {
    await executor.execute(
      sql`UPDATE notifications SET read_at = now() WHERE user_guid = ${userGuid}::uuid AND read_at IS NULL`,
    );
  }
  return countUnreadNotifications(executor, userGuid);
}
