import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import type { BillingCard } from "@croupier/contract/entities/card";
import { formatAmount } from "@croupier/contract/money";
import { toastSuccess } from "../../lib/toasts";
import { cx } from "../../lib/cx";
import { formatLimit, validateAmount } from "./amount";
import { AmountField } from "./amount-field";
import { MethodPicker } from "./method-picker";
import { methodOptions, usePaymentMethods, type MethodOption } from "./payment-methods";
import { isSuspended, type PaymentProfile, type PaymentWallet } from "./payment-types";
import { NoWalletNotice, PaymentNotice, Skeleton, SuspendedNotice, VerificationNotice } from "./payment-ui";
import { newIdempotencyKey, paymentFailure, type PaymentFailure } from "./payments-api";
import { paymentsRootKey } from "./payments-list";
import { useRecentAddresses } from "./recent-addresses";
import { AddCardForm } from "./add-card-form";
import { SavedCardPicker } from "./saved-card-picker";
import { cardLabel, savedCardsQueryOptions, useSavedCards } from "./saved-cards";
import { requestWithdrawal } from "./withdrawal";

type Props = {
  userId: string | null;
  wallet: PaymentWallet | null;
  walletsLoading: boolean;
  profile: PaymentProfile | null | undefined;
  /** After a request: the wallet's cash changed. */
  onRequested: () => void;
};

