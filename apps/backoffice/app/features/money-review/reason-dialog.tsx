import { DECISION_REASON_MAX } from "@croupier/contract/backoffice/money-review";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { TextField } from "../../components/field";

/** A decision that needs a written reason (decline, reject): the field is required and named in errors. */
export function ReasonDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirm: string;
  busy: boolean;
  error?: string;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const blank = reason.trim().length === 0;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (blank) return;
    props.onConfirm(reason.trim());
  };
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} description={props.description}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField
          label="Reason"
          name="reason"
          value={reason}
          maxLength={DECISION_REASON_MAX}
          onChange={(event) => setReason(event.target.value)}
          error={props.error ?? (touched && blank ? "A reason is required." : undefined)}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={props.busy}>
            {props.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
