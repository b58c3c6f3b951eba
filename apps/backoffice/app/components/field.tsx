import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { cx } from "../lib/cx";

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs " +
  "focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/40 aria-[invalid=true]:border-red-500";

type FieldFrameProps = { label: ReactNode; error?: string; hint?: ReactNode; className?: string };

function Frame({ id, label, error, hint, className, children }: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "className">;

/** A labelled input; `error` (e.g. from fieldErrorsOf) marks it invalid and is read with it. */
export function TextField({ label, error, hint, className, id, ...input }: TextFieldProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <Frame id={fieldId} label={label} error={error} hint={hint} className={className}>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={CONTROL}
        {...input}
      />
    </Frame>
  );
}

export type SelectFieldProps = FieldFrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "className">;

export function SelectField({ label, error, hint, className, id, children, ...select }: SelectFieldProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <Frame id={fieldId} label={label} error={error} hint={hint} className={className}>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={CONTROL}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}
