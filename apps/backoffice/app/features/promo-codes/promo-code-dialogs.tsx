import { PROMO_BATCH_MAX } from "@croupier/contract/backoffice/promo-codes";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { SelectField, TextField } from "../../components/field";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import {
  createPromoCode,
  downloadPromoCodesCsv,
  generatePromoCodes,
  usePromoCampaigns,
  usePromoCodeActivations,
  usePromoCodeMutation,
  usePromoSegments,
} from "./promo-codes-api";

type Terms = {
  bonus_guid: string;
  name: string;
  conditions: string;
  start: string;
  end: string;
  multiple_use: boolean;
  multiple_use_count: string;
  countries: string;
  segment_guids: string[];
};
const EMPTY_TERMS: Terms = {
  bonus_guid: "",
  name: "",
  conditions: "",
  start: "",
  end: "",
  multiple_use: false,
  multiple_use_count: "0",
  countries: "",
  segment_guids: [],
};

/** The form's terms as the API takes them (datetime-local is read as the staff member's local time). */
function termsBody(t: Terms) {
  return {
    bonus_guid: t.bonus_guid,
    name: t.name,
    conditions: t.conditions,
    start_date: t.start ? new Date(t.start).toISOString() : null,
    end_date: t.end ? new Date(t.end).toISOString() : null,
    multiple_use: t.multiple_use,
    multiple_use_count: t.multiple_use ? Number(t.multiple_use_count || 0) : 0,
    country_codes: t.countries
      .split(/[\s,]+/)
      .map((c) => c.trim())
      .filter(Boolean),
    segment_guids: t.segment_guids,
  };
}

function TermsFields({
  terms,
  set,
  errors,
}: {
  terms: Terms;
  set: (patch: Partial<Terms>) => void;
  errors: Record<string, string>;
}) {
  const campaigns = usePromoCampaigns();
  const checkbox = useId();
  return (
    <>
      <SelectField
        label="Campaign"
        value={terms.bonus_guid}
        onChange={(e) => set({ bonus_guid: e.target.value })}
        error={errors.bonus_guid}
        required
      >
        <option value="">{campaigns.isPending ? "Loading…" : "Choose a promo-code campaign"}</option>
        {(campaigns.data ?? []).map((c) => (
          <option key={c.bonus_guid} value={c.bonus_guid}>
            {c.bonus_name} ({c.status})
          </option>
        ))}
      </SelectField>
      <TextField
        label="Name"
        value={terms.name}
        maxLength={120}
        onChange={(e) => set({ name: e.target.value })}
        error={errors.name}
        required
      />
      <TextField
        label="Conditions shown to the player"
        value={terms.conditions}
        maxLength={5000}
        onChange={(e) => set({ conditions: e.target.value })}
        error={errors.conditions}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Valid from"
          type="datetime-local"
          value={terms.start}
          onChange={(e) => set({ start: e.target.value })}
          error={errors.start_date}
        />
        <TextField
          label="Valid until"
          type="datetime-local"
          value={terms.end}
          onChange={(e) => set({ end: e.target.value })}
          error={errors.end_date}
        />
      </div>
      <label htmlFor={checkbox} className="flex items-center gap-2 text-sm text-slate-700">
        <input
          id={checkbox}
          type="checkbox"
          checked={terms.multiple_use}
          onChange={(e) => set({ multiple_use: e.target.checked })}
        />
        Multiple use (each player still once)
      </label>
      {terms.multiple_use ? (
        <TextField
          label="Redemptions in total (0 = unlimited)"
          type="number"
          min={0}
          value={terms.multiple_use_count}
          onChange={(e) => set({ multiple_use_count: e.target.value })}
          error={errors.multiple_use_count}
        />
      ) : null}
      <TextField
        label="Countries (two-letter codes; empty = all)"
        value={terms.countries}
        maxLength={1000}
        placeholder="GB, IE"
        onChange={(e) => set({ countries: e.target.value })}
        error={Object.entries(errors).find(([key]) => key.startsWith("country_codes"))?.[1]}
      />
      <SegmentPicker
        selected={terms.segment_guids}
        onChange={(segment_guids) => set({ segment_guids })}
        error={Object.entries(errors).find(([key]) => key.startsWith("segment_guids"))?.[1]}
      />
    </>
  );
}

