import { CASHBACK_COMMENT_MAX, type CashbackCampaignRow } from "@croupier/contract/backoffice/cashback";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { TextField } from "../../components/field";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useCloseCashbackPeriod } from "./close-cashback-period";

/** "Close the period now", with what it will cover and a comment for the audit log. */
export function ClosePeriodButton({ campaign }: { campaign: CashbackCampaignRow }) {
  const [open, setOpen] = useState(false);
  if (campaign.status !== "active" && campaign.status !== "paused") return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Close period now…
      </Button>
      {open ? <ClosePeriodDialog campaign={campaign} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ClosePeriodDialog({ campaign, onClose }: { campaign: CashbackCampaignRow; onClose: () => void }) {
  const close = useCloseCashbackPeriod(campaign.bonus_guid);
  const [comment, setComment] = useState("");
  const fieldErrors = close.isError ? fieldErrorsOf(close.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate(comment.trim() ? { comment: comment.trim() } : {}, {
      onSuccess: () => {
        toast.success("Period closed. Its cashback is paid within a minute.");
        onClose();
      },
    });
  };
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title="Close the cashback period now"
      description="Players are paid their cashback for the period so far, and the next period starts now. Nothing is counted twice."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          “{campaign.bonus_name}”: from {formatDateTime(campaign.current_period_start)} to now (instead of{" "}
          {formatDateTime(campaign.current_period_end)}).
        </p>
        <TextField
          label="Comment (optional)"
          value={comment}
          maxLength={CASHBACK_COMMENT_MAX}
          onChange={(e) => setComment(e.target.value)}
          error={fieldErrors.comment}
          hint="Kept in the audit log."
        />
        {close.isError && !isHandled(close.error) && !fieldErrors.comment ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(close.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={close.isPending}>
            Close the period
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
