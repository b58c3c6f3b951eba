import type { StaffDocument } from "@croupier/contract/backoffice/documents";
import type { DocumentStatus } from "@croupier/contract/entities/documents";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { DataGrid } from "../components/data-grid/data-grid";
import { SelectField } from "../components/field";
import { PageHeader } from "../components/page-header";
import { documentColumns } from "../features/documents/document-columns";
import { DocumentDrawer } from "../features/documents/document-drawer";
import { documentQueueQueryOptions } from "../features/documents/list-document-queue";

const STATUSES: { value: DocumentStatus; label: string }[] = [
  { value: "pending", label: "Pending (oldest first)" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];

const columns = documentColumns(true);

/** Documents: the KYC review queue; a row opens the viewer with approve and reject. */
export default function DocumentsPage() {
  const [params, setParams] = useSearchParams();
  const status = STATUSES.find((s) => s.value === params.get("status"))?.value ?? "pending";
  const filters = useMemo(() => ({ status }), [status]);
  const [open, setOpen] = useState<StaffDocument | null>(null);
  return (
    <>
      <PageHeader
        title="Documents"
        description="Identity, address and payment documents players upload. Approve them, or reject with a reason the player reads. Every view and decision is recorded in the audit log."
      />
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <SelectField label="Show" value={status} onChange={(event) => setParams({ status: event.target.value })} className="w-64">
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </div>
      <DataGrid
        label={STATUSES.find((s) => s.value === status)?.label ?? "Documents"}
        columns={columns}
        queryOptions={documentQueueQueryOptions}
        filters={filters}
        getRowId={(row) => row.id}
        onRowClick={(row) => setOpen(row)}
        emptyTitle={status === "pending" ? "Nothing to review" : "No documents here"}
        emptyMessage={status === "pending" ? "Documents players upload appear here." : undefined}
      />
      <DocumentDrawer document={open} canDecide showPlayer onClose={() => setOpen(null)} />
    </>
  );
}
