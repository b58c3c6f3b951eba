import type { QueryClient } from "@tanstack/react-query";
import type { RealtimeEventMap } from "@croupier/contract/realtime-client";
import { toastError, toastSuccess } from "../../lib/toasts";
import { notificationListKey, notificationsRootKey, unreadCountKey } from "./notifications-api";

export type NotificationCreatedEvent = RealtimeEventMap["notification_created"];

// Bad news is toasted as such, not with the success style.
const UNWELCOME = new Set<string>(["withdrawal_declined", "document_rejected"]);
const toastNotification = (message: string, unwelcome: boolean) =>
  unwelcome ? toastError(message) : toastSuccess(message);

/**
 * notification_created: the badge takes the event's unread count, the list (if loaded) is fetched
 * again, and the notification is toasted, except a deposit, which the wallet already toasts from its
 * balance event ("Deposit received").
 */
export function handleNotificationCreated(
  queryClient: QueryClient,
  userId: string | null,
  event: NotificationCreatedEvent,
  notify: (message: string, unwelcome: boolean) => void = toastNotification,
): void {
  queryClient.setQueryData(unreadCountKey(userId), event.unread);
  void queryClient.invalidateQueries({ queryKey: notificationListKey(userId) });
  const { kind, title, body } = event.notification;
  // A deposit is toasted by the wallet's balance event, a new bonus by its bonus_status_changed.
  if (kind !== "deposit_settled" && kind !== "bonus_granted") notify(`${title}: ${body}`, UNWELCOME.has(kind));
}

/** After every realtime connection: notifications written while no socket was joined are fetched again. */
export function refetchNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationsRootKey });
}
