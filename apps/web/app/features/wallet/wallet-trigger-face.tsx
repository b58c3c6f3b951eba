import { Icon } from "../../components/icons";
import { CurrencyBadge } from "./currency-badge";
import { formatWalletAmount, type WalletView } from "./wallet-state";

/** What the header shows for the active wallet: currency, total balance and the currency's name. */
export function WalletTriggerFace({ wallet }: { wallet: WalletView }) {
  return (
    <>
      <CurrencyBadge currency={wallet.currency} />
      <span className="sr-only">Active wallet:</span>
      <span className="font-semibold text-white tabular-nums" data-testid="header-wallet-total">
        {formatWalletAmount(wallet.total_balance, wallet.currency)}
      </span>
      <span className="text-mist-300 max-sm:sr-only" data-testid="header-wallet-currency">
        {wallet.currency_name}
      </span>
      <Icon name="chevron" width={14} height={14} className="rotate-90 text-mist-400 max-sm:hidden" />
    </>
  );
}

export const TRIGGER_CLASS = "btn-ghost max-w-[16rem] gap-2 px-3 max-sm:px-2";
