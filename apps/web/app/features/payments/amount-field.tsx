import { useId } from "react";
import { cx } from "../../lib/cx";
import { formatLimit } from "./amount";

/** The amount input with its quick amounts and the limits under it. */
export function AmountField(props: {
  value: string;
  onChange: (value: string) => void;
  code: string;
  decimals: number;
  min: string | null;
  max: string | null;
  quick: string[];
  error: string | null;
  label?: string;
  extraHint?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const limits = [props.min ? `Min ${formatLimit(props.min, props.decimals)} ${props.code}` : null, props.max ? `Max ${formatLimit(props.max, props.decimals)} ${props.code}` : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <div>
      {props.quick.length > 0 ? (
        <div role="group" aria-label="Quick amounts" className="mb-3 grid grid-cols-2 gap-2 xs:grid-cols-4">
          {props.quick.map((amount) => (
            <button
              key={amount}
              type="button"
              aria-pressed={props.value === amount}
              onClick={() => props.onChange(amount)}
              className={cx(
                "h-10 rounded-lg border text-sm font-semibold tabular-nums transition-colors",
                props.value === amount ? "border-gold-400 bg-gold-500/15 text-gold-300" : "border-ink-600 bg-ink-800 text-mist-100 hover:border-ink-500",
              )}
            >
              {formatLimit(amount, props.decimals)} {props.code}
            </button>
          ))}
        </div>
      ) : null}
      <label htmlFor={id} className="text-sm font-medium text-mist-300">
        {props.label ?? "Amount"}
      </label>
      <div className={cx("mt-1 flex h-12 items-center rounded-lg border bg-ink-900 pr-3 focus-within:border-gold-400", props.error ? "border-ruby-500" : "border-ink-600")}>
        <input
          id={id}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={40}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${errorId} ${hintId}` : hintId}
          className="h-full min-w-0 flex-1 bg-transparent px-3 text-lg font-semibold text-white tabular-nums outline-none"
        />
        <span className="text-sm font-semibold text-mist-400">{props.code}</span>
      </div>
      {props.error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-ruby-400">
          {props.error}
        </p>
      ) : null}
      <p id={hintId} className="mt-1.5 text-xs text-mist-400" data-testid="amount-limits">
        {[limits, props.extraHint].filter(Boolean).join(" · ")}
      </p>
    </div>
  );
}
