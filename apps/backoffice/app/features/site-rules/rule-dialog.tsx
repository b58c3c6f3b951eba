import type { SiteRule } from "@croupier/contract/backoffice/site-rules";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { SelectField, TextField } from "../../components/field";
import { errorMessageOf, fieldErrorsOf } from "../../lib/staff-api";
import { bodyFromForm, EMPTY_RULE, formFromRule, type RuleFormValues } from "./rule-form";
import { useSaveSiteRule } from "./site-rules-api";

const KIND_HINTS: Record<RuleFormValues["kind"], string> = {
  maintenance: "Visitors of this path see the maintenance page, with a countdown when you give an end.",
  redirect: "The path has moved: a path of this site (/new) or an http(s) address on another site (a full page load).",
  restrict: "Visitors from these countries are sent to the restricted-region page on this path.",
};

/** Add or edit a site rule. `rule` null: a new one. */
export function RuleDialog({
  rule,
  open,
  onOpenChange,
}: {
  rule: SiteRule | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState<RuleFormValues>(() => (rule ? formFromRule(rule) : EMPTY_RULE));
  const save = useSaveSiteRule();
  const errors = save.error ? fieldErrorsOf(save.error) : {};
  const set = <K extends keyof RuleFormValues>(key: K, value: RuleFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: rule?.guid ?? null, body: bodyFromForm(values) },
      {
        onSuccess: () => {
          toast.success(rule ? "Rule saved. It applies now." : "Rule added. It applies now.");
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? "Edit site rule" : "Add a site rule"}
      description={KIND_HINTS[values.kind]}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SelectField
          label="Kind"
          value={values.kind}
          onChange={(e) => set("kind", e.target.value as RuleFormValues["kind"])}
          error={errors.kind}
        >
          <option value="maintenance">Maintenance</option>
          <option value="redirect">Path moved (redirect)</option>
          <option value="restrict">Countries restricted</option>
        </SelectField>
        <TextField
          label="Path"
          value={values.path_prefix}
          onChange={(e) => set("path_prefix", e.target.value)}
          error={errors.path_prefix}
          hint="The path and everything under it: /live matches /live and /live/roulette. / is the whole site."
          required
          maxLength={200}
        />
        {values.kind === "redirect" ? (
          <TextField
            label="New address"
            value={values.target}
            onChange={(e) => set("target", e.target.value)}
            error={errors.target}
            required
            maxLength={500}
          />
        ) : null}
        {values.kind === "maintenance" ? (
          <TextField
            label="Expected end (optional)"
            type="datetime-local"
            value={values.ends_at}
            onChange={(e) => set("ends_at", e.target.value)}
            error={errors.ends_at}
            hint="Your time zone. The rule stops applying at this time."
          />
        ) : null}
        {values.kind === "restrict" ? (
          <TextField
            label="Countries"
            value={values.countries}
            onChange={(e) => set("countries", e.target.value)}
            error={errors.countries ?? Object.entries(errors).find(([k]) => k.startsWith("countries."))?.[1]}
            hint="Two-letter ISO codes, comma separated: DE, FR"
            required
          />
        ) : null}
        <TextField
          label="Note (optional)"
          value={values.note}
          onChange={(e) => set("note", e.target.value)}
          error={errors.note}
          maxLength={200}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={values.enabled} onChange={(e) => set("enabled", e.target.checked)} />
          Enabled
        </label>
        {save.error && Object.keys(errors).length === 0 ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(save.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {rule ? "Save rule" : "Add rule"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
