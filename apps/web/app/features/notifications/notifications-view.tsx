import type { Notification, NotificationKind } from "@croupier/contract/entities/notifications";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { toastError } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";
import { useMarkNotificationsRead, useNotifications } from "./notifications-api";

/** Where each kind's details live in the account area. */
const KIND_PAGES: Record<NotificationKind, { to: string; label: string }> = {
  deposit_settled: { to: "/account/wallets/history", label: "Transactions" },
  withdrawal_paid: { to: "/account/wallets/history", label: "Transactions" },
  withdrawal_declined: { to: "/account/wallets/history", label: "Transactions" },
  document_approved: { to: "/account/user-info/verification", label: "Verification" },
  document_rejected: { to: "/account/user-info/verification", label: "Verification" },
  limit_change_effective: { to: "/account/limit", label: "Limits" },
  limit_increase_ready: { to: "/account/limit", label: "Limits" },
  bonus_granted: { to: "/bonus-hub/my-bonuses", label: "My bonuses" },
};

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** The player's notifications, newest first: unread ones stand out; one click reads one, a button reads all. */
export function NotificationsView() {
  const { userId } = useAuth();
  const query = useNotifications(userId);
  const markRead = useMarkNotificationsRead(userId);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;

  const read = (body: { id: string } | { all: true }) =>
    markRead.mutateAsync(body).catch(() => toastError("The notifications could not be updated. Please try again."));

  if (query.isError)
    return (
      <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
        Your notifications could not be loaded. Please try again.
      </p>
    );
  if (query.isPending) return <NotificationsSkeleton />;
  if (items.length === 0)
    return (
      <EmptyState icon="bell" title="No notifications yet">
        Deposit confirmations, withdrawals, document decisions and limit changes appear here.
      </EmptyState>
    );

  return (
    <section aria-label="Your notifications" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-mist-400" aria-live="polite">
          {unread > 0 ? `${unread} unread` : "All read"}
        </p>
        <button
          type="button"
          className="btn-ghost"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => void read({ all: true })}
        >
          Mark all as read
        </button>
      </div>
      <ul className="divide-y divide-ink-700 overflow-hidden rounded-2xl border border-ink-700">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} onRead={() => void read({ id: item.id })} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <button
            type="button"
            className="btn-ghost"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? "Loading…" : "Show older"}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function NotificationItem({ item, onRead }: { item: Notification; onRead: () => void }) {
  const unread = item.read_at === null;
  const page = KIND_PAGES[item.kind] as (typeof KIND_PAGES)[NotificationKind] | undefined;
  return (
    <li data-testid="notification" data-unread={unread} className={unread ? "bg-ink-850" : "bg-ink-900"}>
      <div className="flex items-start gap-3 px-4 py-3">
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? "bg-gold-400" : "bg-transparent"}`}
        />
        <div className="min-w-0 flex-1">
          <p className={`text-sm ${unread ? "font-semibold text-white" : "text-mist-200"}`}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {item.title}
          </p>
          <p className="mt-0.5 text-sm break-words text-mist-400">{item.body}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-mist-500">
            <time dateTime={item.created_at}>{dateTime.format(new Date(item.created_at))}</time>
            {page ? (
              <Link
                to={page.to}
                className="font-semibold text-gold-400 hover:underline"
                onClick={unread ? onRead : undefined}
              >
                {page.label}
                <span className="sr-only">: {item.title}</span>
              </Link>
            ) : null}
          </p>
        </div>
        {unread ? (
          <button
            type="button"
            className="shrink-0 text-xs font-semibold text-gold-400 hover:underline"
            onClick={onRead}
          >
            Mark read<span className="sr-only">: {item.title}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

function NotificationsSkeleton() {
  return (
    <div role="status" aria-label="Loading notifications" className="space-y-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-16 animate-pulse rounded-xl bg-ink-800" />
      ))}
    </div>
  );
}
