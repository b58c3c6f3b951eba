import type { SegmentInput, SegmentRow, SegmentRule } from "@croupier/contract/backoffice/segments";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { SelectField, TextField } from "../../components/field";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { usePaymentSegments } from "./list-payment-segments";
import { usePreviewSegment } from "./preview-segment";
import { RulesEditor } from "./rules-editor";
import { useSaveSegment } from "./save-segment";

type Draft = {
  name: string;
  group_name: string;
  fetch_interval: string;
  is_default: boolean;
  mining_multiplier: string;
  payment_segment_guid: string;
  rules: SegmentRule[];
};

const draftOf = (segment: SegmentRow | null): Draft => ({
  name: segment?.name ?? "",
  group_name: segment?.group_name ?? "",
  fetch_interval: String(segment?.fetch_interval ?? 0),
  is_default: segment?.is_default ?? false,
  mining_multiplier: typeof segment?.data.mining_multiplier === "number" ? String(segment.data.mining_multiplier) : "",
  payment_segment_guid: segment?.payment_segment_guid ?? "",
  rules: segment ? [...segment.rules] : [],
});

/** The request body: the segment's other data keys are kept; an empty multiplier removes it (default 1). */
export function inputOf(draft: Draft, previous: SegmentRow | null): SegmentInput {
  const { mining_multiplier: _old, ...data } = previous?.data ?? {};
  const multiplier = draft.mining_multiplier.trim();
  return {
    name: draft.name.trim(),
    group_name: draft.group_name.trim(),
    fetch_interval: /^\d+$/.test(draft.fetch_interval) ? Number(draft.fetch_interval) : -1,
    is_default: draft.is_default,
    data: multiplier === "" ? data : { ...data, mining_multiplier: Number(multiplier) },
    rules: draft.rules,
    payment_segment_guid: draft.payment_segment_guid || null,
  };
}

/** Create (segment null) or edit a segment: its fields, payment link and rules, with a match preview. */
export function SegmentEditor({
  segment,
  onSaved,
}: {
  segment: SegmentRow | null;
  onSaved: (saved: SegmentRow) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(segment));
  const save = useSaveSegment();
  const preview = usePreviewSegment();
  const paymentSegments = usePaymentSegments();
  const errors = fieldErrorsOf(save.error);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { guid: segment?.guid ?? null, body: inputOf(draft, segment) },
      {
        onSuccess: (saved) => {
          toast.success(
            segment ? "Segment saved. Changed rules reach every player within minutes." : "Segment created.",
          );
          onSaved(saved);
        },
      },
    );
  };
  const ruleErrors = Object.entries(errors)
    .filter(([field]) => field.startsWith("rules"))
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");
  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={segment ? "Edit segment" : "New segment"}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name"
          required
          maxLength={100}
          value={draft.name}
          onChange={(e) => set("name", e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Group"
          required
          maxLength={100}
          value={draft.group_name}
          onChange={(e) => set("group_name", e.target.value)}
          error={errors.group_name}
        />
        <SelectField
          label="Payment segment"
          hint="Members get this payment segment's methods."
          value={draft.payment_segment_guid}
          onChange={(e) => set("payment_segment_guid", e.target.value)}
          error={errors.payment_segment_guid}
        >
          <option value="">None</option>
          {(paymentSegments.data ?? []).map((p) => (
            <option key={p.guid} value={p.guid}>
              {p.name} ({p.code})
            </option>
          ))}
        </SelectField>
        <TextField
          label="Coin mining multiplier"
          hint="Empty: 1."
          inputMode="decimal"
          value={draft.mining_multiplier}
          onChange={(e) => set("mining_multiplier", e.target.value)}
          error={errors.data}
        />
        <TextField
          label="Fetch interval (seconds)"
          inputMode="numeric"
          value={draft.fetch_interval}
          onChange={(e) => set("fetch_interval", e.target.value)}
          error={errors.fetch_interval}
        />
        <label className="flex items-center gap-2 self-end text-sm text-slate-700">
          <input type="checkbox" checked={draft.is_default} onChange={(e) => set("is_default", e.target.checked)} />
          Default segment (for players with none of their own)
        </label>
      </div>
      <RulesEditor rules={draft.rules} onChange={(rules) => set("rules", rules)} error={ruleErrors || undefined} />
      {save.isError && !isHandled(save.error) && Object.keys(errors).length === 0 ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessageOf(save.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p aria-live="polite" className="mr-auto text-sm text-slate-600">
          {preview.isPending
            ? "Counting…"
            : preview.isError
              ? errorMessageOf(preview.error)
              : preview.data
                ? `${preview.data.players} player${preview.data.players === 1 ? "" : "s"} match these rules now.`
                : null}
        </p>
        <Button
          variant="secondary"
          disabled={draft.rules.length === 0}
          busy={preview.isPending}
          onClick={() => preview.mutate(draft.rules)}
        >
          Preview matches
        </Button>
        <Button type="submit" busy={save.isPending}>
          {segment ? "Save" : "Create segment"}
        </Button>
      </div>
    </form>
  );
}
