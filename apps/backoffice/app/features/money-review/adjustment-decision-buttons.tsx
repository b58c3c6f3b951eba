import type { Adjustment } from "@croupier/contract/backoffice/money-review";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useDecideAdjustment } from "./decide-adjustment";
import { money } from "./money-format";
import { ReasonDialog } from "./reason-dialog";

/** Approve (not one's own: four eyes) or reject a pending adjustment, each behind a dialog. */
export function AdjustmentDecisionButtons({ adjustment, myId }: { adjustment: Adjustment; myId: string }) {
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const decide = useDecideAdjustment();
  const own = adjustment.requested_by === myId;
  const amount = money(adjustment.amount, adjustment.currency_code, adjustment.currency_decimals);
  const what = `${adjustment.direction === "credit" ? "credit" : "debit"} of ${amount} (${adjustment.pocket})`;
  const close = () => {
    setDialog(null);
    decide.reset();
  };
  const fail = (error: unknown) => {
    if (fieldErrorsOf(error).reason) return;
    if (!isHandled(error)) toast.error(errorMessageOf(error));
    setDialog(null);
  };
  return (
    <div
      className="flex gap-2"
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <Button
        disabled={own}
        title={own ? "You asked for this one: another staff member must approve it." : undefined}
        onClick={() => setDialog("approve")}
      >
        Approve…
      </Button>
      <Button variant="secondary" onClick={() => setDialog("reject")}>
        {own ? "Withdraw…" : "Reject…"}
      </Button>
      <Dialog
        open={dialog === "approve"}
        onOpenChange={(open) => (open ? setDialog("approve") : close())}
        title={`Approve the ${what}?`}
        description={`For ${adjustment.player_email}, asked by ${adjustment.requested_by_email}: “${adjustment.reason}”. The balance changes now.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            busy={decide.isPending}
            onClick={() =>
              // mutateAsync: the queue's refetch may unmount this row before mutate's own callbacks run.
              decide.mutateAsync({ id: adjustment.id, action: "approve" }).then(() => {
                toast.success(`Approved: ${what} applied.`);
                close();
              }, fail)
            }
          >
            Approve and apply
          </Button>
        </div>
      </Dialog>
      <ReasonDialog
        open={dialog === "reject"}
        onOpenChange={(open) => (open ? setDialog("reject") : close())}
        title={own ? "Withdraw your request?" : `Reject the ${what}?`}
        description="No money moves. The reason is kept with the request and in the audit log."
        confirm={own ? "Withdraw request" : "Reject"}
        busy={decide.isPending}
        error={decide.isError ? fieldErrorsOf(decide.error).reason : undefined}
        onConfirm={(reason) =>
          decide.mutateAsync({ id: adjustment.id, action: "reject", reason }).then(() => {
            toast.success("Adjustment rejected; no money moved.");
            close();
          }, fail)
        }
      />
    </div>
  );
}
