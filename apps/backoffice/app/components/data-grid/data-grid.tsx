import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import { useState, type KeyboardEvent } from "react";
import { cx } from "../../lib/cx";
import { Button } from "../button";
import { EmptyState, ErrorState, Skeleton } from "../states";

/** One page of a back-office list: the API's shape ({items, next_cursor}; null on the last page). */
export type GridPage<TRow> = { items: TRow[]; next_cursor: string | null };

/** The column the server sorts by (a column id the API knows) and its direction. */
export type GridSort = { id: string; desc: boolean };

/** What the grid asks the fetcher for. `cursor` is null on the first page. */
export type GridParams<TFilters> = { filters: TFilters; limit: number; cursor: string | null; sort: GridSort | null };

export const GRID_PAGE_SIZE_MAX = 100;

export type DataGridProps<TRow, TFilters, TKey extends QueryKey = QueryKey> = {
  /** Names the table for screen readers ("Staff members"). */
  label: string;
  // TanStack's ColumnDef is invariant in its value type, so a mixed list needs `any` there.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TRow, any>[];
  /** The feature's queryOptions factory for one page; its query key must include every param. */
  queryOptions: (params: GridParams<TFilters>) => UseQueryOptions<GridPage<TRow>, Error, GridPage<TRow>, TKey>;
  /** The filter values (from the page's filter form); changing them starts again at page one. */
  filters: TFilters;
  getRowId: (row: TRow) => string;
  onRowClick?: (row: TRow) => void;
  /** Rows per page, at most 100. */
  pageSize?: number;
  initialSort?: GridSort;
  emptyTitle?: string;
  emptyMessage?: string;
};

/**
 * A server-paginated table (TanStack Table v8, headless): the server pages by cursor, sorts and filters;
 * the grid keeps the cursors of the pages seen so "Previous" works, shows skeleton rows while loading,
 * an empty state and an error state with retry. Columns opt in to sorting with `enableSorting: true`.
 */
export function DataGrid<TRow, TFilters, TKey extends QueryKey = QueryKey>(props: DataGridProps<TRow, TFilters, TKey>) {
  const { filters, initialSort } = props;
  // Filters or sort changing means a new list: the grid remounts its pager (key) instead of syncing state.
  const [sorting, setSorting] = useState<SortingState>(initialSort ? [initialSort] : []);
  const listKey = JSON.stringify([filters, sorting]);
  return <Pager key={listKey} {...props} sorting={sorting} onSortingChange={setSorting} />;
}

type PagerProps<TRow, TFilters, TKey extends QueryKey> = DataGridProps<TRow, TFilters, TKey> & {
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
};

function Pager<TRow, TFilters, TKey extends QueryKey>({
  label,
  columns,
  queryOptions,
  filters,
  getRowId,
  onRowClick,
  pageSize = 25,
  emptyTitle = "Nothing here yet",
  emptyMessage,
  sorting,
  onSortingChange,
}: PagerProps<TRow, TFilters, TKey>) {
  const limit = Math.min(Math.max(1, pageSize), GRID_PAGE_SIZE_MAX);
  // cursors[i] is the cursor that fetched page i (null for the first).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const pageIndex = cursors.length - 1;
  const sort = sorting[0] ? { id: sorting[0].id, desc: sorting[0].desc } : null;
  const query = useQuery({
    ...queryOptions({ filters, limit, cursor: cursors[pageIndex] ?? null, sort }),
    placeholderData: keepPreviousData,
  });

  const table = useReactTable({
    data: query.data?.items ?? [],
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: true,
    defaultColumn: { enableSorting: false },
    state: { sorting },
    onSortingChange: (updater) => onSortingChange(typeof updater === "function" ? updater(sorting) : updater),
  });

  const nextCursor = query.data?.next_cursor ?? null;
  const showSkeleton = query.isPending || (query.isPlaceholderData && query.isFetching);
  const columnCount = table.getVisibleLeafColumns().length;

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, row: TRow) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    onRowClick?.(row);
  };

  if (query.isError && !query.data) {
    return <ErrorState error={query.error} title={`${label} could not be loaded.`} onRetry={() => void query.refetch()} />;
  }

  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table aria-label={label} aria-busy={showSkeleton || undefined} className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-600"
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {content}
                          <span aria-hidden className="text-xs">
                            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {showSkeleton
              ? Array.from({ length: Math.min(limit, 8) }, (_, index) => (
                  <tr key={`skeleton-${index}`} data-testid="grid-skeleton-row">
                    {Array.from({ length: columnCount }, (_, cell) => (
                      <td key={cell} className="px-3 py-2.5">
                        <Skeleton className="h-4 w-full" />
                      </td>
                    ))}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    tabIndex={onRowClick ? 0 : undefined}
                    onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                    onKeyDown={onRowClick ? (event) => onRowKey(event, row.original) : undefined}
                    className={cx(onRowClick && "cursor-pointer hover:bg-indigo-50 focus-visible:bg-indigo-50 focus-visible:outline-none")}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className="px-3 py-2 align-top text-slate-800">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
        {!showSkeleton && query.data && query.data.items.length === 0 ? (
          <div className="p-4">
            <EmptyState title={emptyTitle}>{emptyMessage}</EmptyState>
          </div>
        ) : null}
      </div>
      {query.isError && query.data ? (
        <ErrorState error={query.error} title="The next page could not be loaded." onRetry={() => void query.refetch()} />
      ) : null}
      <nav aria-label={`${label} pages`} className="flex items-center justify-between text-sm text-slate-600">
        <span>Page {pageIndex + 1}</span>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={pageIndex === 0} onClick={() => setCursors((list) => list.slice(0, -1))}>
            Previous
          </Button>
          <Button
            variant="secondary"
            disabled={!nextCursor || showSkeleton}
            onClick={() => nextCursor && setCursors((list) => [...list, nextCursor])}
          >
            Next
          </Button>
        </div>
      </nav>
    </div>
  );
}
