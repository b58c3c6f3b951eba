import type { StaffDocument } from "@croupier/contract/backoffice/documents";
import { Dialog as RadixDialog } from "radix-ui";
import { DocumentDecisionButtons } from "./document-decision-buttons";
import { DocumentDetails } from "./document-details";
import { DOCUMENT_TYPE_LABELS } from "./document-labels";
import { DocumentViewer } from "./document-viewer";

/** A document as a side panel (Radix dialog: focus trapped, Escape closes): viewer, details, decisions. */
export function DocumentDrawer({
  document,
  canDecide,
  showPlayer,
  onClose,
}: {
  document: StaffDocument | null;
  canDecide: boolean;
  showPlayer: boolean;
  onClose: () => void;
}) {
  return (
    <RadixDialog.Root open={Boolean(document)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-30 bg-slate-900/30" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-30 w-[min(44rem,100vw)] overflow-y-auto bg-white p-6 shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">
            {document ? DOCUMENT_TYPE_LABELS[document.type] : "Document"}
          </RadixDialog.Title>
          <RadixDialog.Close className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
            ✕
          </RadixDialog.Close>
          {document ? (
            <div className="mt-4 space-y-6">
              {canDecide && document.status === "pending" ? <DocumentDecisionButtons document={document} onDecided={onClose} /> : null}
              <DocumentViewer document={document} />
              <DocumentDetails document={document} showPlayer={showPlayer} />
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
