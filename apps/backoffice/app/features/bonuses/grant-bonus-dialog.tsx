import { BONUS_COMMENT_MAX } from "@croupier/contract/backoffice/bonuses";
import type { PlayerWallet } from "@croupier/contract/backoffice/players";
import { checkAmount } from "@croupier/contract/money";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { SelectField, TextField } from "../../components/field";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { TYPE_LABELS } from "./campaign-form";
import { CAMPAIGN_STATUS_LABELS } from "./campaign-status-badge";
import { TextAreaField } from "./form-controls";
import { useGrantPlayerBonus } from "./grant-player-bonus";
import { useGrantableCampaigns } from "./list-grantable-campaigns";

const newKey = () => `console-bonus-${crypto.randomUUID()}`;
const COMMENT_MIN = 3;

/**
 * "Grant bonus" on the player's Bonuses tab: a campaign, a currency, an amount for fixed-amount offers
 * (empty: the campaign's), and a required comment. The idempotency key is made once per opening of the
 * dialog, so a double click or a retry after a lost answer grants once.
 */
export function GrantBonusDialog({
  playerId,
  wallets,
  onClose,
}: {
  playerId: string;
  wallets: readonly PlayerWallet[];
  onClose: () => void;
}) {
  const campaigns = useGrantableCampaigns(true);
  const grant = useGrantPlayerBonus(playerId);
  const [key] = useState(newKey);
  const [bonusGuid, setBonusGuid] = useState("");
  const [currency, setCurrency] = useState("");
  const [amount, setAmount] = useState("");
  const [comment, setComment] = useState("");
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const serverErrors = grant.isError ? fieldErrorsOf(grant.error) : {};
  const errors = { ...serverErrors, ...localErrors };

  const campaign = campaigns.data?.find((c) => c.bonus_guid === bonusGuid);
  const currencies = campaign?.currencies ?? [];
  const walletCurrencies = new Set(wallets.map((w) => w.currency));
  const shownCurrency = currencies.includes(currency)
    ? currency
    : (currencies.find((c) => walletCurrencies.has(c)) ?? currencies[0] ?? "");
  const wallet = wallets.find((w) => w.currency === shownCurrency);
  // Types whose grant takes an amount: a fixed amount or coin bonus may override it, a cashback must name it.
  const fixed = campaign?.bonus_type === "fixed_amount" || campaign?.bonus_type === "coin";
  const needsAmount = campaign?.bonus_type === "cashback";
  const takesAmount = fixed || needsAmount;
  const edited = () => {
    setLocalErrors({});
    if (grant.isError) grant.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!campaign) problems.bonus_guid = "Choose a campaign.";
    if (!shownCurrency) problems.currency = "Choose a currency.";
    if (needsAmount && !amount.trim()) problems.amount = "A cashback grant needs its amount.";
    else if (takesAmount && amount.trim()) {
      const checked = checkAmount(amount.trim(), wallet?.decimals ?? 18);
      if (!checked.ok) problems.amount = `The amount ${checked.reason}.`;
    }
    const note = comment.trim();
    if (note.length < COMMENT_MIN) problems.comment = "A comment of at least 3 characters is required: why this grant.";
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0 || !campaign) return;
    grant.mutate(
      {
        bonus_guid: campaign.bonus_guid,
        currency: shownCurrency,
        ...(takesAmount && amount.trim() ? { amount: amount.trim() } : {}),
        comment: note,
        idempotency_key: key,
      },
      {
        onSuccess: (result) => {
          const status = result.customer_bonus.status === "active" ? "active" : "offered to the player";
          toast.success(
            result.status === "duplicate"
              ? "This grant was already made: nothing was added."
              : `“${result.customer_bonus.bonus_name}” granted (${status}).`,
          );
          onClose();
        },
      },
    );
  };

  const fieldShown = ["bonus_guid", "currency", "amount", "comment"].some((k) => serverErrors[k]);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Grant a bonus"
      description="The player receives it as an offer, or active at once when the campaign activates automatically. Recorded with your name and comment."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {campaigns.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            Loading campaigns…
          </p>
        ) : campaigns.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(campaigns.error)}
          </p>
        ) : campaigns.data.length === 0 ? (
          <p className="text-sm text-slate-600">
            No campaign can be granted by hand: create a manual or active campaign first.
          </p>
        ) : (
          <SelectField
            label="Campaign"
            value={bonusGuid}
            onChange={(e) => {
              setBonusGuid(e.target.value);
              setCurrency("");
              setAmount("");
              edited();
            }}
            error={errors.bonus_guid}
          >
            <option value="">Choose…</option>
            {campaigns.data.map((c) => (
              <option key={c.bonus_guid} value={c.bonus_guid}>
                {c.bonus_name} ({TYPE_LABELS[c.bonus_type]}, {CAMPAIGN_STATUS_LABELS[c.status].toLowerCase()})
              </option>
            ))}
          </SelectField>
        )}
        {campaign ? (
          <SelectField
            label="Currency"
            value={shownCurrency}
            onChange={(e) => {
              setCurrency(e.target.value);
              edited();
            }}
            error={errors.currency}
            hint={
              shownCurrency && !walletCurrencies.has(shownCurrency)
                ? `The player has no ${shownCurrency} wallet yet.`
                : undefined
            }
          >
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </SelectField>
        ) : null}
        {takesAmount ? (
          <TextField
            label={needsAmount ? `Amount (${shownCurrency})` : `Amount (${shownCurrency}, optional)`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            maxLength={40}
            onChange={(e) => {
              setAmount(e.target.value);
              edited();
            }}
            error={errors.amount}
            hint={
              needsAmount ? "The cashback to pay, in this currency." : "Empty: the campaign's amount for this currency."
            }
          />
        ) : null}
        <TextAreaField
          label="Comment"
          value={comment}
          maxLength={BONUS_COMMENT_MAX}
          onChange={(e) => {
            setComment(e.target.value);
            edited();
          }}
          error={errors.comment}
          hint="Why this grant; kept with the bonus and in the audit log."
          required
        />
        {grant.isError && !isHandled(grant.error) && !fieldShown ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(grant.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={grant.isPending} disabled={!campaigns.data?.length}>
            Grant
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
