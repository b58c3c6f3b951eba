import { useMemo } from "react";
import { formatAmount } from "@croupier/contract/money";
import type { BetLimits } from "../api/types.ts";
import { stakeLadder, stepStake } from "../lib/stake.ts";

export function useStakeLadder(bet: BetLimits): string[] {
  return useMemo(() => stakeLadder(bet, bet.options), [bet]);
}

/** − stake + within the game's limits; the ladder is the game's stake list. */
export function StakeSelector({
  bet,
  value,
  onChange,
  disabled,
  decimals,
  label = "Stake",
}: {
  bet: BetLimits;
  value: string;
  onChange: (stake: string) => void;
  disabled?: boolean;
  decimals: number;
  label?: string;
}) {
  const ladder = useStakeLadder(bet);
  const down = stepStake(value, -1, ladder);
  const up = stepStake(value, 1, ladder);
  return (
    <div className="stake" role="group" aria-label={label}>
      <button type="button" className="icon-btn" aria-label={`Lower ${label.toLowerCase()}`} disabled={disabled || down === value} onClick={() => onChange(down)}>
        −
      </button>
      <output aria-live="polite" aria-label={label}>
        {formatAmount(value, decimals)}
      </output>
      <button type="button" className="icon-btn" aria-label={`Raise ${label.toLowerCase()}`} disabled={disabled || up === value} onClick={() => onChange(up)}>
        +
      </button>
    </div>
  );
}
