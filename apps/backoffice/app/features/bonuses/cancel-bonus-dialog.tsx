import { BONUS_COMMENT_MAX, type PlayerBonusRow } from "@croupier/contract/backoffice/bonuses";
import { formatAmount, isDecimal } from "@croupier/contract/money";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useCancelPlayerBonus } from "./cancel-player-bonus";
import { TextAreaField } from "./form-controls";

const show = (value: string, currency: string) => `${isDecimal(value) ? formatAmount(value, 2) : value} ${currency}`;

/** Cancel a player's offered or active bonus, with a reason; says plainly that the bonus money and its winnings go. */
export function CancelBonusDialog({
  playerId,
  bonus,
  onClose,
}: {
  playerId: string;
  bonus: PlayerBonusRow;
  onClose: () => void;
}) {
  const cancel = useCancelPlayerBonus(playerId);
  const [reason, setReason] = useState("");
  const [localError, setLocalError] = useState<string | undefined>();
  const serverErrors = cancel.isError ? fieldErrorsOf(cancel.error) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < 3) return setLocalError("A reason of at least 3 characters is required.");
    cancel.mutate(
      { guid: bonus.guid, reason: text },
      {
        onSuccess: (result) => {
          toast.success(`Bonus cancelled; ${show(result.forfeited_amount, bonus.currency)} forfeited.`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Cancel this bonus?"
      description={
        bonus.status === "active"
          ? "The player's bonus money and everything won with it are forfeited now, and the wagering stops. Their cash stays. This cannot be undone."
          : "The offer is withdrawn: the player can no longer activate it. This cannot be undone."
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          “{bonus.bonus_name}”, {show(bonus.bonus_amount, bonus.currency)} bonus
          {bonus.status === "active" ? ", active" : ", offered"}.
        </p>
        <TextAreaField
          label="Reason"
          value={reason}
          maxLength={BONUS_COMMENT_MAX}
          onChange={(e) => {
            setReason(e.target.value);
            setLocalError(undefined);
            if (cancel.isError) cancel.reset();
          }}
          error={localError ?? serverErrors.reason}
          required
        />
        {cancel.isError && !isHandled(cancel.error) && !serverErrors.reason ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(cancel.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Keep the bonus
          </Button>
          <Button type="submit" variant="danger" busy={cancel.isPending}>
            {bonus.status === "active" ? "Cancel and forfeit" : "Withdraw the offer"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
