import type { Payment } from "@croupier/contract/entities/payment";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatAmount } from "@croupier/contract/money";
import { toSafeExternalUrl } from "../../lib/safe-external-url";
import { toastError, toastSuccess } from "../../lib/toasts";
import { StatusBadge, Skeleton } from "./payment-ui";
import { newIdempotencyKey, paymentFailure } from "./payments-api";
import { paymentsRootKey } from "./payments-list";
import { cancelPayment } from "./withdrawal";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export type CurrencyLookup = (currencyGuid: string) => { code: string; decimals: number } | null;

/** Where the money went or came from: "Visa •••• 4242", "BTC · bc1q…9xk", else the method's name. */
export function paymentDestination(
  payment: Pick<Payment, "external_provider_data" | "project_method_name" | "payment_system_method_name">,
): string {
  const data = payment.external_provider_data;
  const method = payment.project_method_name ?? payment.payment_system_method_name;
  if (typeof data.card_number === "string") return `${method} •••• ${data.card_number.slice(-4)}`;
  if (typeof data.address === "string") {
    const a = data.address;
    const short = a.length > 16 ? `${a.slice(0, 8)}…${a.slice(-6)}` : a;
    return `${typeof data.network === "string" ? `${data.network} · ` : ""}${short}`;
  }
  return method;
}

/** A pending card deposit's provider page, to finish paying (null when there is none or it is unsafe). */
export function continueUrl(
  payment: Pick<Payment, "transaction_type" | "status" | "external_provider_data">,
  base: string,
): string | null {
  const target = payment.external_provider_data.redirect_url;
  if (payment.transaction_type !== "deposit" || payment.status !== "pending" || typeof target !== "string") return null;
  try {
    const url = toSafeExternalUrl(target, { external: true }, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Deposits and withdrawals as rows; a payment the server marks can_cancel can be cancelled from its row. */
export function PaymentList({
  payments,
  currencyOf,
  onCancelled,
  label,
}: {
  payments: Payment[];
  currencyOf: CurrencyLookup;
  onCancelled?: () => void;
  label: string;
}) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-ink-700 overflow-hidden rounded-2xl border border-ink-700 bg-ink-900"
    >
      {payments.map((payment) => (
        <PaymentRow
          key={payment.guid}
          payment={payment}
          currency={currencyOf(payment.currency_guid)}
          onCancelled={onCancelled}
        />
      ))}
    </ul>
  );
}

function PaymentRow({
  payment,
  currency,
  onCancelled,
}: {
  payment: Payment;
  currency: { code: string; decimals: number } | null;
  onCancelled?: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const deposit = payment.transaction_type === "deposit";
  const amount = `${deposit ? "+" : "−"}${formatAmount(payment.amount, currency?.decimals ?? 2)}${currency ? ` ${currency.code}` : ""}`;
  // The server decides (pending withdrawal, and the jurisdiction lets this player cancel).
  const cancellable = payment.can_cancel && onCancelled !== undefined;
  const resume = typeof window === "undefined" ? null : continueUrl(payment, window.location.href);

  const cancel = async () => {
    setBusy(true);
    try {
      await cancelPayment(payment.guid, newIdempotencyKey());
      toastSuccess("Withdrawal cancelled. The money is back in your wallet.");
      onCancelled?.();
    } catch (caught) {
      const failure = paymentFailure(caught);
      if (!failure.alreadyShown) toastError(failure.message);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: paymentsRootKey });
    }
  };

  return (
    <li
      data-testid="payment-row"
      data-type={payment.transaction_type}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-white">
          {deposit ? "Deposit" : "Withdrawal"}
          <span className="font-normal text-mist-400"> · {paymentDestination(payment)}</span>
        </p>
        <p className="text-xs text-mist-400">
          <time dateTime={payment.created_at}>{dateTime.format(new Date(payment.created_at))}</time>
        </p>
      </div>
      <p
        className={`text-sm font-semibold tabular-nums ${deposit && payment.status === "successful" ? "text-felt-400" : payment.status === "successful" || payment.status === "pending" ? "text-mist-100" : "text-mist-400 line-through"}`}
      >
        {amount}
      </p>
      <StatusBadge type={payment.transaction_type} status={payment.status} />
      {resume ? (
        <a href={resume} className="btn-ghost h-8 px-3 text-xs">
          Continue payment
        </a>
      ) : null}
      {cancellable ? (
        <button type="button" className="btn-ghost h-8 px-3 text-xs" disabled={busy} onClick={() => void cancel()}>
          {busy ? "Cancelling…" : "Cancel"}
        </button>
      ) : null}
    </li>
  );
}

export function PaymentListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading transactions"
      className="divide-y divide-ink-700 overflow-hidden rounded-2xl border border-ink-700 bg-ink-900"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 px-4 py-3.5">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-3 w-28" />
          </div>
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}
