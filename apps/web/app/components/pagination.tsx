/** Newer/older page navigation for a list of `total` items; renders nothing when everything fits on one page. */
export function Pagination({ page, total, perPage, onPage }: { page: number; total: number; perPage: number; onPage: (page: number) => void }) {
  if (total <= perPage) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      <button type="button" className="btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </button>
      <span className="text-mist-400">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn-ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </nav>
  );
}
