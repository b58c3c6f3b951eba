import type { Currency } from "@croupier/contract/entities/currency";
import { cx } from "../../lib/cx";

/** The currency's icon when the dictionary has one, otherwise its symbol in a coin. */
export function CurrencyBadge({
  currency,
  className,
}: {
  currency: Pick<Currency, "icon" | "symbol" | "code">;
  className?: string;
}) {
  if (currency.icon) {
    return (
      <img
        src={currency.icon}
        alt=""
        width={24}
        height={24}
        className={cx("size-6 shrink-0 rounded-full", className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        "grid size-6 shrink-0 place-items-center rounded-full bg-gold-400/15 text-xs font-bold text-gold-400",
        className,
      )}
    >
      {currency.symbol || currency.code.slice(0, 1)}
    </span>
  );
}
