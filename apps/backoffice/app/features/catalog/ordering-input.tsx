import { ORDERING_MAX, ORDERING_MIN } from "@croupier/contract/backoffice/catalog-admin";
import { useState, type KeyboardEvent } from "react";

/**
 * A position in a list, saved when the staff member presses Enter or leaves the field with a changed
 * whole number; Escape puts the saved value back.
 */
export function OrderingInput({
  value,
  label,
  onCommit,
}: {
  value: number;
  label: string;
  onCommit: (next: number) => void;
}) {
  const [draft, setDraft] = useState(String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // The saved value changed (the server's answer, or a rollback): show it.
    setSeen(value);
    setDraft(String(value));
  }
  const valid = /^-?\d+$/.test(draft) && Number(draft) >= ORDERING_MIN && Number(draft) <= ORDERING_MAX;
  const commit = () => {
    if (!valid) {
      setDraft(String(value));
      return;
    }
    if (Number(draft) !== value) onCommit(Number(draft));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") {
      setDraft(String(value));
    }
  };
  return (
    <input
      type="text"
      inputMode="numeric"
      aria-label={label}
      aria-invalid={valid ? undefined : true}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
      className="w-20 rounded-md border border-slate-300 px-2 py-1 text-right text-sm tabular-nums focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/40 aria-[invalid=true]:border-red-500"
    />
  );
}
