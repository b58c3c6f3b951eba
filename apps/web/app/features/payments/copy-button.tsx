import { useEffect, useState } from "react";
import { toastError } from "../../lib/toasts";
import { CopyIcon } from "./payment-ui";

/** Copies `value`; the label says "Copied" for two seconds. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toastError("Copying is not allowed here. Select the text and copy it instead.");
    }
  };
  return (
    <button type="button" className="btn-ghost h-9 shrink-0 px-3" onClick={() => void copy()} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
      <CopyIcon />
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </button>
  );
}
