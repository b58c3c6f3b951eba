import { useEffect, useRef } from "react";
import { formatAmount } from "@croupier/contract/money";
import { announceDepositSettled } from "../../lib/deposit-settled";
import { useTransactionStatus } from "./deposit";
import { PaymentNotice } from "./payment-ui";

export type DepositReturn = { outcome: "success" | "declined"; transactionGuid: string | null };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The provider's page sent the player back: ?status=success|declined&transaction_guid=… (else null). */
export function depositReturnFromSearch(search: URLSearchParams): DepositReturn | null {
  const status = search.get("status");
  if (status !== "success" && status !== "declined") return null;
  const guid = search.get("transaction_guid");
  return { outcome: status, transactionGuid: guid && GUID.test(guid) ? guid : null };
}

/**
 * Back from the provider's page: the payment's status, asked until it settles. The provider
 * confirms by webhook, possibly before this page's realtime socket is up, so on success the
 * wallets are refreshed (onSettled) and the first-deposit check is announced from here too.
 */
export function DepositReturnNotice({ value, decimalsFor, onSettled, onDismiss }: { value: DepositReturn; decimalsFor: (currencyGuid: string) => { code: string; decimals: number } | null; onSettled: () => void; onDismiss: () => void }) {
  const status = useTransactionStatus(value.transactionGuid);
  const payment = status.data ?? null;
  const announced = useRef(false);
  const settled = payment?.status === "successful";
  useEffect(() => {
    if (!settled || announced.current) return;
    announced.current = true;
    onSettled();
    announceDepositSettled();
  }, [settled, onSettled]);

  const currency = payment ? decimalsFor(payment.currency_guid) : null;
  const amount = payment && currency ? `${formatAmount(payment.amount, currency.decimals)} ${currency.code}` : "Your deposit";
  const dismiss = (
    <button type="button" className="btn-ghost h-9" onClick={onDismiss}>
      Dismiss
    </button>
  );

  if (value.outcome === "declined" || payment?.status === "failed" || payment?.status === "cancelled") {
    return (
      <PaymentNotice icon="info" tone="danger" role="alert" title="The payment did not go through" action={dismiss} testId="deposit-return">
        {payment?.status === "cancelled" ? "You cancelled the payment. Nothing was charged." : "The payment was declined or cancelled, so nothing was charged. You can try again or choose another method."}
      </PaymentNotice>
    );
  }
  if (settled) {
    return (
      <PaymentNotice icon="coin" tone="success" title="Deposit credited" action={dismiss} testId="deposit-return">
        {amount} is in your wallet. Good luck!
      </PaymentNotice>
    );
  }
  if (!value.transactionGuid || status.isError || (status.isSuccess && payment === null)) {
    return (
      <PaymentNotice icon="info" title="We could not check this payment" action={dismiss} testId="deposit-return">
        Your transactions page shows its status once the provider confirms it.
      </PaymentNotice>
    );
  }
  return (
    <PaymentNotice icon="history" title="Confirming your payment…" testId="deposit-return">
      {amount} is being confirmed by the payment provider. Your balance updates as soon as it is credited.
    </PaymentNotice>
  );
}
