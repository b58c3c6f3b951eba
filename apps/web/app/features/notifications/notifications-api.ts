import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  MarkNotificationsReadBody,
  NotificationsPage,
  UnreadCount,
} from "@croupier/contract/entities/notifications";
import { playerApi } from "../../lib/player-api";

// Query keys of the notifications feature, in one place so the realtime handler and the pages agree.
export const notificationsRootKey = ["notifications"] as const;
export const notificationListKey = (userId: string | null) => [...notificationsRootKey, "list", userId] as const;
export const unreadCountKey = (userId: string | null) => [...notificationsRootKey, "unread", userId] as const;

export const NOTIFICATIONS_PER_PAGE = 20;

/** GET /notifications: newest first, one page after `cursor`. */
export async function fetchNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationsPage> {
  const { payload } = await playerApi().get<NotificationsPage>("/api/v1/notifications", {
    query: { cursor: cursor ?? undefined, limit: NOTIFICATIONS_PER_PAGE },
    signal,
  });
  return payload;
}

/** GET /notifications/unread-count: the header badge. */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const { payload } = await playerApi().get<UnreadCount>("/api/v1/notifications/unread-count", { signal });
  return payload.unread;
}

/** POST /notifications/read: one notification or all of them; answers the unread count after it. */
export async function markNotificationsRead(body: MarkNotificationsReadBody): Promise<number> {
  const { payload } = await playerApi().post<UnreadCount>("/api/v1/notifications/read", { body });
  return payload.unread;
}

export const notificationsQueryOptions = (userId: string | null) =>
  infiniteQueryOptions({
    queryKey: notificationListKey(userId),
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: userId !== null,
    staleTime: 0,
  });

export const unreadCountQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: unreadCountKey(userId),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: userId !== null,
    staleTime: 60_000,
  });

export function useNotifications(userId: string | null) {
  return useInfiniteQuery(notificationsQueryOptions(userId));
}

export function useUnreadCount(userId: string | null) {
  return useQuery(unreadCountQueryOptions(userId));
}

/** Marks read, then sets the badge from the answer and refetches the list (read_at comes from the server). */
export function useMarkNotificationsRead(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (unread) => {
      queryClient.setQueryData(unreadCountKey(userId), unread);
      void queryClient.invalidateQueries({ queryKey: notificationListKey(userId) });
    },
  });
}
