import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon, type IconName } from "../../components/icons";
import { cx } from "../../lib/cx";
import type { PaymentStatus } from "@croupier/contract/entities/payment";
import { statusLabel, type HistoryType } from "./history-filters";
import { SUSPENDED_MESSAGE, SUSPENDED_TITLE } from "./payment-types";

/** A boxed message with an icon: suspended account, verification needed, a result. */
export function PaymentNotice(props: { icon: IconName; title: string; tone?: "info" | "danger" | "success"; role?: "alert" | "status"; children?: ReactNode; action?: ReactNode; testId?: string }) {
  const tone = props.tone ?? "info";
  return (
    <div
      role={props.role ?? "status"}
      data-testid={props.testId}
      className={cx(
        "flex gap-4 rounded-2xl border p-5",
        tone === "danger" && "border-ruby-500/40 bg-ruby-500/10",
        tone === "success" && "border-felt-400/40 bg-felt-600/10",
        tone === "info" && "border-ink-600 bg-ink-850",
      )}
    >
      <span
        className={cx(
          "grid size-10 shrink-0 place-items-center rounded-xl",
          tone === "danger" ? "bg-ruby-500/15 text-ruby-400" : tone === "success" ? "bg-felt-600/20 text-felt-400" : "bg-ink-700 text-gold-400",
        )}
      >
        <Icon name={props.icon} width={22} height={22} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-white">{props.title}</p>
        {props.children ? <div className="mt-1 text-sm text-mist-300">{props.children}</div> : null}
        {props.action ? <div className="mt-3 flex flex-wrap gap-2">{props.action}</div> : null}
      </div>
    </div>
  );
}

export function SuspendedNotice() {
  return (
    <PaymentNotice icon="shield" tone="danger" role="alert" title={SUSPENDED_TITLE} testId="payments-suspended">
      {SUSPENDED_MESSAGE}
    </PaymentNotice>
  );
}

export function VerificationNotice({ message, onNavigate }: { message: string; onNavigate?: () => void }) {
  return (
    <PaymentNotice
      icon="user"
      tone="danger"
      role="alert"
      title="Identity verification required"
      action={
        <Link to="/account/user-info/verification" className="btn-primary" onClick={onNavigate}>
          Verify my identity
        </Link>
      }
    >
      {message}
    </PaymentNotice>
  );
}

export function NoWalletNotice({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <PaymentNotice
      icon="wallet"
      title="You need an active wallet"
      action={
        <Link to="/account/wallets/balance?add_wallet" className="btn-primary" onClick={onNavigate}>
          Add a wallet
        </Link>
      }
    >
      Payments go to and from your active wallet. Add a wallet in the currency you want to use.
    </PaymentNotice>
  );
}

const BADGE: Record<PaymentStatus, string> = {
  pending: "border-gold-500/40 bg-gold-500/10 text-gold-300",
  successful: "border-felt-400/40 bg-felt-600/15 text-felt-400",
  failed: "border-ruby-500/40 bg-ruby-500/10 text-ruby-400",
  cancelled: "border-ink-500 bg-ink-700 text-mist-300",
};

export function StatusBadge({ type, status }: { type: HistoryType; status: PaymentStatus }) {
  return (
    <span data-testid="payment-status" data-status={status} className={cx("inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", BADGE[status])}>
      {status === "pending" ? <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-current" /> : null}
      {statusLabel(type, status)}
    </span>
  );
}

/** The method's icon from the server (a same-origin image), else a neutral one. */
export function MethodIcon({ src, className }: { src: string | null; className?: string }) {
  if (!src) return <Icon name="coin" width={28} height={28} className={cx("text-gold-400", className)} />;
  return <img src={src} alt="" width={40} height={28} loading="lazy" decoding="async" className={cx("h-7 w-10 object-contain", className)} />;
}

export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cx("block animate-pulse rounded-lg bg-ink-700/70", className)} />;
}

/** A copy-to-clipboard button that says so for a moment. */
export function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  );
}
