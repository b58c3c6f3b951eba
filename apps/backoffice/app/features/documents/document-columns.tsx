import type { StaffDocument } from "@croupier/contract/backoffice/documents";
import type { ColumnDef } from "@tanstack/react-table";
import { formatDateTime } from "../../lib/format-date-time";
import { DOCUMENT_STATUS_LABELS, DOCUMENT_TYPE_LABELS } from "./document-labels";

const STATUS_CLASSES: Record<StaffDocument["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  rejected: "bg-rose-100 text-rose-900",
};

export function DocumentStatusBadge({ status }: { status: StaffDocument["status"] }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}>{DOCUMENT_STATUS_LABELS[status]}</span>;
}

/** The queue's and the player tab's columns; the queue adds the player. */
export function documentColumns(withPlayer: boolean): ColumnDef<StaffDocument, string>[] {
  return [
    {
      id: "created_at",
      header: "Uploaded",
      accessorFn: (row) => row.created_at,
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    },
    ...(withPlayer ? [{ id: "player", header: "Player", accessorFn: (row: StaffDocument) => row.player_email }] : []),
    { id: "type", header: "Type", accessorFn: (row) => DOCUMENT_TYPE_LABELS[row.type] },
    { id: "status", header: "Status", accessorFn: (row) => row.status, cell: ({ row }) => <DocumentStatusBadge status={row.original.status} /> },
    { id: "file", header: "File", accessorFn: (row) => row.original_filename },
    { id: "comment", header: "Comment", accessorFn: (row) => row.comments.at(-1)?.comment ?? "" },
  ];
}
