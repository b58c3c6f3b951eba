import type { ChatInboxCounts, ChatInboxView } from "@croupier/contract/backoffice/live-chat";
import { Button } from "../../components/button";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { cx } from "../../lib/cx";
import { INBOX_PAGE_SIZE, useInbox } from "./chat-queries";
import { formatChatTime } from "./format-chat";

const TABS: { view: ChatInboxView; label: string; empty: string }[] = [
  { view: "unassigned", label: "Unassigned", empty: "No one is waiting for an answer." },
  { view: "mine", label: "Mine", empty: "No open conversation is assigned to you." },
  { view: "closed", label: "Closed", empty: "No closed conversations yet." },
];

export type InboxListProps = {
  view: ChatInboxView;
  page: number;
  selectedId: string | null;
  typing: ReadonlySet<string>;
  onView: (view: ChatInboxView) => void;
  onPage: (page: number) => void;
  onSelect: (id: string) => void;
};

/** The three tabs with their counts (unread in the badge) and the conversations of the chosen one. */
export function InboxList({ view, page, selectedId, typing, onView, onPage, onSelect }: InboxListProps) {
  const inbox = useInbox(view, page);
  const counts: ChatInboxCounts | undefined = inbox.data?.counts;
  const pages = Math.max(1, Math.ceil((inbox.data?.total ?? 0) / INBOX_PAGE_SIZE));

  return (
    <section aria-label="Conversations" className="flex min-h-0 flex-col">
      <div role="tablist" aria-label="Inbox" className="flex gap-1 border-b border-slate-200">
        {TABS.map((tab) => {
          const count = counts?.[tab.view];
          const unread = tab.view === "closed" ? 0 : (count?.unread ?? 0);
          return (
            <button
              key={tab.view}
              type="button"
              role="tab"
              aria-selected={view === tab.view}
              data-testid={`chat-tab-${tab.view}`}
              onClick={() => onView(tab.view)}
              className={cx(
                "-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium",
                view === tab.view
                  ? "border-indigo-600 text-indigo-700"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {tab.label}
              {count ? <span className="text-xs text-slate-400">{count.total}</span> : null}
              {unread > 0 ? (
                <span
                  className="rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white"
                  aria-label={`${unread} with unread messages`}
                >
                  {unread}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" className="min-h-0 flex-1 overflow-y-auto py-2">
        {inbox.isPending ? (
          <LoadingBlock lines={6} label="Loading conversations" />
        ) : inbox.isError ? (
          <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} />
        ) : inbox.data.items.length === 0 ? (
          <EmptyState title={TABS.find((tab) => tab.view === view)!.empty} />
        ) : (
          <ul className="space-y-1" data-testid="chat-conversation-list">
            {inbox.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onSelect(item.id)}
                  aria-current={item.id === selectedId ? "true" : undefined}
                  data-testid="chat-conversation-item"
                  className={cx(
                    "w-full rounded-md px-3 py-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600",
                    item.id === selectedId && "bg-indigo-50",
                  )}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span
                      className={cx(
                        "truncate text-sm",
                        item.unread > 0 ? "font-semibold text-slate-900" : "text-slate-700",
                      )}
                    >
                      {item.label}
                    </span>
                    <span className="shrink-0 text-xs text-slate-400">{formatChatTime(item.last_message_at)}</span>
                  </span>
                  <span className="mt-0.5 flex items-center justify-between gap-2">
                    <span className="truncate text-xs text-slate-500">
                      {typing.has(item.id) ? <em>typing…</em> : (item.last_message_preview ?? "")}
                    </span>
                    {item.unread > 0 ? (
                      <span
                        className="shrink-0 rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white"
                        aria-label={`${item.unread} unread`}
                      >
                        {item.unread}
                      </span>
                    ) : null}
                  </span>
                  {item.offline ? (
                    <span className="mt-0.5 block text-xs text-amber-700">Left offline: answer by email</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {pages > 1 ? (
        <div className="flex items-center justify-between border-t border-slate-200 pt-2 text-sm">
          <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-slate-500">
            Page {page} of {pages}
          </span>
          <Button variant="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </section>
  );
}
