import { z } from "zod";

// In-app notifications (issue #16, "Account pages the seed names"): GET /notifications,
// GET /notifications/unread-count, POST /notifications/read. Written by the server in the transaction
// of the change they announce (modules/notifications/notify-player.ts); text rendered server side.

/** What a notification is about. Each kind's params are listed in NOTIFICATION_PARAMS. */
export const notificationKind = z.enum([
  "deposit_settled",
  "withdrawal_paid",
  "withdrawal_declined",
  "document_approved",
  "document_rejected",
  "limit_change_effective",
  "limit_increase_ready",
  "bonus_granted",
]);
export type NotificationKind = z.infer<typeof notificationKind>;

/**
 * The params each kind's text reads (all strings; money as a decimal string plus its currency code).
 * A missing param renders a neutral fallback rather than failing: a notification is never lost over text.
 */
export const NOTIFICATION_PARAMS = {
  deposit_settled: ["amount", "currency"],
  withdrawal_paid: ["amount", "currency"],
  withdrawal_declined: ["amount", "currency", "reason"],
  document_approved: ["document_type"],
  document_rejected: ["document_type", "comment"],
  /** limit_type: deposit, loss, wager, session_time; period: day, week, month; amount empty when removed. */
  limit_change_effective: ["limit_type", "period", "amount", "currency"],
  limit_increase_ready: ["limit_type", "period", "amount", "currency"],
  /** A bonus offered to the player (issue #17): amount empty for free spins, free_spins the count (else "0"). */
  bonus_granted: ["bonus_name", "amount", "currency", "free_spins"],
} as const satisfies Record<NotificationKind, readonly string[]>;

/** At most this many params, each key and value bounded, are stored with a notification. */
export const NOTIFICATION_PARAMS_MAX = 10;
export const NOTIFICATION_PARAM_KEY_MAX_LENGTH = 40;
export const NOTIFICATION_PARAM_VALUE_MAX_LENGTH = 500;
/** The unread count stops counting here (the badge shows "99+" long before). */
export const NOTIFICATION_UNREAD_COUNT_MAX = 1_000;
export const NOTIFICATIONS_PAGE_SIZE_MAX = 50;

export const notificationParams = z
  .record(z.string().max(NOTIFICATION_PARAM_KEY_MAX_LENGTH), z.string().max(NOTIFICATION_PARAM_VALUE_MAX_LENGTH))
  .refine(
    (params) => Object.keys(params).length <= NOTIFICATION_PARAMS_MAX,
    `at most ${NOTIFICATION_PARAMS_MAX} params`,
  );

export const notification = z
  .object({
    id: z.uuid(),
    kind: notificationKind,
    /** Rendered by the server from kind and params. */
    title: z.string(),
    body: z.string(),
    params: z.record(z.string(), z.string()),
    /** Null while unread. */
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .describe("Notification");
export type Notification = z.infer<typeof notification>;

/** GET /api/v1/notifications?cursor=&limit=&unread_only= (newest first). */
export const listNotificationsQuery = z.object({
  /** The next_cursor of the previous page; absent for the first page. */
  cursor: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE_MAX).default(20),
  unread_only: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuery>;

export const notificationsPage = z
  .object({
    items: z.array(notification),
    /** Pass as cursor for the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
    unread: z.number().int().min(0),
  })
  .describe("Notifications page");
export type NotificationsPage = z.infer<typeof notificationsPage>;

export const unreadCount = z.object({ unread: z.number().int().min(0) }).describe("Unread notifications");
export type UnreadCount = z.infer<typeof unreadCount>;

/** POST /api/v1/notifications/read: one notification ({ id }) or all ({ all: true }). */
export const markNotificationsReadBody = z.union([z.object({ id: z.uuid() }), z.object({ all: z.literal(true) })]);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBody>;
