import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** A presence row older than this is a socket whose process stopped refreshing it (crashed or cut off). */
export const PRESENCE_STALE_SECONDS = 60;

/** Whether any staff member who may answer chats is connected to the console, on any server process. */
export async function isStaffOnline(executor: SqlExecutor): Promise<boolean> {
  const [row] = await queryRows<{ online: boolean }>(
    executor,
    sql`SELECT EXISTS (SELECT 1 FROM chat_staff_presence
                        WHERE last_seen_at > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})) AS online`,
  );
  return row?.online === true;
}
