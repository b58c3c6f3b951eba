import { ADJUSTMENT_REASON_MAX } from "@croupier/contract/backoffice/money-review";
import type { PlayerDetail } from "@croupier/contract/backoffice/players";
import { checkAmount } from "@croupier/contract/money";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { SelectField, TextField } from "../../components/field";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useCreateAdjustment } from "./create-adjustment";
import { money } from "./money-format";

const newKey = () => `console-${crypto.randomUUID()}`;

/**
 * "Adjust balance" on the player page: credit or debit one pocket of one wallet with a reason. The key is
 * made when the dialog opens and kept across retries of the same request, so a double click or a retry
 * after a network error can never move money twice.
 */
export function AdjustBalanceAction({ player }: { player: PlayerDetail }) {
  const wallets = player.wallets;
  const [open, setOpen] = useState(false);
  const [walletId, setWalletId] = useState(wallets[0]?.id ?? "");
  const [pocket, setPocket] = useState<"cash" | "bonus">("cash");
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [key, setKey] = useState(newKey);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const create = useCreateAdjustment(player.profile.id);
  const wallet = wallets.find((w) => w.id === walletId) ?? wallets[0];
  const serverErrors = create.isError ? fieldErrorsOf(create.error) : {};
  const errors = { ...serverErrors, ...localErrors };

  const reset = () => {
    setAmount("");
    setReason("");
    setLocalErrors({});
    setKey(newKey());
    create.reset();
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };
  // Any change of what is asked makes it a new request with a new key.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setKey(newKey());
      setLocalErrors({});
      create.reset();
    };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!wallet) return;
    const problems: Record<string, string> = {};
    const checked = checkAmount(amount.trim(), wallet.decimals);
    if (!checked.ok) problems.amount = `The amount ${checked.reason}.`;
    if (!reason.trim()) problems.reason = "A reason is required.";
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      { wallet_guid: wallet.id, pocket, direction, amount: amount.trim(), reason: reason.trim(), idempotency_key: key },
      {
        onSuccess: (result) => {
          const shown = money(result.amount, result.currency_code, result.currency_decimals);
          if (result.status === "applied")
            toast.success(`${direction === "credit" ? "Credited" : "Debited"} ${shown} (${pocket}).`);
          else toast.success(`Above the approval amount: the ${direction} of ${shown} waits for a second approver.`);
          setOpen(false);
          reset();
        },
        onError: (error) => {
          if (Object.keys(fieldErrorsOf(error)).length === 0 && !isHandled(error)) toast.error(errorMessageOf(error));
        },
      },
    );
  };

  if (wallets.length === 0) return null;
  const available = wallet ? (pocket === "cash" ? wallet.cash : wallet.bonus) : null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Adjust balance…
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Adjust balance"
        description="A manual credit or debit through the ledger, recorded with your name and reason. Large amounts wait for a second approver."
      >
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <SelectField label="Wallet" value={wallet?.id ?? ""} onChange={(e) => edit(setWalletId)(e.target.value)}>
              {wallets.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.currency}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Pocket"
              value={pocket}
              onChange={(e) => edit(setPocket)(e.target.value as "cash" | "bonus")}
            >
              <option value="cash">Cash</option>
              <option value="bonus">Bonus money</option>
            </SelectField>
            <SelectField
              label="Direction"
              value={direction}
              onChange={(e) => edit(setDirection)(e.target.value as "credit" | "debit")}
            >
              <option value="credit">Credit (add)</option>
              <option value="debit">Debit (take)</option>
            </SelectField>
          </div>
          <TextField
            label={`Amount (${wallet?.currency ?? ""})`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            maxLength={40}
            onChange={(e) => edit(setAmount)(e.target.value)}
            hint={
              wallet && available !== null
                ? `Now in ${pocket}: ${money(available, wallet.currency, wallet.decimals)}`
                : undefined
            }
            error={errors.amount}
          />
          <TextField
            label="Reason"
            name="reason"
            value={reason}
            maxLength={ADJUSTMENT_REASON_MAX}
            onChange={(e) => edit(setReason)(e.target.value)}
            error={errors.reason}
          />
          {create.isError && Object.keys(serverErrors).length > 0 && !serverErrors.amount && !serverErrors.reason ? (
            <p role="alert" className="text-sm text-red-600">
              {errorMessageOf(create.error)}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={create.isPending}>
              {direction === "credit" ? "Credit" : "Debit"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