/** Withdraw cash from the active wallet to a saved card or a crypto address. */
export function WithdrawPanel({ userId, wallet, walletsLoading, profile, onRequested }: Props) {
  const methods = usePaymentMethods(userId, profile);
  const options = useMemo(
    () => (wallet ? methodOptions(methods.data ?? [], wallet.currency_guid, "withdrawal") : []),
    [methods.data, wallet],
  );
  const [selected, setSelected] = useState<string | null>(null);
  const option = options.find((o) => o.method.guid === selected) ?? options[0] ?? null;

  if (isSuspended(profile)) return <SuspendedNotice />;
  if (walletsLoading || (wallet && methods.isPending)) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-label="Loading withdrawal methods">
        <Skeleton className="h-[3.6rem] w-1/2 rounded-xl" />
        <Skeleton className="h-24" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (!wallet) return <NoWalletNotice />;
  if (options.length === 0) {
    return (
      <PaymentNotice icon="coin" title="No withdrawal methods available">
        There is no way to withdraw {wallet.currency.code} for your country at the moment. Please contact support.
      </PaymentNotice>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <MethodPicker
        label="Withdrawal method"
        options={options}
        selected={option?.method.guid ?? null}
        onSelect={setSelected}
        code={wallet.currency.code}
        decimals={wallet.currency.decimals}
      />
      {option ? (
        <WithdrawForm
          key={option.method.guid}
          userId={userId}
          option={option}
          wallet={wallet}
          onRequested={onRequested}
        />
      ) : null}
    </div>
  );
}

const field =
  "mt-1 h-11 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 text-sm text-white focus:border-gold-400 focus:outline-none";

function WithdrawForm({
  userId,
  option,
  wallet,
  onRequested,
}: {
  userId: string | null;
  option: MethodOption;
  wallet: PaymentWallet;
  onRequested: () => void;
}) {
  const queryClient = useQueryClient();
  const required = option.method.withdrawal.required_params;
  const needsCard = required.includes("card_guid");
  const needsAddress = required.includes("external_account");
  const cards = useSavedCards(needsCard ? userId : null);
  const addresses = useRecentAddresses(userId, needsAddress);
  const networks = option.currency.networks;
  const { code, decimals } = wallet.currency;

  const [amount, setAmount] = useState("");
  const [cardGuid, setCardGuid] = useState<string | null>(null);
  const [network, setNetwork] = useState(networks[0]?.code ?? "");
  const [address, setAddress] = useState("");
  const [tag, setTag] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; card?: string; address?: string; tag?: string; forfeit?: string }>({});
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [addingCard, setAddingCard] = useState(false);
  // An active bonus (or the server saying so): the player confirms that withdrawing forfeits it.
  const [forfeitAsked, setForfeitAsked] = useState(false);
  const [forfeitConfirmed, setForfeitConfirmed] = useState(false);
  const hasActiveBonus = Boolean(wallet.customer_bonus_guid) || forfeitAsked;

  const cardList = cards.data ?? [];
  const chosenCard = cardList.find((c) => c.guid === cardGuid) ?? cardList[0] ?? null;
  const chosenNetwork = networks.find((n) => n.code === network) ?? null;
  const known = (addresses.data ?? []).filter((a) => a.currency_guid === wallet.currency_guid);
  const rules = {
    decimals,
    code,
    min: option.currency.min_amount,
    max: option.currency.max_amount,
    available: wallet.balance,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = validateAmount(amount, rules);
    const next: typeof errors = {};
    if (!check.ok) next.amount = check.error;
    if (needsCard && !chosenCard) next.card = "Choose a saved card.";
    const trimmed = address.trim();
    if (needsAddress && !/^[A-Za-z0-9]{10,128}$/.test(trimmed))
      next.address = "Enter the address you want the money sent to.";
    if (needsAddress && chosenNetwork?.requires_destination_tag && !/^\d{1,10}$/.test(tag.trim()))
      next.tag = "This network needs a destination tag (digits only).";
    if (hasActiveBonus && !forfeitConfirmed) next.forfeit = "Confirm that withdrawing cancels your bonus, or keep playing it first.";
    setErrors(next);
    if (!check.ok || Object.keys(next).length > 0) return;
    setFailure(null);
    setBusy(true);
    try {
      await requestWithdrawal({
        amount: check.value,
        walletGuid: wallet.guid,
        pspGuid: option.method.payment_system_guid,
        cardGuid: needsCard ? chosenCard?.guid : undefined,
        externalAccount: needsAddress ? trimmed : undefined,
        network: needsAddress ? chosenNetwork?.code : undefined,
        destinationTag: needsAddress && tag.trim() ? tag.trim() : undefined,
        forfeitBonus: hasActiveBonus && forfeitConfirmed,
        idempotencyKey: newIdempotencyKey(),
      });
      toastSuccess(
        `Withdrawal of ${formatAmount(check.value, decimals)} ${code} requested. It is pending until the provider pays it out.`,
      );
      setAmount("");
      onRequested();
      void queryClient.invalidateQueries({ queryKey: paymentsRootKey });
    } catch (caught) {
      console.warn("withdrawal failed", caught);
      const failed = paymentFailure(caught);
      // The bonus started after this page loaded: ask for the confirmation instead of only showing the refusal.
      if (failed.bonusForfeitNeeded) setForfeitAsked(true);
      setFailure(failed);
    } finally {
      setBusy(false);
    }
  };

  const cardsKey = savedCardsQueryOptions(userId).queryKey;
  const cardAdded = (card: BillingCard) => {
    queryClient.setQueryData(cardsKey, (old: BillingCard[] | undefined) => [
      ...(old ?? []).filter((c) => c.guid !== card.guid),
      card,
    ]);
    void queryClient.invalidateQueries({ queryKey: cardsKey });
    setCardGuid(card.guid);
    setAddingCard(false);
    setErrors((e) => ({ ...e, card: undefined }));
    toastSuccess(`${cardLabel(card)} saved.`);
  };
  const cardRemoved = (guid: string) => {
    queryClient.setQueryData(cardsKey, (old: BillingCard[] | undefined) => (old ?? []).filter((c) => c.guid !== guid));
    void queryClient.invalidateQueries({ queryKey: cardsKey });
    if (cardGuid === guid) setCardGuid(null);
  };

  if (needsCard && cards.isPending) return <Skeleton className="h-24" />;
  if (needsCard && cardList.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <PaymentNotice icon="wallet" title="No saved card yet">
          Card withdrawals are paid to a card in your name. Add one below, or tick &ldquo;Save this card&rdquo; on the
          payment page when you deposit.
        </PaymentNotice>
        <AddCardForm onAdded={cardAdded} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {needsCard ? (
        <>
          <SavedCardPicker
            cards={cardList}
            chosen={chosenCard?.guid ?? null}
            onChoose={setCardGuid}
            onRemoved={cardRemoved}
            error={errors.card}
          />
          {addingCard ? (
            <AddCardForm onAdded={cardAdded} onCancel={() => setAddingCard(false)} />
          ) : (
            <button type="button" className="btn-ghost self-start" onClick={() => setAddingCard(true)}>
              Add a card
            </button>
          )}
        </>
      ) : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Withdrawal">
        {needsAddress ? (
          <>
            {networks.length > 1 ? (
              <label className="text-sm font-medium text-mist-300">
                Network
                <select className={field} value={network} onChange={(e) => setNetwork(e.target.value)}>
                  {networks.map((n) => (
                    <option key={n.code} value={n.code}>
                      {n.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <label className="text-sm font-medium text-mist-300">
              {code} address{chosenNetwork ? ` on ${chosenNetwork.name}` : ""}
              <input
                className={cx(field, "font-mono")}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                maxLength={128}
                autoComplete="off"
                spellCheck={false}
                list="withdraw-addresses"
                aria-invalid={errors.address ? true : undefined}
              />
              <datalist id="withdraw-addresses">
                {known
                  .filter((a) => a.network === network)
                  .map((a) => (
                    <option key={a.address} value={a.address} />
                  ))}
              </datalist>
            </label>
            {errors.address ? (
              <p role="alert" className="-mt-2 text-sm text-ruby-400">
                {errors.address}
              </p>
            ) : null}
            {chosenNetwork?.requires_destination_tag ? (
              <>
                <label className="text-sm font-medium text-mist-300">
                  Destination tag
                  <input
                    className={field}
                    value={tag}
                    onChange={(e) => setTag(e.target.value)}
                    inputMode="numeric"
                    maxLength={10}
                    aria-invalid={errors.tag ? true : undefined}
                  />
                </label>
                {errors.tag ? (
                  <p role="alert" className="-mt-2 text-sm text-ruby-400">
                    {errors.tag}
                  </p>
                ) : null}
              </>
            ) : null}
          </>
        ) : null}

        <AmountField
          value={amount}
          onChange={(value) => {
            setAmount(value);
            if (errors.amount) setErrors((e) => ({ ...e, amount: undefined }));
          }}
          code={code}
          decimals={decimals}
          min={option.currency.min_amount}
          max={option.currency.max_amount}
          quick={[]}
          error={errors.amount ?? null}
          extraHint={`Cash available ${formatLimit(wallet.balance, decimals)} ${code}`}
        />
        {wallet.bonus_balance && /[1-9]/.test(wallet.bonus_balance) ? (
          <p className="-mt-2 text-xs text-mist-400">
            Bonus money ({formatAmount(wallet.bonus_balance, decimals)} {code}) cannot be withdrawn.
          </p>
        ) : null}
        {option.method.withdrawal.comment ? (
          <p className="text-xs text-mist-400">{option.method.withdrawal.comment}</p>
        ) : null}
        {hasActiveBonus ? (
          <div className="rounded-lg border border-gold-500/40 bg-gold-500/10 px-3 py-2 text-sm text-gold-300" data-testid="bonus-forfeit">
            <p className="font-semibold">You have an active bonus.</p>
            <p className="mt-1 text-mist-200">Withdrawing now cancels it: its bonus money and any winnings from it are forfeited.</p>
            <label className="mt-2 flex items-start gap-2 text-mist-100">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={forfeitConfirmed}
                onChange={(e) => {
                  setForfeitConfirmed(e.target.checked);
                  if (errors.forfeit) setErrors((x) => ({ ...x, forfeit: undefined }));
                }}
                aria-invalid={errors.forfeit ? true : undefined}
              />
              <span>I understand: cancel my bonus and withdraw</span>
            </label>
            {errors.forfeit ? (
              <p role="alert" className="mt-1 text-ruby-400">
                {errors.forfeit}
              </p>
            ) : null}
          </div>
        ) : null}
        {failure?.suspended ? <SuspendedNotice /> : null}
        {failure?.verificationRequired ? <VerificationNotice message={failure.message} /> : null}
        {failure && !failure.suspended && !failure.verificationRequired && !failure.alreadyShown ? (
          <p
            role="alert"
            className="rounded-lg border border-ruby-500/40 bg-ruby-500/10 px-3 py-2 text-sm text-ruby-400"
          >
            {failure.message}
          </p>
        ) : null}
        <button type="submit" className="btn-primary h-12 text-base" disabled={busy}>
          {busy ? "Requesting…" : "Request withdrawal"}
        </button>
      </form>
    </div>
  );
}
