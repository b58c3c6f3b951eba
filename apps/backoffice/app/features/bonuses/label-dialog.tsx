import {
  BONUS_LABEL_NAME_MAX,
  BONUS_LABEL_STYLES_MAX,
  type BonusLabel,
  type BonusLabelInput,
} from "@croupier/contract/backoffice/bonuses";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { TextField } from "../../components/field";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useSaveBonusLabel } from "./bonus-labels-api";
import { TextAreaField } from "./form-controls";
import { LabelChip } from "./label-chip";

type LabelFormValues = { name: string; icon: string; background_color: string; styles: string };

const COLOR = /^(#[0-9A-Fa-f]{3,8}|[a-z]+)$/;
const STYLE_LINE = /^([a-zA-Z-]{1,40})\s*:\s*(.{0,200})$/;

/** "color: #fff" lines → { color: "#fff" }; null when a line is not "property: value". */
export function parseStyles(text: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const line of text
    .split("\n")
    .map((l) => l.trim().replace(/;$/, ""))
    .filter(Boolean)) {
    const match = STYLE_LINE.exec(line);
    if (!match) return null;
    out[match[1]!] = match[2]!.trim();
  }
  return out;
}

function formOf(label: BonusLabel | null): LabelFormValues {
  if (!label) return { name: "", icon: "", background_color: "#4f46e5", styles: "" };
  return {
    name: label.name,
    icon: label.icon ?? "",
    background_color: label.background_color ?? "",
    styles: Object.entries(label.styles)
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
  };
}

/** Add or edit a bonus label (the chip shown on offers). `label` null: a new one. */
export function LabelDialog({ label, onClose }: { label: BonusLabel | null; onClose: () => void }) {
  const [values, setValues] = useState<LabelFormValues>(() => formOf(label));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useSaveBonusLabel();
  const errors = { ...(save.isError ? fieldErrorsOf(save.error) : {}), ...localErrors };
  const set = (key: keyof LabelFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setLocalErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const name = values.name.trim();
    if (!name) problems.name = "A name is required.";
    const color = values.background_color.trim();
    if (color && !COLOR.test(color)) problems.background_color = "A #hex colour or a colour name.";
    const icon = values.icon.trim();
    if (icon && !/^(https?:\/\/|\/)/.test(icon)) problems.icon = "An http(s) address or a path starting with /.";
    const styles = parseStyles(values.styles);
    if (!styles) problems.styles = "One “property: value” per line.";
    else if (Object.keys(styles).length > BONUS_LABEL_STYLES_MAX)
      problems.styles = `At most ${BONUS_LABEL_STYLES_MAX} styles.`;
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0 || !styles) return;
    const body: BonusLabelInput = { name, icon: icon || null, background_color: color || null, styles };
    save.mutate(
      { guid: label?.guid ?? null, body },
      {
        onSuccess: () => {
          toast.success(label ? "Label saved." : "Label added.");
          onClose();
        },
      },
    );
  };

  const fieldErrorShown = ["name", "icon", "background_color", "styles"].some((k) => errors[k]);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={label ? "Edit label" : "Add a label"}
      description="Labels are the chips on offers in the bonus hub (“New”, “Hot”); players can filter by them."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="Name"
          value={values.name}
          maxLength={BONUS_LABEL_NAME_MAX}
          onChange={(e) => set("name", e.target.value)}
          error={errors.name}
          required
        />
        <div className="flex items-end gap-2">
          <TextField
            label="Background colour"
            value={values.background_color}
            maxLength={32}
            onChange={(e) => set("background_color", e.target.value)}
            error={errors.background_color}
            hint="#hex or a colour name; empty = the site's default."
            className="flex-1"
          />
          <input
            type="color"
            aria-label="Pick the background colour"
            value={/^#[0-9A-Fa-f]{6}$/.test(values.background_color) ? values.background_color : "#4f46e5"}
            onChange={(e) => set("background_color", e.target.value)}
            className="mb-5 h-9 w-12 rounded border border-slate-300"
          />
        </div>
        <TextField
          label="Icon address (optional)"
          value={values.icon}
          maxLength={500}
          onChange={(e) => set("icon", e.target.value)}
          error={errors.icon}
        />
        <TextAreaField
          label="Extra styles (optional)"
          value={values.styles}
          onChange={(e) => set("styles", e.target.value)}
          error={errors.styles}
          hint="One CSS “property: value” per line, e.g. color: #fff"
        />
        <p className="text-sm">
          Preview: <LabelChip name={values.name.trim() || "Label"} background={values.background_color} />
        </p>
        {save.isError && !isHandled(save.error) && !fieldErrorShown ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(save.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {label ? "Save label" : "Add label"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
