import type { DocumentType } from "@croupier/contract/entities/documents";
import { ResponseError } from "@croupier/contract/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { useApi } from "../../lib/browser-api";
import { toastError, toastSuccess } from "../../lib/toasts";
import { documentsRootKey } from "./document-events";
import { deleteDocument } from "./documents-api";
import { DOCUMENT_TYPE_LABELS } from "./verification-state";

/** Withdraws a document still waiting for review (the server deletes only pending ones), after asking. */
export function DeleteDocumentButton({ documentType, fileName }: { documentType: DocumentType; fileName: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = DOCUMENT_TYPE_LABELS[documentType];

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteDocument(api, documentType);
      toastSuccess(`${label} deleted. You can upload another one.`);
      setOpen(false);
    } catch (error) {
      // A 5xx was toasted by the API client; a 409 means a reviewer got there first.
      if (error instanceof ResponseError && !error.handled) toastError(error.message);
      else if (!(error instanceof ResponseError)) toastError("No connection. Check your network and try again.");
      setOpen(false);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: documentsRootKey });
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger className="btn-ghost h-9">Delete</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-modal w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-white">
            Delete this {label.toLowerCase()}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-mist-300">
            <span className="break-all text-mist-100">{fileName}</span> will not be reviewed. You can upload another
            file afterwards.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-ghost" disabled={busy}>
              Keep it
            </AlertDialog.Cancel>
            <button
              type="button"
              className="btn inline-flex border border-ruby-500/60 bg-ruby-500/15 text-ruby-400 hover:bg-ruby-500/25"
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? "Deleting…" : "Delete document"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
