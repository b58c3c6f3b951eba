import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { cx } from "../../lib/cx";

const inputClass =
  "h-11 w-full rounded-lg border bg-ink-900 px-3 text-[15px] text-white placeholder:text-mist-400/70 focus:border-gold-400 focus:outline-none aria-invalid:border-ruby-400";

/** "is required" reads better as "Email is required": server fragments get the label in front. */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

type FieldShellProps = { id: string; label: string; optional?: boolean; error?: string; hint?: ReactNode; children: ReactNode };

function FieldShell({ id, label, optional, error, hint, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-mist-100">
        {label}
        {optional ? <span className="font-normal text-mist-400"> (optional)</span> : null}
      </label>
      {children}
      {hint}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-ruby-400" role="alert">
          {fieldMessage(label, error)}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { label: string; error?: string; hint?: ReactNode; optional?: boolean };

export function TextField({ label, error, hint, optional, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} optional={optional} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputClass, "border-ink-600", className)}
        {...input}
      />
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & { label: string; error?: string; optional?: boolean; children: ReactNode };

export function SelectField({ label, error, optional, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} optional={optional} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputClass, "border-ink-600", className)}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export function CheckboxField({ label, error, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> & { label: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-start gap-2.5 text-sm text-mist-300">
        <input id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 accent-gold-400" aria-invalid={error ? true : undefined} {...input} />
        <span>{label}</span>
      </label>
      {error ? (
        <p className="text-sm text-ruby-400" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The policy's open issues as the player types (nothing until they start). */
export function PasswordRules({ issues, touched }: { issues: string[]; touched: boolean }) {
  if (!touched || issues.length === 0) {
    return <p className="text-xs text-mist-400">8 to 128 characters; not your email address or a common password.</p>;
  }
  return (
    <ul className="text-xs text-gold-300" aria-live="polite">
      {issues.map((issue) => (
        <li key={issue}>{issue}</li>
      ))}
    </ul>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-ruby-500/40 bg-ruby-500/10 px-3 py-2 text-sm text-ruby-400">
      {message}
    </p>
  );
}

export function SubmitButton({ busy, children, className }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={cx("btn-primary h-11 w-full", className)} disabled={busy} aria-busy={busy || undefined}>
      {busy ? "Please wait…" : children}
    </button>
  );
}

export function TextButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="font-medium text-gold-400 underline-offset-2 hover:underline">
      {children}
    </button>
  );
}
