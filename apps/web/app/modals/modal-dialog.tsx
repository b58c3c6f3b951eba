import { lazy, Suspense, useMemo } from "react";
import { Dialog } from "radix-ui";
import { Icon } from "../components/icons";
import type { ModalDefinition } from "./modal-registry";

/**
 * The Radix dialog around a registered modal: focus trap, Escape, outside click, scroll lock and
 * an accessible name come from Radix. Loaded lazily so the lobby's first load stays lean.
 */
export default function ModalDialog({ name, definition, onClose }: { name: string; definition: ModalDefinition; onClose: () => void }) {
  const Content = useMemo(() => lazy(definition.load), [definition]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
        <Dialog.Content
          data-modal={name}
          className="fixed top-1/2 left-1/2 z-modal max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none"
          style={{ maxWidth: definition.width ?? 480 }}
          // Without a description Radix expects an explicit undefined; with one it links it itself.
          {...(definition.description ? {} : { "aria-describedby": undefined })}
        >
          <Dialog.Title className="pr-10 text-xl font-bold text-white">{definition.title}</Dialog.Title>
          {definition.description ? (
            <Dialog.Description className="mt-1 text-sm text-mist-400">{definition.description}</Dialog.Description>
          ) : null}
          <Dialog.Close
            className="absolute top-4 right-4 grid size-9 place-items-center rounded-lg text-mist-400 hover:bg-ink-700 hover:text-white"
            aria-label="Close"
          >
            <Icon name="close" />
          </Dialog.Close>
          <div className="mt-5">
            <Suspense fallback={<p className="text-sm text-mist-400">Loading…</p>}>
              <Content close={onClose} />
            </Suspense>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
