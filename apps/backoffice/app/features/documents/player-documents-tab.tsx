import type { StaffDocument } from "@croupier/contract/backoffice/documents";
import { useState } from "react";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { DocumentStatusBadge } from "./document-columns";
import { DocumentDrawer } from "./document-drawer";
import { DOCUMENT_TYPE_LABELS, REQUIREMENT_LABELS } from "./document-labels";
import { usePlayerDocuments } from "./list-player-documents";

/** The player page's Documents tab: verification state, every document, the viewer and decisions. */
export function PlayerDocumentsTab({ playerId, canDecide }: { playerId: string; canDecide: boolean }) {
  const docs = usePlayerDocuments(playerId);
  const [open, setOpen] = useState<StaffDocument | null>(null);
  if (docs.isPending) return <LoadingBlock lines={4} label="Loading the documents" />;
  if (docs.isError) return <ErrorState error={docs.error} onRetry={() => void docs.refetch()} />;
  const { is_verified, missing, items } = docs.data;
  return (
    <div className="space-y-4">
      <p className="text-sm" role="status">
        {is_verified ? (
          <span className="font-medium text-emerald-800">Verified.</span>
        ) : (
          <span>
            <span className="font-medium text-amber-900">Not verified.</span> Still needed:{" "}
            {missing.map((m) => REQUIREMENT_LABELS[m] ?? m).join(", ") || "—"}.
          </span>
        )}
      </p>
      {items.length === 0 ? (
        <EmptyState title="No documents uploaded" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Documents</caption>
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th className="px-2 py-2 font-medium">Uploaded</th>
                <th className="px-2 py-2 font-medium">Type</th>
                <th className="px-2 py-2 font-medium">Status</th>
                <th className="px-2 py-2 font-medium">Comment</th>
                <th className="px-2 py-2 font-medium">
                  <span className="sr-only">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.id} className="border-b border-slate-100">
                  <td className="px-2 py-2 whitespace-nowrap">{formatDateTime(d.created_at)}</td>
                  <td className="px-2 py-2">{DOCUMENT_TYPE_LABELS[d.type]}</td>
                  <td className="px-2 py-2">
                    <DocumentStatusBadge status={d.status} />
                  </td>
                  <td className="px-2 py-2">{d.comments.at(-1)?.comment ?? ""}</td>
                  <td className="px-2 py-2 text-right">
                    <button
                      type="button"
                      className="text-indigo-700 hover:underline"
                      aria-label={`${canDecide && d.status === "pending" ? "Review" : "View"} ${DOCUMENT_TYPE_LABELS[d.type]}`}
                      onClick={() => setOpen(d)}
                    >
                      {canDecide && d.status === "pending" ? "Review" : "View"}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <DocumentDrawer document={open} canDecide={canDecide} showPlayer={false} onClose={() => setOpen(null)} />
    </div>
  );
}
