import type { CampaignRow } from "@croupier/contract/backoffice/bonuses";
import { ordinal } from "@croupier/contract/ordinal";
import type { ColumnDef } from "@tanstack/react-table";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/button";
import { DataGrid } from "../../components/data-grid/data-grid";
import { SelectField, TextField } from "../../components/field";
import { formatDateTime } from "../../lib/format-date-time";
import { BONUS_TRIGGERS, BONUS_TYPES, NAME_MAX, TRIGGER_LABELS, TYPE_LABELS } from "./campaign-form";
import { CAMPAIGN_STATUS_LABELS, CampaignStatusBadge } from "./campaign-status-badge";
import { campaignsQueryOptions, EMPTY_CAMPAIGN_FILTERS, type CampaignFilters } from "./list-campaigns";

export function triggerText(row: Pick<CampaignRow, "bonus_trigger" | "deposit_number">): string {
  if (row.bonus_trigger === "deposit")
    return row.deposit_number ? `${ordinal(row.deposit_number)} deposit` : "Any deposit";
  return TRIGGER_LABELS[row.bonus_trigger];
}

const columns: ColumnDef<CampaignRow, unknown>[] = [
  {
    id: "name",
    header: "Campaign",
    accessorFn: (c) => c.bonus_name,
    cell: ({ row: { original: c } }) => <span className="font-medium">{c.bonus_name}</span>,
  },
  { id: "trigger", header: "Trigger", accessorFn: triggerText },
  { id: "type", header: "Type", accessorFn: (c) => TYPE_LABELS[c.bonus_type] },
  {
    id: "status",
    header: "Status",
    accessorFn: (c) => c.status,
    cell: ({ row: { original: c } }) => <CampaignStatusBadge status={c.status} />,
  },
  { id: "version", header: "Version", accessorFn: (c) => `v${c.version}` },
  {
    id: "dates",
    header: "Runs",
    accessorFn: (c) => c.start_date,
    cell: ({ row: { original: c } }) =>
      c.start_date || c.end_date ? (
        <span className="text-xs whitespace-nowrap">
          {c.start_date ? formatDateTime(c.start_date) : "—"}
          <br />→ {c.end_date ? formatDateTime(c.end_date) : "no end"}
        </span>
      ) : (
        <span className="text-xs text-slate-500">No dates</span>
      ),
  },
  { id: "currencies", header: "Currencies", accessorFn: (c) => c.currencies.join(", ") || "—" },
  { id: "grants", header: "Granted", accessorFn: (c) => c.counts.total },
  { id: "active", header: "Active now", accessorFn: (c) => c.counts.active },
];

/** Every campaign, newest first, with filters; a row opens the campaign. */
export function CampaignsList() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CampaignFilters>(EMPTY_CAMPAIGN_FILTERS);
  const [filters, setFilters] = useState<CampaignFilters>(EMPTY_CAMPAIGN_FILTERS);
  const set = (key: keyof CampaignFilters) => (value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    // Selects apply at once; the name applies on submit (no request per keystroke).
    if (key !== "name") setFilters(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  return (
    <div className="space-y-4">
      <form onSubmit={submit} role="search" aria-label="Filter campaigns" className="flex flex-wrap items-end gap-3">
        <TextField
          label="Name"
          value={draft.name}
          maxLength={NAME_MAX}
          onChange={(e) => set("name")(e.target.value)}
          className="w-56"
        />
        <SelectField
          label="Status"
          value={draft.status}
          onChange={(e) => set("status")(e.target.value)}
          className="w-36"
        >
          <option value="">Any</option>
          {Object.entries(CAMPAIGN_STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Trigger"
          value={draft.trigger}
          onChange={(e) => set("trigger")(e.target.value)}
          className="w-40"
        >
          <option value="">Any</option>
          {BONUS_TRIGGERS.map((t) => (
            <option key={t} value={t}>
              {TRIGGER_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Type" value={draft.type} onChange={(e) => set("type")(e.target.value)} className="w-40">
          <option value="">Any</option>
          {BONUS_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <DataGrid
        label="Bonus campaigns"
        columns={columns}
        queryOptions={campaignsQueryOptions}
        filters={filters}
        getRowId={(row) => row.bonus_guid}
        onRowClick={(row) => navigate(`/bonuses/${row.bonus_guid}`)}
        pageSize={25}
        emptyTitle="No campaigns"
        emptyMessage="Create one with New campaign."
      />
    </div>
  );
}
