import type { AuditEntry } from "@croupier/contract/backoffice/staff";
import { Dialog } from "../../components/dialog";
import { formatDateTime } from "../../lib/format-date-time";
import { AuditDiffView } from "./audit-diff-view";

/** One entry in full: who, when, from where, on what, the complete before/after and the details. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()} title={entry ? entry.action : "Audit entry"}>
      {entry ? (
        <div className="space-y-4 text-sm">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1">
            <dt className="text-slate-500">When</dt>
            <dd>{formatDateTime(entry.at)}</dd>
            <dt className="text-slate-500">Staff</dt>
            <dd className="break-all">{entry.staff_email ?? entry.staff_id ?? "—"}</dd>
            <dt className="text-slate-500">Address</dt>
            <dd>{entry.ip ?? "—"}</dd>
            <dt className="text-slate-500">Player</dt>
            <dd className="break-all">{entry.player_id ?? "—"}</dd>
            <dt className="text-slate-500">Target</dt>
            <dd className="break-all">{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ""}` : "—"}</dd>
            <dt className="text-slate-500">Entry id</dt>
            <dd className="break-all">{entry.id}</dd>
          </dl>
          <section>
            <h3 className="mb-1 font-medium text-slate-800">Before → after</h3>
            <AuditDiffView before={entry.before} after={entry.after} />
          </section>
          {entry.details !== null && entry.details !== undefined ? (
            <section>
              <h3 className="mb-1 font-medium text-slate-800">Details</h3>
              <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs">{JSON.stringify(entry.details, null, 2)}</pre>
            </section>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
