import { useMemo, useState } from "react";
import { compareAmounts, formatAmount, toUnits } from "@croupier/contract/money";
import type { DiceDefinition, DiceOutcome } from "../../api/types.ts";
import { Shell, decimalsFor } from "../../chrome/shell.tsx";
import { StakeSelector } from "../../chrome/stake-selector.tsx";
import { sleep, usePrefersReducedMotion, useSpaceKey } from "../../lib/hooks.ts";
import { clampStake } from "../../lib/stake.ts";
import { useGame } from "../../session/game-session.tsx";
import { diceMultiplier, dicePayout, targetAt, targetIndexBounds, winChance, type DiceSpec } from "./dice-math.ts";

type Direction = "over" | "under";

export function DiceGame() {
  const game = useGame();
  const def = game.definition.dice as DiceDefinition;
  const decimals = decimalsFor(game.session.currency);
  const reduced = usePrefersReducedMotion();
  const spec: DiceSpec = useMemo(
    () => ({ min: String(def.range[0]), max: String(def.range[1]), step: def.step, houseEdge: def.house_edge }),
    [def],
  );
  const stepDecimals = def.step.includes(".") ? def.step.split(".")[1]!.length : 0;
  const fmt = (v: string) => formatAmount(v, stepDecimals);
  const [direction, setDirection] = useState<Direction>("under");
  // The slider works in whole roll steps so it never lands between two legal targets.
  const bounds = useMemo(() => {
    const stepUnits = toUnits(def.step);
    const last = Number((toUnits(spec.max) - toUnits(spec.min)) / stepUnits);
    let { low, high } = def.min_chance && def.max_chance ? targetIndexBounds(spec, direction, def.min_chance, def.max_chance) : { low: 1, high: last - 1 };
    if (def.min_target) low = Math.max(low, Number((toUnits(def.min_target) - toUnits(spec.min)) / stepUnits));
    if (def.max_target) high = Math.min(high, Number((toUnits(def.max_target) - toUnits(spec.min)) / stepUnits));
    return { low, high };
  }, [def, spec, direction]);
  const [rawIndex, setIndex] = useState(() => Math.round((bounds.low + bounds.high) / 2));
  const index = Math.min(bounds.high, Math.max(bounds.low, rawIndex));
  const [stake, setStake] = useState(() => clampStake(game.definition.bet.default, game.definition.bet));
  const [rolling, setRolling] = useState(false);
  const [last, setLast] = useState<DiceOutcome | null>(null);
  const [lastWin, setLastWin] = useState<string | null>(null);

  const target = targetAt(spec, index);
  const chance = winChance(spec, target, direction);
  const multiplier = diceMultiplier(spec, target, direction);
  const payout = dicePayout(stake, multiplier);
  const blocked = game.error?.fatal ?? false;
  const canRoll = !rolling && !game.busy && !blocked && multiplier !== "0";
  const rangeMin = Number(def.range[0]);
  const rangeMax = Number(def.range[1]);
  const pct = (v: string) => `${((Number(v) - rangeMin) / (rangeMax - rangeMin)) * 100}%`;

  async function roll() {
    if (!canRoll) return;
    if (compareAmounts(stake, game.balance) > 0) {
      game.showError({ code: "NOT_ENOUGH_MONEY", message: `Your balance does not cover a ${formatAmount(stake, decimals)} ${game.session.currency} roll.` });
      return;
    }
    setRolling(true);
    game.sound("spin");
    const round = await game.play(stake, { target, direction });
    if (!round) {
      setRolling(false);
      return;
    }
    if (!reduced) await sleep(500);
    const outcome = round.outcome as unknown as DiceOutcome;
    setLast(outcome);
    setLastWin(round.win);
    game.sound(outcome.won ? "win" : "stop");
    game.reveal(round);
    setRolling(false);
  }

  useSpaceKey(() => void roll(), canRoll);

  const winLow = direction === "under" ? "0%" : pct(target);
  const winHigh = direction === "under" ? pct(target) : "100%";

  return (
    <Shell stake={stake}>
      <div className="game" style={{ display: "grid", gap: 10, maxWidth: 720, width: "100%", margin: "0 auto" }}>
        <div className="card" style={{ display: "grid", gap: 10 }}>
          <div className={`dice-roll${last ? (last.won ? " won" : " lost") : ""}`} aria-live="polite" data-testid="dice-roll">
            {rolling ? "…" : last ? fmt(last.roll) : fmt(target)}
          </div>
          <div className="win-banner won">
            {last && !rolling && (last.won ? `Win ${formatAmount(lastWin ?? "0", decimals)} ${game.session.currency} (×${last.multiplier})` : <span className="muted">Roll {last.direction} {last.target} lost</span>)}
          </div>
          <div
            className="dice-track"
            aria-hidden="true"
            style={{ background: `linear-gradient(90deg, var(--down) 0 ${winLow}, var(--up) ${winLow} ${winHigh}, var(--down) ${winHigh} 100%)` }}
          >
            {last && !rolling && <span className="dice-marker" style={{ left: pct(last.roll) }} />}
          </div>
          <label className="field">
            <span>
              Target: roll {direction} <strong>{fmt(target)}</strong>
            </span>
            <input
              type="range"
              min={bounds.low}
              max={bounds.high}
              step={1}
              value={index}
              disabled={rolling}
              onChange={(e) => setIndex(Number(e.target.value))}
              aria-valuetext={`${direction} ${fmt(target)}, win chance ${chance} percent`}
            />
          </label>
          <div className="row">
            <div className="seg" role="group" aria-label="Direction">
              {(["under", "over"] as const).map((d) => (
                <button key={d} type="button" aria-pressed={direction === d} disabled={rolling} onClick={() => setDirection(d)}>
                  Roll {d}
                </button>
              ))}
            </div>
            <span className="spacer" />
            <dl className="kv" style={{ gridTemplateColumns: "max-content max-content" }}>
              <dt>Win chance</dt>
              <dd data-testid="chance">{chance} %</dd>
              <dt>Multiplier</dt>
              <dd data-testid="multiplier">×{multiplier}</dd>
              <dt>Payout on win</dt>
              <dd>
                {formatAmount(payout, decimals)} {game.session.currency}
              </dd>
            </dl>
          </div>
        </div>
        <div className="card row" style={{ justifyContent: "center" }}>
          <StakeSelector bet={game.definition.bet} value={stake} onChange={setStake} disabled={rolling} decimals={decimals} />
          <button type="button" className="btn btn-primary btn-big" onClick={() => void roll()} disabled={!canRoll} aria-keyshortcuts="Space" data-testid="roll">
            {rolling ? "Rolling…" : "Roll"}
          </button>
        </div>
        <p className="muted" style={{ margin: 0, fontSize: "0.8rem", textAlign: "center" }}>
          Rolls {fmt(spec.min)}–{fmt(spec.max)} · house edge {formatAmount(String(Number(def.house_edge) * 100), 2)} % · RTP {game.definition.rtp} %
        </p>
      </div>
    </Shell>
  );
}
