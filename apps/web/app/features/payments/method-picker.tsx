import { cx } from "../../lib/cx";
import { formatLimit } from "./amount";
import type { MethodOption } from "./payment-methods";
import { MethodIcon } from "./payment-ui";

/** The methods as a radio group of tiles: icon, name and the limits in the wallet's currency. */
export function MethodPicker(props: { options: MethodOption[]; selected: string | null; onSelect: (guid: string) => void; code: string; decimals: number; label: string }) {
  return (
    <div role="radiogroup" aria-label={props.label} className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,13rem),1fr))] gap-2">
      {props.options.map(({ method, currency }) => {
        const checked = props.selected === method.guid;
        return (
          <button
            key={method.guid}
            type="button"
            role="radio"
            aria-checked={checked}
            onClick={() => props.onSelect(method.guid)}
            className={cx(
              "flex items-center gap-3 rounded-xl border p-3 text-left transition-colors",
              checked ? "border-gold-400 bg-gold-500/10" : "border-ink-600 bg-ink-800 hover:border-ink-500",
            )}
          >
            <MethodIcon src={method.icon} />
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-white">{method.name}</span>
              <span className="block truncate text-xs text-mist-400">
                {formatLimit(currency.min_amount, props.decimals)}–{formatLimit(currency.max_amount, props.decimals)} {props.code}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
