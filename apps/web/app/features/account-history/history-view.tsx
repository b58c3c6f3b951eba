import { useSearchParams } from "react-router";
import {
  HISTORY_KINDS,
  HISTORY_PAGE_MAX,
  type HistoryEntry,
  type HistoryKind,
} from "@croupier/contract/entities/account";
import { EmptyState } from "../../components/empty-state";
import type { IconName } from "../../components/icons";
import { Icon } from "../../components/icons";
import { useAuth } from "../../lib/use-auth";
import { useAccountHistory } from "./history-api";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const KIND_LABELS: Record<HistoryKind, string> = {
  login: "Logins",
  credentials: "Password, email and phone",
  limit: "Limits",
  exclusion: "Time-outs and exclusions",
  document: "Documents",
};
const KIND_ICONS: Record<HistoryKind, IconName> = {
  login: "user",
  credentials: "shield",
  limit: "limit",
  exclusion: "shield",
  document: "document",
};

/** The filter and page live in the address (?kind=&page=), so a reload or a shared link keeps them. */
export function historySearch(search: URLSearchParams): { kind: HistoryKind | null; page: number } {
  const kind = search.get("kind");
  const page = Number(search.get("page") ?? "1");
  return {
    kind: (HISTORY_KINDS as readonly string[]).includes(kind ?? "") ? (kind as HistoryKind) : null,
    page: Number.isInteger(page) && page >= 1 && page <= HISTORY_PAGE_MAX ? page : 1,
  };
}

/** The player's account events, newest first, filtered by kind, page by page. */
export function HistoryView() {
  const { userId } = useAuth();
  const [search, setSearch] = useSearchParams();
  const { kind, page } = historySearch(search);
  const query = useAccountHistory(userId, kind, page);

  const go = (next: { kind: HistoryKind | null; page: number }) => {
    const params = new URLSearchParams();
    if (next.kind) params.set("kind", next.kind);
    if (next.page > 1) params.set("page", String(next.page));
    setSearch(params, { preventScrollReset: true });
  };

  return (
    <div className="space-y-5">
      <label className="block max-w-xs text-xs text-mist-400">
        Show
        <select
          className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-sm text-white"
          value={kind ?? ""}
          onChange={(event) => go({ kind: (event.target.value || null) as HistoryKind | null, page: 1 })}
        >
          <option value="">All activity</option>
          {HISTORY_KINDS.map((value) => (
            <option key={value} value={value}>
              {KIND_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {query.isError ? (
        <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
          Your account history could not be loaded. Please try again.
        </p>
      ) : query.isPending ? (
        <HistorySkeleton />
      ) : query.data.items.length === 0 ? (
        <EmptyState icon="document" title={kind ? "Nothing of this kind yet" : "No account activity yet"}>
          Sign-ins and changes to your account are listed here.
        </EmptyState>
      ) : (
        <ol
          aria-label="Account history"
          className="divide-y divide-ink-700 overflow-hidden rounded-2xl border border-ink-700"
        >
          {query.data.items.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {query.data && (page > 1 || query.data.has_more) ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
          <button type="button" className="btn-ghost" disabled={page <= 1} onClick={() => go({ kind, page: page - 1 })}>
            Newer
          </button>
          <span className="text-mist-400">Page {page}</span>
          <button
            type="button"
            className="btn-ghost"
            disabled={!query.data.has_more || page >= HISTORY_PAGE_MAX}
            onClick={() => go({ kind, page: page + 1 })}
          >
            Older
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  return (
    <li data-testid="history-entry" data-kind={entry.kind} className="flex items-start gap-3 bg-ink-900 px-4 py-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-ink-700 text-gold-400" aria-hidden="true">
        <Icon name={KIND_ICONS[entry.kind]} width={18} height={18} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-white">{entry.title}</p>
        {entry.description ? <p className="mt-0.5 text-sm break-words text-mist-400">{entry.description}</p> : null}
        <time dateTime={entry.created_at} className="mt-1 block text-xs text-mist-400">
          {dateTime.format(new Date(entry.created_at))}
        </time>
      </div>
    </li>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" aria-label="Loading your account history" className="space-y-2">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-14 animate-pulse rounded-xl bg-ink-800" />
      ))}
    </div>
  );
}