/** Restrict a code to players in any of the chosen segments; none chosen: every player. */
function SegmentPicker({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (guids: string[]) => void;
  error?: string;
}) {
  const segments = usePromoSegments();
  const errorId = useId();
  const toggle = (guid: string, on: boolean) => onChange(on ? [...selected, guid] : selected.filter((g) => g !== guid));
  return (
    <fieldset className="space-y-1" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">
        Only for players in these segments (none = everyone)
      </legend>
      {segments.isPending ? <LoadingBlock lines={2} label="Loading segments" /> : null}
      {segments.isError ? (
        <ErrorState
          error={segments.error}
          title="The segments could not be loaded."
          onRetry={() => void segments.refetch()}
        />
      ) : null}
      {segments.data?.length === 0 ? <EmptyState title="No segments yet." /> : null}
      {segments.data && segments.data.length > 0 ? (
        <ul className="max-h-40 space-y-1 overflow-y-auto rounded border border-slate-200 p-2">
          {segments.data.map((segment) => (
            <li key={segment.guid}>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={selected.includes(segment.guid)}
                  onChange={(e) => toggle(segment.guid, e.target.checked)}
                />
                {segment.group_name ? `${segment.group_name} / ${segment.name}` : segment.name}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function FormFooter({ busy, error, children }: { busy: boolean; error: string | null; children: ReactNode }) {
  return (
    <div className="space-y-2 pt-2">
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <Button type="submit" busy={busy}>
        {children}
      </Button>
    </div>
  );
}

/** A chosen code (e.g. WELCOME100) for a promo-code campaign. */
export function CreatePromoCodeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [terms, setTerms] = useState<Terms>(EMPTY_TERMS);
  const [code, setCode] = useState("");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const mutation = usePromoCodeMutation(createPromoCode);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    mutation.mutate(
      { ...termsBody(terms), code, email: email.trim() || null },
      {
        onSuccess: (created) => {
          toast.success(`Promo code ${created.code} created.`);
          setTerms(EMPTY_TERMS);
          setCode("");
          setEmail("");
          onOpenChange(false);
        },
        onError: (failure) => {
          setErrors(fieldErrorsOf(failure));
          if (!isHandled(failure)) setError(errorMessageOf(failure));
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New promo code"
      description="A code you choose. Players type it in any case."
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        <TextField
          label="Code"
          value={code}
          maxLength={32}
          placeholder="WELCOME100"
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          error={errors.code}
          required
        />
        <TextField
          label="Only for this player's email (optional)"
          type="email"
          value={email}
          maxLength={254}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TermsFields terms={terms} set={(patch) => setTerms((t) => ({ ...t, ...patch }))} errors={errors} />
        <FormFooter busy={mutation.isPending} error={error}>
          Create code
        </FormFooter>
      </form>
    </Dialog>
  );
}

/** N unique random codes under one batch, then the batch's CSV. */
export function GeneratePromoCodesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [terms, setTerms] = useState<Terms>(EMPTY_TERMS);
  const [count, setCount] = useState("100");
  const [prefix, setPrefix] = useState("");
  const [length, setLength] = useState("8");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const mutation = usePromoCodeMutation(generatePromoCodes);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    mutation.mutate(
      { ...termsBody(terms), count: Number(count), prefix, length: Number(length) },
      {
        onSuccess: (batch) => {
          toast.success(`${batch.count} codes generated.`, {
            action: {
              label: "Download CSV",
              onClick: () =>
                void downloadPromoCodesCsv({ batch_guid: batch.batch_guid }).catch((e: Error) =>
                  toast.error(e.message),
                ),
            },
          });
          onOpenChange(false);
        },
        onError: (failure) => {
          setErrors(fieldErrorsOf(failure));
          if (!isHandled(failure)) setError(errorMessageOf(failure));
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Generate promo codes"
      description={`Up to ${PROMO_BATCH_MAX.toLocaleString("en-US")} unique random codes; letters and digits that cannot be misread.`}
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        <div className="grid grid-cols-3 gap-3">
          <TextField
            label="How many"
            type="number"
            min={1}
            max={PROMO_BATCH_MAX}
            value={count}
            onChange={(e) => setCount(e.target.value)}
            error={errors.count}
            required
          />
          <TextField
            label="Prefix (optional)"
            value={prefix}
            maxLength={12}
            placeholder="SPRING-"
            onChange={(e) => setPrefix(e.target.value.toUpperCase())}
            error={errors.prefix}
          />
          <TextField
            label="Random characters"
            type="number"
            min={6}
            max={16}
            value={length}
            onChange={(e) => setLength(e.target.value)}
            error={errors.length}
          />
        </div>
        <TermsFields terms={terms} set={(patch) => setTerms((t) => ({ ...t, ...patch }))} errors={errors} />
        <FormFooter busy={mutation.isPending} error={error}>
          Generate
        </FormFooter>
      </form>
    </Dialog>
  );
}

/** Who redeemed one code. */
export function PromoCodeActivationsDialog({
  code,
  onClose,
}: {
  code: { guid: string; code: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={code !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={code ? `Redemptions of ${code.code}` : "Redemptions"}
    >
      {code ? <ActivationsTable guid={code.guid} /> : null}
    </Dialog>
  );
}

function ActivationsTable({ guid }: { guid: string }) {
  const query = usePromoCodeActivations(guid);
  if (query.isPending) return <LoadingBlock label="Loading redemptions" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <EmptyState title="Nobody has redeemed this code yet" />;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Redemptions, newest first</caption>
      <thead>
        <tr className="text-xs text-slate-500">
          <th scope="col">Player</th>
          <th scope="col">Status</th>
          <th scope="col">Bonus</th>
          <th scope="col">Redeemed</th>
        </tr>
      </thead>
      <tbody>
        {query.data.items.map((row) => (
          <tr key={row.guid} className="border-t border-slate-100">
            <td className="py-1.5">{row.customer_email}</td>
            <td>{row.status === "pending" ? "Waiting for a deposit" : "Activated"}</td>
            <td>{row.customer_bonus_status ?? "—"}</td>
            <td className="whitespace-nowrap">{formatDateTime(row.activated_at ?? row.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
