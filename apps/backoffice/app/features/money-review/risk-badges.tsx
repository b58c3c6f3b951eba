import type { WithdrawalRiskSignals } from "@croupier/contract/backoffice/money-review";
import { cx } from "../../lib/cx";

const FLAG_LABELS: Record<string, { label: string; title: string }> = {
  unverified: { label: "Unverified", title: "The player's identity is not verified." },
  withdrawing_more_than_deposited: {
    label: "Out > in",
    title: "With this one, the player's withdrawals exceed their deposits in this currency.",
  },
  recent_password_change: { label: "New password", title: "The password changed in the last 14 days." },
  recent_email_change: { label: "New email", title: "The email address changed in the last 14 days." },
  shared_payout_destination: {
    label: "Shared card/address",
    title: "Another player saved the same card or used the same payout address.",
  },
  unusual_win_rate: {
    label: "Win rate",
    title: "Wins over the last 30 days are far above the stakes (above any game's RTP).",
  },
};

/** The row's risk flags as small badges (each with its meaning as a title), or a calm "No flags". */
export function RiskBadges({ risk, className }: { risk: WithdrawalRiskSignals; className?: string }) {
  if (risk.flags.length === 0) return <span className={cx("text-xs text-emerald-700", className)}>No flags</span>;
  return (
    <ul aria-label="Risk signals" className={cx("flex flex-wrap gap-1", className)}>
      {risk.flags.map((flag) => {
        const known = FLAG_LABELS[flag] ?? { label: flag, title: flag };
        return (
          <li
            key={flag}
            title={known.title}
            className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900"
          >
            {known.label}
          </li>
        );
      })}
    </ul>
  );
}

export const riskFlagTitle = (flag: string) => FLAG_LABELS[flag]?.title ?? flag;
