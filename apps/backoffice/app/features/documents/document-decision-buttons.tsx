import { DOCUMENT_COMMENT_MAX } from "@croupier/contract/entities/documents";
import type { StaffDocument } from "@croupier/contract/backoffice/documents";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { TextField } from "../../components/field";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useDecideDocument } from "./decide-document";
import { DOCUMENT_TYPE_LABELS } from "./document-labels";

/** Approve (optional note) or reject (reason required, shown to the player) a pending document. */
export function DocumentDecisionButtons({ document, onDecided }: { document: StaffDocument; onDecided?: () => void }) {
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const [text, setText] = useState("");
  const [touched, setTouched] = useState(false);
  const decide = useDecideDocument();
  const label = DOCUMENT_TYPE_LABELS[document.type];
  const close = () => {
    setDialog(null);
    setText("");
    setTouched(false);
    decide.reset();
  };
  const open = (which: "approve" | "reject") => {
    close();
    setDialog(which);
  };
  // mutateAsync: the queue's refetch after a decision can unmount this row before per-call callbacks run.
  const fail = (error: unknown) => {
    if (fieldErrorsOf(error).reason || fieldErrorsOf(error).comment) return;
    if (!isHandled(error)) toast.error(errorMessageOf(error));
    close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const value = text.trim();
    if (dialog === "reject" && !value) return;
    const decision = dialog === "reject" ? { id: document.id, action: "reject" as const, reason: value } : { id: document.id, action: "approve" as const, comment: value || undefined };
    decide.mutateAsync(decision).then(() => {
      toast.success(dialog === "reject" ? `${label} rejected; the player sees your reason.` : `${label} approved.`);
      close();
      onDecided?.();
    }, fail);
  };
  const serverError = decide.isError ? (fieldErrorsOf(decide.error).reason ?? fieldErrorsOf(decide.error).comment) : undefined;
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => open("approve")}>Approve…</Button>
      <Button variant="danger" onClick={() => open("reject")}>
        Reject…
      </Button>
      <Dialog
        open={dialog !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : close())}
        title={dialog === "reject" ? `Reject this ${label.toLowerCase()}?` : `Approve this ${label.toLowerCase()}?`}
        description={
          dialog === "reject"
            ? "The player sees this reason next to the document and can upload a new one."
            : "The player is verified once every required document is approved. A note is optional and shown to the player."
        }
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField
            label={dialog === "reject" ? "Reason" : "Note to the player (optional)"}
            name={dialog === "reject" ? "reason" : "comment"}
            value={text}
            maxLength={DOCUMENT_COMMENT_MAX}
            onChange={(event) => setText(event.target.value)}
            error={serverError ?? (dialog === "reject" && touched && !text.trim() ? "A reason is required." : undefined)}
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant={dialog === "reject" ? "danger" : "primary"} busy={decide.isPending}>
              {dialog === "reject" ? "Reject document" : "Approve document"}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
