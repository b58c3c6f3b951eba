import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { useActivateWallet } from "./use-activate-wallet";
import { CurrencyBadge } from "./currency-badge";
import { formatWalletAmount, type WalletView } from "./wallet-state";
import { freeSpinsLabel, TRIGGER_CLASS, WalletTriggerFace } from "./wallet-trigger-face";

/** The switcher's dropdown: every wallet with its balances; choosing one makes it active. */
export default function WalletMenu({ wallets, active }: { wallets: WalletView[]; active: WalletView }) {
  const activate = useActivateWallet();
  const choose = (walletGuid: string) => {
    const wallet = wallets.find((item) => item.guid === walletGuid);
    if (!wallet || wallet.is_active) return;
    activate.mutate({ walletGuid, currencyName: wallet.currency_name });
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={TRIGGER_CLASS} data-testid="header-wallet">
        <WalletTriggerFace wallet={active} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-menu w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border border-ink-600 bg-ink-850 p-1.5 shadow-2xl"
        >
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-mist-400 uppercase">
            Your wallets
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={active.guid} onValueChange={choose}>
            {wallets.map((wallet) => (
              <DropdownMenu.RadioItem
                key={wallet.guid}
                value={wallet.guid}
                disabled={activate.isPending}
                className="flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-sm outline-none data-disabled:cursor-wait data-highlighted:bg-ink-700 data-[state=checked]:bg-ink-800"
              >
                <CurrencyBadge currency={wallet.currency} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-white">{wallet.currency_name}</span>
                  <span className="block text-xs text-mist-400">
                    Cash {formatWalletAmount(wallet.balance, wallet.currency)} · Bonus{" "}
                    {formatWalletAmount(wallet.bonus_balance, wallet.currency)}
                    {wallet.free_spin_count > 0 ? ` · ${freeSpinsLabel(wallet.free_spin_count)}` : ""}
                  </span>
                </span>
                <span className="font-semibold text-white tabular-nums">
                  {formatWalletAmount(wallet.total_balance, wallet.currency)}
                </span>
                <DropdownMenu.ItemIndicator className="text-gold-400">
                  <span className="sr-only">Active</span>
                  <svg
                    viewBox="0 0 24 24"
                    width="16"
                    height="16"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.2"
                    aria-hidden="true"
                  >
                    <path d="M5 12.5l4.5 4.5L19 7.5" />
                  </svg>
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1.5 h-px bg-ink-700" />
          <DropdownMenu.Item
            asChild
            className="flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-mist-100 outline-none data-highlighted:bg-ink-700"
          >
            <Link to="/account/wallets/balance">
              <Icon name="wallet" width={16} height={16} />
              Manage wallets
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
