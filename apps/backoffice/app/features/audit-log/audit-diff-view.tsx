import { diffAudit, type DiffLine } from "./audit-diff";

const MARK: Record<DiffLine["kind"], string> = { changed: "changed", added: "added", removed: "removed", same: "unchanged" };

/** Before → after, changed keys first; unchanged keys behind a disclosure. */
export function AuditDiffView({ before, after, compact = false }: { before: unknown; after: unknown; compact?: boolean }) {
  const lines = diffAudit(before, after);
  if (lines.length === 0) return <span className="text-slate-400">—</span>;
  const changed = lines.filter((line) => line.kind !== "same");
  const same = lines.filter((line) => line.kind === "same");
  const shown = compact ? changed.slice(0, 3) : changed;
  return (
    <div className="space-y-1">
      <dl className="space-y-0.5 text-xs">
        {shown.map((line) => (
          <div key={line.key} className="flex flex-wrap gap-x-1.5">
            <dt className="font-medium text-slate-700">{line.key}:</dt>
            <dd className="break-all">
              <span className="sr-only">{MARK[line.kind]} </span>
              {line.kind !== "added" ? <del className="bg-red-50 text-red-700">{line.before}</del> : null}
              {line.kind === "changed" ? <span aria-hidden> → </span> : null}
              {line.kind !== "removed" ? <ins className="bg-emerald-50 text-emerald-800 no-underline">{line.after}</ins> : null}
            </dd>
          </div>
        ))}
      </dl>
      {compact && changed.length > shown.length ? <p className="text-xs text-slate-500">and {changed.length - shown.length} more</p> : null}
      {!compact && same.length > 0 ? (
        <details className="text-xs text-slate-500">
          <summary className="cursor-pointer">{same.length} unchanged</summary>
          <dl className="mt-1 space-y-0.5">
            {same.map((line) => (
              <div key={line.key} className="flex gap-1.5">
                <dt>{line.key}:</dt>
                <dd className="break-all">{line.after}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {compact && changed.length === 0 ? <span className="text-xs text-slate-400">no change</span> : null}
    </div>
  );
}
