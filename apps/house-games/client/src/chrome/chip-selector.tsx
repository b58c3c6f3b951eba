import { useMemo } from "react";
import { formatAmount } from "@croupier/contract/money";
import type { BetLimits } from "../api/types.ts";
import { stakeLadder } from "../lib/stake.ts";

const MAX_CHIPS = 6;

/** Up to six chip values spread evenly over the game's stake list, both ends included. */
export function chipValues(bet: BetLimits): string[] {
  const ladder = stakeLadder(bet, bet.options);
  if (ladder.length <= MAX_CHIPS) return ladder;
  const picked = new Set<string>();
  for (let i = 0; i < MAX_CHIPS; i++) picked.add(ladder[Math.round((i * (ladder.length - 1)) / (MAX_CHIPS - 1))]!);
  return ladder.filter((v) => picked.has(v));
}

export function ChipSelector({ bet, value, onChange, decimals }: { bet: BetLimits; value: string; onChange: (v: string) => void; decimals: number }) {
  const chips = useMemo(() => chipValues(bet), [bet]);
  return (
    <div className="chips" role="group" aria-label="Chip value">
      {chips.map((chip) => (
        <button key={chip} type="button" className="chip-btn" aria-pressed={chip === value} aria-label={`Chip ${formatAmount(chip, decimals)}`} onClick={() => onChange(chip)}>
          {compactAmount(chip)}
        </button>
      ))}
    </div>
  );
}

/** "0.5", "10", "1K": a chip is 48 px wide. */
export function compactAmount(value: string): string {
  const n = Number(value);
  if (n >= 1000) return `${Number((n / 1000).toFixed(1))}K`;
  return String(Number(n.toFixed(4)));
}
