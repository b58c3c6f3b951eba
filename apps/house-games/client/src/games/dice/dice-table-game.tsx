import { useMemo, useState } from "react";
import { addAmounts, compareAmounts, formatAmount, isZeroAmount, sumAmounts } from "@croupier/contract/money";
import type { DiceTableDefinition, DiceTableOutcome } from "../../api/types.ts";
import { ChipSelector, chipValues, compactAmount } from "../../chrome/chip-selector.tsx";
import { Shell, decimalsFor } from "../../chrome/shell.tsx";
import { sleep, usePrefersReducedMotion, useSpaceKey } from "../../lib/hooks.ts";
import { useGame } from "../../session/game-session.tsx";

const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function DiceFaces({ dice, sides }: { dice: number[]; sides: number }) {
  return (
    <span aria-label={`Dice ${dice.join(", ")}`} style={{ fontSize: "2.6rem", letterSpacing: 6 }}>
      {dice.map((d, i) => (
        <span key={i} aria-hidden="true">
          {sides === 6 ? FACES[d - 1] : `[${d}]`}
        </span>
      ))}
    </span>
  );
}

/** Chips on named bets (small, big, totals…): shared by the dice table and the live dice table. */
export function DiceBetGrid({
  def,
  bets,
  disabled,
  winners,
  onPlace,
}: {
  def: DiceTableDefinition;
  bets: ReadonlyMap<string, string>;
  disabled: boolean;
  winners: ReadonlySet<string>;
  onPlace: (type: string) => void;
}) {
  return (
    <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(110px, 1fr))", gap: 6 }} className="board">
      {def.bet_types.map((b) => {
        const amount = bets.get(b.type);
        return (
          <button
            key={b.type}
            type="button"
            className={`bcell outside${winners.has(b.type) ? " win" : ""}`}
            style={{ minHeight: 56, padding: 4 }}
            disabled={disabled}
            onClick={() => onPlace(b.type)}
            aria-label={`${b.label}${b.payout ? `, pays ${b.payout} to 1` : ""}${amount ? `, ${amount} placed` : ""}`}
          >
            <span>
              {b.label}
              {b.payout && (
                <>
                  <br />
                  <small className="muted">{b.payout}:1</small>
                </>
              )}
            </span>
            {amount && <span className="chip" style={{ right: 4, top: 4 }}>{compactAmount(amount)}</span>}
          </button>
        );
      })}
    </div>
  );
}

export function DiceTableGame() {
  const game = useGame();
  const def = game.definition.dice_table as DiceTableDefinition;
  const decimals = decimalsFor(game.session.currency);
  const reduced = usePrefersReducedMotion();
  const [chip, setChip] = useState(() => chipValues(game.definition.bet)[0] ?? game.definition.bet.min);
  const [bets, setBets] = useState<Map<string, string>>(new Map());
  const [rolling, setRolling] = useState(false);
  const [result, setResult] = useState<{ outcome: DiceTableOutcome; win: string } | null>(null);
  const total = useMemo(() => sumAmounts([...bets.values()]), [bets]);
  const blocked = game.error?.fatal ?? false;
  const canRoll = !rolling && !game.busy && !blocked && bets.size > 0;
  const winners = useMemo(() => new Set(result?.outcome.bets.filter((b) => !isZeroAmount(b.win)).map((b) => b.type) ?? []), [result]);

  function place(type: string) {
    if (compareAmounts(addAmounts(total, chip), game.definition.bet.max) > 0) {
      game.showError({ code: "BET_LIMIT_EXCEEDED", message: `The table maximum is ${game.definition.bet.max} per roll.` });
      return;
    }
    setResult(null);
    setBets((b) => new Map(b).set(type, addAmounts(b.get(type) ?? "0", chip)));
    game.sound("chip");
  }

  async function roll() {
    if (!canRoll) return;
    if (compareAmounts(total, game.balance) > 0) {
      game.showError({ code: "NOT_ENOUGH_MONEY", message: `Your balance does not cover ${formatAmount(total, decimals)} ${game.session.currency} of bets.` });
      return;
    }
    setRolling(true);
    game.sound("spin");
    const round = await game.play(total, { bets: [...bets].map(([type, amount]) => ({ type, amount })) });
    if (!round) {
      setRolling(false);
      return;
    }
    if (!reduced) await sleep(700);
    setResult({ outcome: round.outcome as unknown as DiceTableOutcome, win: round.win });
    game.sound(isZeroAmount(round.win) ? "stop" : "win");
    game.reveal(round);
    setRolling(false);
  }

  useSpaceKey(() => void roll(), canRoll);

  return (
    <Shell stake={total}>
      <div className="game" style={{ display: "grid", gap: 10, maxWidth: 900, width: "100%", margin: "0 auto" }}>
        <div className="card wheel-result" aria-live="polite">
          {rolling ? (
            <span>Rolling…</span>
          ) : result ? (
            <>
              <DiceFaces dice={result.outcome.dice} sides={def.sides} />
              <span>
                Total {result.outcome.total}
                <br />
                {isZeroAmount(result.win) ? <span className="muted">No win</span> : <strong className="tone-up">Win {formatAmount(result.win, decimals)}</strong>}
              </span>
            </>
          ) : (
            <span className="muted">Place your bets</span>
          )}
        </div>
        <div className="card row">
          <ChipSelector bet={game.definition.bet} value={chip} onChange={setChip} decimals={decimals} />
          <span className="spacer" />
          <button type="button" className="btn" disabled={rolling || bets.size === 0} onClick={() => setBets(new Map())}>
            Clear
          </button>
          <button type="button" className="btn btn-primary btn-big" disabled={!canRoll} onClick={() => void roll()} aria-keyshortcuts="Space">
            {rolling ? "Rolling…" : "Roll"}
          </button>
        </div>
        <DiceBetGrid def={def} bets={bets} disabled={rolling || blocked} winners={winners} onPlace={place} />
        <p className="muted" style={{ margin: 0, fontSize: "0.8rem", textAlign: "center" }}>
          {def.dice} dice · RTP {game.definition.rtp} %
        </p>
      </div>
    </Shell>
  );
}
