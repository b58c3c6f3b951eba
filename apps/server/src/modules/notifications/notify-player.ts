import { sql } from "drizzle-orm";
import {
  NOTIFICATION_PARAM_KEY_MAX_LENGTH,
  NOTIFICATION_PARAM_VALUE_MAX_LENGTH,
  NOTIFICATION_PARAMS_MAX,
  type Notification,
  type NotificationKind,
} from "@croupier/contract/entities/notifications";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { enqueueEvent } from "../realtime/enqueue-event.ts";
import { countUnreadNotifications } from "./count-unread-notifications.ts";
import { notificationColumns, toNotification, type NotificationRow } from "./notification-rows.ts";

export type NotifyPlayerInput = {
  userGuid: string;
  kind: NotificationKind;
  /** What the text reads (NOTIFICATION_PARAMS in the contract lists each kind's); strings only. */
  params: Record<string, string>;
};

/**
 * Writes an in-app notification and its notification_created realtime event (the notification and
 * the player's unread count) in the CALLER's transaction: the player hears of a change exactly when
 * it commits. Params beyond the contract's bounds are cut, not refused: a deposit must never fail
 * over its notice.
 */
export async function notifyPlayer(executor: SqlExecutor, input: NotifyPlayerInput): Promise<Notification> {
  const params = boundParams(input.params);
  const [row] = await queryRows<NotificationRow>(
    executor,
    sql`INSERT INTO notifications (user_guid, kind, params)
        VALUES (${input.userGuid}::uuid, ${input.kind}, ${JSON.stringify(params)}::jsonb)
        RETURNING ${notificationColumns()}`,
  );
  const notification = toNotification(row!);
  const unread = await countUnreadNotifications(executor, input.userGuid);
  await enqueueEvent(executor, {
    type: "notification_created",
    payload: { notification, unread },
    userGuid: input.userGuid,
  });
  return notification;
}

function boundParams(params: Record<string, string>): Record<string, string> {
  const entries = Object.entries(params)
    .filter(([, value]) => typeof value === "string")
    .slice(0, NOTIFICATION_PARAMS_MAX)
    .map(([key, value]) => [
      key.slice(0, NOTIFICATION_PARAM_KEY_MAX_LENGTH),
      value.slice(0, NOTIFICATION_PARAM_VALUE_MAX_LENGTH),
    ]);
  return Object.fromEntries(entries);
}
