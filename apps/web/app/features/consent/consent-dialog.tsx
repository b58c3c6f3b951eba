import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import type { Consent, ConsentCategory } from "./consent-store";

const CATEGORIES: { key: ConsentCategory | "necessary"; label: string; text: string }[] = [
  {
    key: "necessary",
    label: "Necessary",
    text: "Sign-in, security, your wallet and these settings. Always on: the site does not work without them.",
  },
  {
    key: "analytics",
    label: "Analytics",
    text: "Visit statistics, session recordings and the external support chat, so we can see what works and help you.",
  },
  {
    key: "marketing",
    label: "Marketing",
    text: "Advertising measurement: tells our ad partners when a visit led to a sign-up or a deposit.",
  },
];

/**
 * The choice per category, as an accessible modal (Radix: focus trap, Escape, labelled title and
 * description). Opened from the banner's "Customise" and from "Cookie settings" in the footer.
 */
export function ConsentDialog({
  open,
  current,
  onSave,
  onClose,
}: {
  open: boolean;
  current: Consent | null;
  onSave: (choice: Pick<Consent, ConsentCategory>) => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="consent-dialog"
          className="fixed top-1/2 left-1/2 z-modal max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-[480px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-bold text-white">Cookie settings</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-mist-400">
            Choose which optional services may run. You can change this at any time from “Cookie settings” at the bottom
            of every page.
          </Dialog.Description>
          {/* Remounted per opening so it starts from the stored choice. */}
          {open ? <ConsentForm current={current} onSave={onSave} onCancel={onClose} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ConsentForm({
  current,
  onSave,
  onCancel,
}: {
  current: Consent | null;
  onSave: (choice: Pick<Consent, ConsentCategory>) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState({ analytics: current?.analytics ?? false, marketing: current?.marketing ?? false });
  const idPrefix = useId();
  return (
    <form
      className="mt-5 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(choice);
      }}
    >
      <ul className="space-y-3">
        {CATEGORIES.map((category) => {
          const id = `${idPrefix}-${category.key}`;
          const fixed = category.key === "necessary";
          return (
            <li key={category.key} className="flex items-start gap-3 rounded-xl border border-ink-600 p-3">
              <input
                id={id}
                type="checkbox"
                className="mt-1 size-4 accent-gold-400"
                checked={fixed ? true : choice[category.key as ConsentCategory]}
                disabled={fixed}
                aria-describedby={`${id}-text`}
                onChange={(event) => !fixed && setChoice((c) => ({ ...c, [category.key]: event.target.checked }))}
              />
              <div>
                <label htmlFor={id} className="font-semibold text-white">
                  {category.label}
                  {fixed ? <span className="ml-2 text-xs font-normal text-mist-400">(always on)</span> : null}
                </label>
                <p id={`${id}-text`} className="text-sm text-mist-400">
                  {category.text}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-ghost h-10" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary h-10">
          Save choices
        </button>
      </div>
    </form>
  );
}
