import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { ACCOUNT_MENU_TRIGGER_CLASS } from "./account-menu-trigger";

const ITEM_CLASS =
  "flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-sm text-mist-100 outline-none data-disabled:cursor-wait data-highlighted:bg-ink-700";

/** The phone header's account menu: who is logged in, the account pages and logout. */
export default function AccountMenu({ name, busy, onLogout }: { name: string; busy: boolean; onLogout: () => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={ACCOUNT_MENU_TRIGGER_CLASS}
        aria-label="Account menu"
        data-testid="header-account-menu"
      >
        <Icon name="user" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-menu w-[min(16rem,calc(100vw-1.5rem))] rounded-xl border border-ink-600 bg-ink-850 p-1.5 shadow-2xl"
        >
          <DropdownMenu.Label className="truncate px-2.5 pt-1.5 pb-1 text-xs font-semibold text-mist-400">
            {name}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to="/account/dashboard">
              <Icon name="user" className="text-mist-400" />
              My account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-ink-700" />
          <DropdownMenu.Item className={ITEM_CLASS} disabled={busy} onSelect={onLogout}>
            <Icon name="back" className="text-mist-400" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
