import { AUDIT_ACTION_MAX } from "@croupier/contract/backoffice/staff";
import { useState, type FormEvent } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { EMPTY_AUDIT_FILTERS, type AuditFilters } from "./list-audit-log";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTION = /^[a-z0-9_.]+$/;
const DAY_MS = 86_400_000;

/** The form's own values: dates as the date inputs give them ("2026-11-25", UTC days, both inclusive). */
type Draft = { staff_id: string; player_id: string; action: string; from_day: string; to_day: string };

export function draftOf(filters: AuditFilters): Draft {
  const day = (iso: string) => (iso ? iso.slice(0, 10) : "");
  const toDay = filters.to ? new Date(Date.parse(filters.to) - DAY_MS).toISOString().slice(0, 10) : "";
  return { staff_id: filters.staff_id, player_id: filters.player_id, action: filters.action, from_day: day(filters.from), to_day: toDay };
}

/** Draft → filters, or the fields that are wrong. "To" is inclusive for people and exclusive for the API. */
export function filtersOf(draft: Draft): { filters: AuditFilters } | { errors: Partial<Record<keyof Draft, string>> } {
  const errors: Partial<Record<keyof Draft, string>> = {};
  const staff = draft.staff_id.trim();
  const player = draft.player_id.trim();
  const action = draft.action.trim().toLowerCase();
  if (staff && !UUID.test(staff)) errors.staff_id = "Must be a staff id (a UUID); click a staff email in the list to use theirs.";
  if (player && !UUID.test(player)) errors.player_id = "Must be a player id (a UUID).";
  if (action && (!ACTION.test(action) || action.length > AUDIT_ACTION_MAX)) errors.action = "An action such as player.lock, or a prefix such as staff.";
  const from = draft.from_day ? new Date(`${draft.from_day}T00:00:00Z`) : null;
  const to = draft.to_day ? new Date(Date.parse(`${draft.to_day}T00:00:00Z`) + DAY_MS) : null;
  if (from && Number.isNaN(from.getTime())) errors.from_day = "Not a date.";
  if (to && Number.isNaN(to.getTime())) errors.to_day = "Not a date.";
  if (from && to && from >= to) errors.to_day = "Must not be before the first day.";
  if (Object.keys(errors).length > 0) return { errors };
  return {
    filters: { staff_id: staff, player_id: player, action, from: from ? from.toISOString() : "", to: to ? to.toISOString() : "" },
  };
}

/** Filters apply on submit (not per keystroke): every search of the audit log is itself a bulk read. */
export function AuditFiltersForm({ value, onApply }: { value: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  // A filter set from outside (clicking a staff email in the list) replaces the draft.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(draftOf(value));
    setErrors({});
  }

  const set = (name: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = filtersOf(draft);
    if ("errors" in result) return setErrors(result.errors);
    setErrors({});
    onApply(result.filters);
  };

  return (
    <form onSubmit={submit} className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-2 xl:grid-cols-6" aria-label="Audit log filters" noValidate>
      <TextField className="xl:col-span-2" label="Staff id" value={draft.staff_id} onChange={set("staff_id")} error={errors.staff_id} spellCheck={false} maxLength={36} />
      <TextField className="xl:col-span-2" label="Player id" value={draft.player_id} onChange={set("player_id")} error={errors.player_id} spellCheck={false} maxLength={36} />
      <TextField className="xl:col-span-2" label="Action" value={draft.action} onChange={set("action")} error={errors.action} placeholder="player.lock or staff." maxLength={AUDIT_ACTION_MAX} spellCheck={false} />
      <TextField className="xl:col-span-2" label="From (UTC day)" type="date" value={draft.from_day} onChange={set("from_day")} error={errors.from_day} />
      <TextField className="xl:col-span-2" label="To (UTC day, included)" type="date" value={draft.to_day} onChange={set("to_day")} error={errors.to_day} />
      <div className="flex items-end gap-2 xl:col-span-2">
        <Button type="submit">Apply</Button>
        <Button variant="ghost" onClick={() => onApply(EMPTY_AUDIT_FILTERS)}>
          Clear
        </Button>
      </div>
    </form>
  );
}
