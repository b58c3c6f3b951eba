import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { DURATION_UNITS, type Duration, type DurationUnit } from "./campaign-form";

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs " +
  "focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/40 aria-[invalid=true]:border-red-500";

function Message({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error)
    return (
      <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
    );
  return null;
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export type TextAreaFieldProps = { label: ReactNode; error?: string; hint?: ReactNode; className?: string } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "className"
>;

/** A labelled multi-line input, like TextField. */
export function TextAreaField({ label, error, hint, className, rows = 3, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={`space-y-1 ${className ?? ""}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={CONTROL}
        {...rest}
      />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled checkbox with an optional explanation, or its error, under it. */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  error,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-0.5">
      <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {label}
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className="pl-6 text-xs text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p className="pl-6 text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
}

const UNIT_LABELS: Record<DurationUnit, string> = { days: "days", hours: "hours", minutes: "minutes" };

/** A length of time as a whole number and a unit; the API gets seconds. */
export function DurationField({
  label,
  value,
  onChange,
  error,
  hint,
  units = ["days", "hours"],
}: {
  label: string;
  value: Duration;
  onChange: (value: Duration) => void;
  error?: string;
  hint?: ReactNode;
  units?: DurationUnit[];
}) {
  const id = useId();
  const shownUnits = units.includes(value.unit) ? units : [...units, value.unit];
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          inputMode="numeric"
          value={value.amount}
          maxLength={6}
          onChange={(e) => onChange({ ...value, amount: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${CONTROL} w-24`}
        />
        <select
          aria-label={`${label}: unit`}
          value={value.unit}
          onChange={(e) => onChange({ ...value, unit: e.target.value as DurationUnit })}
          className={`${CONTROL} w-28`}
        >
          {shownUnits
            .filter((unit) => unit in DURATION_UNITS)
            .map((unit) => (
              <option key={unit} value={unit}>
                {UNIT_LABELS[unit]}
              </option>
            ))}
        </select>
      </div>
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

/** A titled group of fields (a fieldset, so screen readers announce the group). */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      {description ? <p className="-mt-2 text-xs text-slate-500">{description}</p> : null}
      {children}
    </fieldset>
  );
}
