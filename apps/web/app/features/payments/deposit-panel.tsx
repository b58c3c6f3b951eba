import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { navigateExternal } from "../../lib/safe-external-url";
import { quickAmounts, validateAmount } from "./amount";
import { AmountField } from "./amount-field";
import { CryptoDeposit } from "./crypto-deposit";
import { startCardDeposit } from "./deposit";
import { bonusGuidToSend, defaultDepositOffer, depositOffersFor, useDepositOffers, type BonusChoice, type DepositOfferTerms } from "./deposit-bonus";
import { DepositBonusPicker } from "./deposit-bonus-picker";
import { MethodPicker } from "./method-picker";
import { methodOptions, usePaymentMethods, type MethodOption } from "./payment-methods";
import { isSuspended, type PaymentProfile, type PaymentWallet } from "./payment-types";
import { NoWalletNotice, PaymentNotice, Skeleton, SuspendedNotice, VerificationNotice } from "./payment-ui";
import { newIdempotencyKey, paymentFailure } from "./payments-api";

type Props = {
  userId: string | null;
  wallet: PaymentWallet | null;
  walletsLoading: boolean;
  profile: PaymentProfile | null | undefined;
  /** Called before leaving for another page of the app (the dialog closes itself). */
  onNavigate?: () => void;
};

/**
 * Deposit into the active wallet: the suspended-account check, the methods for the player's
 * segment or country, then a card deposit on the provider's page or a crypto address.
 */
export function DepositPanel({ userId, wallet, walletsLoading, profile, onNavigate }: Props) {
  const methods = usePaymentMethods(userId, profile);
  const options = useMemo(() => (wallet ? methodOptions(methods.data ?? [], wallet.currency_guid, "deposit") : []), [methods.data, wallet]);
  const [selected, setSelected] = useState<string | null>(null);
  const option = options.find((o) => o.method.guid === selected) ?? options[0] ?? null;
  const offersQuery = useDepositOffers(userId);
  const offers = useMemo(() => (wallet ? depositOffersFor(offersQuery.data ?? [], wallet.currency_guid) : []), [offersQuery.data, wallet]);

  if (isSuspended(profile)) return <SuspendedNotice />;
  if (walletsLoading || (wallet && methods.isPending)) return <DepositSkeleton />;
  if (!wallet) return <NoWalletNotice onNavigate={onNavigate} />;
  if (options.length === 0) {
    return (
      <PaymentNotice icon="coin" title="No payment methods available">
        There is no way to deposit {wallet.currency.code} for your country at the moment. Switch to another wallet or contact support.
      </PaymentNotice>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <MethodPicker
        label="Payment method"
        options={options}
        selected={option?.method.guid ?? null}
        onSelect={setSelected}
        code={wallet.currency.code}
        decimals={wallet.currency.decimals}
      />
      {option ? (
        option.kind === "crypto" ? (
          <CryptoDeposit key={option.method.guid} option={option} wallet={wallet} />
        ) : (
          <CardDepositForm key={option.method.guid} option={option} wallet={wallet} offers={offers} onNavigate={onNavigate} />
        )
      ) : null}
    </div>
  );
}

function CardDepositForm({ option, wallet, offers, onNavigate }: { option: MethodOption; wallet: PaymentWallet; offers: DepositOfferTerms[]; onNavigate?: () => void }) {
  const rules = { decimals: wallet.currency.decimals, min: option.currency.min_amount, max: option.currency.max_amount, code: wallet.currency.code };
  const { decimals, code } = wallet.currency;
  const quick = useMemo(
    () => quickAmounts(option.currency.quick_amounts, { decimals, code, min: option.currency.min_amount, max: option.currency.max_amount }),
    [option, decimals, code],
  );
  const [amount, setAmount] = useState(quick[0] ?? "");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ReturnType<typeof paymentFailure> | null>(null);
  const [busy, setBusy] = useState(false);
  // Untouched, the choice is the offer the player came from (the bonus hub's Deposit button adds
  // ?bonus_guid=), else the offer the server would apply anyway (shown preselected).
  const [search] = useSearchParams();
  const linkedGuid = search.get("bonus_guid");
  const linked = offers.find((o) => o.bonusGuid === linkedGuid) ?? null;
  const [bonusChoice, setBonusChoice] = useState<BonusChoice>(undefined);
  const shownBonus = bonusChoice === undefined ? ((linked ?? defaultDepositOffer(offers))?.bonusGuid ?? null) : bonusChoice;
  // Coming back with the browser's back button restores this page from the cache: unlock it.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = validateAmount(amount, rules);
    if (!check.ok) return setError(check.error);
    setError(null);
    setFailure(null);
    setBusy(true);
    try {
      const result = await startCardDeposit({
        amount: check.value,
        currencyGuid: wallet.currency_guid,
        pspGuid: option.method.payment_system_guid,
        idempotencyKey: newIdempotencyKey(),
        // What the player saw selected is what they get; with no offers at all the server decides.
        bonusGuid: offers.length > 0 ? bonusGuidToSend(shownBonus, offers) : undefined,
      });
      if (!result.redirect_url) throw new Error("the provider gave no payment page");
      onNavigate?.();
      navigateExternal(result.redirect_url, { external: true });
    } catch (caught) {
      console.warn("deposit failed", caught);
      setFailure(paymentFailure(caught));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Card deposit">
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          if (error) setError(null);
        }}
        code={wallet.currency.code}
        decimals={wallet.currency.decimals}
        min={option.currency.min_amount}
        max={option.currency.max_amount}
        quick={quick}
        error={error}
      />
      {option.method.deposit.comment ? <p className="text-xs text-mist-400">{option.method.deposit.comment}</p> : null}
      {offers.length > 0 ? (
        <DepositBonusPicker offers={offers} selected={shownBonus} onSelect={setBonusChoice} amount={amount} code={code} decimals={decimals} />
      ) : null}
      {failure?.suspended ? <SuspendedNotice /> : null}
      {failure?.verificationRequired ? <VerificationNotice message={failure.message} onNavigate={onNavigate} /> : null}
      {failure && !failure.suspended && !failure.verificationRequired && !failure.alreadyShown ? (
        <p role="alert" className="rounded-lg border border-ruby-500/40 bg-ruby-500/10 px-3 py-2 text-sm text-ruby-400">
          {failure.message}
        </p>
      ) : null}
      <button type="submit" className="btn-primary h-12 text-base" disabled={busy}>
        {busy ? "Opening the payment page…" : "Continue to payment"}
      </button>
      <p className="text-center text-xs text-mist-400">You enter your card details on the payment provider&apos;s secure page, then come back here.</p>
    </form>
  );
}

function DepositSkeleton() {
  return (
    <div className="flex flex-col gap-5" role="status" aria-label="Loading payment methods">
      <div className="grid grid-cols-2 gap-2">
        <Skeleton className="h-[3.6rem] rounded-xl" />
        <Skeleton className="h-[3.6rem] rounded-xl" />
      </div>
      <div className="grid grid-cols-4 gap-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
    </div>
  );
}
