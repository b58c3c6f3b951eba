import type { StaffPromoCode } from "@croupier/contract/backoffice/promo-codes";
import type { ColumnDef } from "@tanstack/react-table";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { DataGrid } from "../../components/data-grid/data-grid";
import { SelectField, TextField } from "../../components/field";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, isHandled } from "../../lib/staff-api";
import { PromoCodeActivationsDialog } from "./promo-code-dialogs";
import {
  changePromoCodeStatus,
  downloadPromoCodesCsv,
  EMPTY_PROMO_FILTERS,
  promoCodesQueryOptions,
  usePromoCampaigns,
  usePromoCodeMutation,
  type PromoCodeFilters,
} from "./promo-codes-api";

const uses = (c: StaffPromoCode) =>
  c.multiple_use ? `${c.used_count} / ${c.multiple_use_count === 0 ? "∞" : c.multiple_use_count}` : `${c.used_count} / 1`;

function StatusToggle({ code }: { code: StaffPromoCode }) {
  const mutation = usePromoCodeMutation(changePromoCodeStatus);
  const next = code.status === "active" ? "disabled" : "active";
  return (
    <Button
      variant={next === "disabled" ? "secondary" : "primary"}
      busy={mutation.isPending}
      onClick={(event) => {
        // The row opens the redemptions: the button is its own action.
        event.stopPropagation();
        mutation.mutate(
          { guid: code.guid, status: next },
          {
            onSuccess: () => toast.success(`${code.code} ${next === "disabled" ? "disabled" : "enabled"}.`),
            onError: (failure) => {
              if (!isHandled(failure)) toast.error(errorMessageOf(failure));
            },
          },
        );
      }}
      aria-label={`${next === "disabled" ? "Disable" : "Enable"} ${code.code}`}
    >
      {next === "disabled" ? "Disable" : "Enable"}
    </Button>
  );
}

const columns: ColumnDef<StaffPromoCode, unknown>[] = [
  { id: "code", header: "Code", accessorFn: (c) => c.code, cell: ({ row: { original: c } }) => <span className="font-mono font-medium">{c.code}</span> },
  { id: "campaign", header: "Campaign", accessorFn: (c) => c.bonus_name },
  { id: "status", header: "Status", accessorFn: (c) => (c.status === "active" ? "Active" : "Disabled") },
  { id: "uses", header: "Used", accessorFn: uses },
  {
    id: "valid",
    header: "Valid",
    accessorFn: (c) => c.start_date,
    cell: ({ row: { original: c } }) => (
      <span className="text-xs whitespace-nowrap">
        {c.start_date ? formatDateTime(c.start_date) : "now"} → {c.end_date ? formatDateTime(c.end_date) : "no end"}
      </span>
    ),
  },
  { id: "limits", header: "Only for", accessorFn: (c) => [c.email, c.country_codes.join(" "), c.segment_guids.length ? `${c.segment_guids.length} segment(s)` : ""].filter(Boolean).join(", ") || "everyone" },
  { id: "batch", header: "Batch", accessorFn: (c) => (c.batch_guid ? c.batch_guid.slice(0, 8) : "chosen") },
  { id: "actions", header: "", cell: ({ row: { original: c } }) => <StatusToggle code={c} /> },
];

/** Every promo code, newest first, with filters; a row shows who redeemed the code. */
export function PromoCodesList({ initialCampaign = "" }: { initialCampaign?: string }) {
  const initial = { ...EMPTY_PROMO_FILTERS, bonus_guid: initialCampaign };
  const [draft, setDraft] = useState<PromoCodeFilters>(initial);
  const [filters, setFilters] = useState<PromoCodeFilters>(initial);
  const [opened, setOpened] = useState<StaffPromoCode | null>(null);
  const campaigns = usePromoCampaigns();
  const set = (key: keyof PromoCodeFilters) => (value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    // Selects apply at once; the code applies on submit (no request per keystroke).
    if (key !== "code") setFilters(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const exportCampaign = () =>
    void downloadPromoCodesCsv({ bonus_guid: filters.bonus_guid })
      .then((name) => toast.success(`Saved ${name}.`))
      .catch((e: Error) => toast.error(e.message));
  return (
    <div className="space-y-4">
      <form onSubmit={submit} role="search" aria-label="Filter promo codes" className="flex flex-wrap items-end gap-3">
        <TextField label="Code starts with" value={draft.code} maxLength={32} onChange={(e) => set("code")(e.target.value)} className="w-48" />
        <SelectField label="Campaign" value={draft.bonus_guid} onChange={(e) => set("bonus_guid")(e.target.value)} className="w-64">
          <option value="">Any</option>
          {(campaigns.data ?? []).map((c) => (
            <option key={c.bonus_guid} value={c.bonus_guid}>
              {c.bonus_name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={draft.status} onChange={(e) => set("status")(e.target.value)} className="w-36">
          <option value="">Any</option>
          <option value="active">Active</option>
          <option value="disabled">Disabled</option>
        </SelectField>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {filters.bonus_guid ? (
          <Button variant="ghost" onClick={exportCampaign}>
            Export campaign CSV
          </Button>
        ) : null}
      </form>
      <DataGrid
        label="Promo codes"
        columns={columns}
        queryOptions={promoCodesQueryOptions}
        filters={filters}
        getRowId={(row) => row.guid}
        onRowClick={(row) => setOpened(row)}
        pageSize={25}
        emptyTitle="No promo codes"
      />
      <PromoCodeActivationsDialog code={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
