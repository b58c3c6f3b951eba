import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { useAuth } from "../../lib/use-auth";
import { useUnreadCount } from "./notifications-api";

/** "99+" past 99: the badge stays one small pill. */
export const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));

/**
 * The header's notifications link with the unread count. The count is fetched once and then kept
 * current by notification_created (features/notifications/notification-events.ts) and by marking read.
 */
export function NotificationBell() {
  const { userId } = useAuth();
  const unread = useUnreadCount(userId).data ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <>
      {/* The phone header is full with the wallet, Deposit and the account menu: the bell joins from sm up. */}
      <Link
        to="/account/notification"
        className="relative grid size-10 shrink-0 place-items-center rounded-lg text-mist-300 hover:bg-ink-700 hover:text-white max-sm:hidden"
        aria-label={label}
        data-testid="header-notifications"
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-gold-400 px-1 text-center text-[11px] leading-5 font-bold text-ink-900"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </Link>
      {/* Phones: a dot on the account menu's corner says something is unread (the account pages list it). */}
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-dot"
          className="pointer-events-none absolute top-2.5 right-2.5 size-2.5 rounded-full bg-gold-400 ring-2 ring-ink-900 sm:hidden"
        />
      ) : null}
    </>
  );
}
