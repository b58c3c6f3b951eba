import { useEffect, useMemo, useRef, useState } from "react";
import { addAmounts, compareAmounts, formatAmount, isZeroAmount, MONEY_SCALE, multiplyAmount } from "@croupier/contract/money";
import type { Round, SlotDefinition, SlotOutcome, SlotSpin, SlotSymbol, SlotWin } from "../../api/types.ts";
import { Shell, decimalsFor } from "../../chrome/shell.tsx";
import { StakeSelector } from "../../chrome/stake-selector.tsx";
import { sleep, useCooldown, usePrefersReducedMotion, useSpaceKey } from "../../lib/hooks.ts";
import { clampStake } from "../../lib/stake.ts";
import { useGame } from "../../session/game-session.tsx";
import { SymbolTile } from "./symbol-tile.tsx";
import { cellKey, restingGrid, winCells, type CellKey } from "./win-cells.ts";

type Phase = "idle" | "spinning" | "feature";
type Feature = { index: number; total: number; multiplier: string; win: string };

const AUTOPLAY_COUNTS = [10, 25, 50, 100];

export function SlotsGame() {
  const game = useGame();
  const def = game.definition.slot as SlotDefinition;
  const decimals = decimalsFor(game.session.currency);
  const reduced = usePrefersReducedMotion();
  const interval = game.session.jurisdiction.min_spin_interval_ms;
  const cooldown = useCooldown(interval);
  const symbolsById = useMemo(() => {
    const map = new Map<string, SlotSymbol>(def.symbols.map((s) => [s.id, s]));
    if (def.blank_symbol) map.set(def.blank_symbol, { id: def.blank_symbol, name: "blank", kind: "blank", pays: {} });
    return map;
  }, [def]);

  const [stake, setStake] = useState(() => clampStake(game.definition.bet.default, game.definition.bet));
  const [grid, setGrid] = useState<string[][]>(() => restingGrid(def));
  const [phase, setPhase] = useState<Phase>("idle");
  const [stopped, setStopped] = useState(def.reels);
  const [wins, setWins] = useState<SlotWin[]>([]);
  const [lastWin, setLastWin] = useState<string | null>(null);
  const [feature, setFeature] = useState<Feature | null>(null);
  const [autoplayLeft, setAutoplayLeft] = useState(0);
  const [autoplayPick, setAutoplayPick] = useState(AUTOPLAY_COUNTS[0]!);
  const cancelled = useRef(false);

  useEffect(() => () => void (cancelled.current = true), []);

  const highlights = useMemo(() => winCells(def, grid, wins), [def, grid, wins]);
  const autoplayAllowed = game.session.jurisdiction.autoplay;
  // Granted bonus spins: while any are left the machine plays them, at the bet they were granted at.
  const freeSpinBet = game.freeSpins.bet;
  const playingFreeSpins =
    game.freeSpins.available && game.freeSpins.count > 0 && freeSpinBet !== null && game.session.mode === "real" && game.definition.can_freespins;
  const shownStake = playingFreeSpins && freeSpinBet !== null ? freeSpinBet : stake;
  const blocked = game.error?.fatal ?? false;
  const canSpin = phase === "idle" && !game.busy && cooldown.remaining === 0 && !blocked;

  /** Spins the reels to a result: all blur, then stop left to right. */
  async function animateTo(spin: Pick<SlotSpin, "grid">, spinMs: number) {
    setWins([]);
    setStopped(0);
    game.sound("spin");
    if (!reduced) await sleep(spinMs);
    setGrid(spin.grid);
    for (let reel = 1; reel <= def.reels; reel++) {
      setStopped(reel);
      game.sound("stop");
      if (!reduced) await sleep(180);
    }
  }

  async function spin(options: { autoplay?: boolean; isFreeSpin?: boolean } = {}) {
    if (!canSpin) return;
    if (options.isFreeSpin && !playingFreeSpins) return;
    if (!options.isFreeSpin && compareAmounts(stake, game.balance) > 0) {
      game.showError({ code: "NOT_ENOUGH_MONEY", message: `Your balance does not cover a ${formatAmount(stake, decimals)} ${game.session.currency} spin.` });
      setAutoplayLeft(0);
      return;
    }
    setPhase("spinning");
    setLastWin(null);
    setFeature(null);
    setWins([]);
    setStopped(0);
    cooldown.start();
    const round: Round | null = await game.play(options.isFreeSpin && freeSpinBet !== null ? freeSpinBet : stake, {}, options);
    if (!round || cancelled.current) {
      setStopped(def.reels);
      setPhase("idle");
      setAutoplayLeft(0);
      return;
    }
    const outcome = round.outcome as unknown as SlotOutcome;
    await animateTo(outcome, 450);
    setWins(outcome.wins);
    const baseWin = outcome.win;
    if (!isZeroAmount(baseWin)) game.sound("win");
    setLastWin(baseWin);

    if (outcome.free_spins && outcome.free_spins.spins.length > 0) {
      const fs = outcome.free_spins;
      setPhase("feature");
      setAutoplayLeft(0); // autoplay stops at a feature: the player sees it start
      if (!reduced) await sleep(1200);
      let featureWin = "0";
      for (let i = 0; i < fs.spins.length; i++) {
        if (cancelled.current) return;
        const freeSpin = fs.spins[i]!;
        setFeature({ index: i + 1, total: fs.spins.length, multiplier: fs.multiplier, win: featureWin });
        await animateTo(freeSpin, 350);
        setWins(freeSpin.wins);
        featureWin = addAmounts(featureWin, freeSpin.win);
        setFeature({ index: i + 1, total: fs.spins.length, multiplier: fs.multiplier, win: featureWin });
        if (!isZeroAmount(freeSpin.win)) game.sound("win");
        if (!reduced) await sleep(isZeroAmount(freeSpin.win) ? 350 : 800);
      }
      setLastWin(round.win);
    } else {
      setLastWin(round.win);
    }
    if (compareAmounts(round.win, multiplyAmount(round.stake || "0", "10", MONEY_SCALE, "trunc")) >= 0 && !isZeroAmount(round.win)) game.sound("bigwin");
    game.reveal(round);
    setPhase("idle");
    if (options.autoplay) setAutoplayLeft((n) => Math.max(0, n - 1));
  }

  // Autoplay: the next spin starts when the reels are idle and the jurisdiction interval has passed.
  useEffect(() => {
    if (autoplayLeft <= 0 || !autoplayAllowed || phase !== "idle" || game.busy || cooldown.remaining > 0) return;
    if (game.error) {
      setAutoplayLeft(0);
      return;
    }
    const id = window.setTimeout(() => void spin({ autoplay: true }), reduced ? 50 : 300);
    return () => window.clearTimeout(id);
  });

  useSpaceKey(() => void spin(playingFreeSpins ? { isFreeSpin: true } : {}), canSpin && autoplayLeft === 0);

  const spinLabel =
    phase !== "idle" ? "Spinning…" : cooldown.remaining > 0 ? `Wait ${(cooldown.remaining / 1000).toFixed(1)} s` : playingFreeSpins ? "Free spin" : "Spin";

  return (
    <Shell stake={shownStake}>
      <div className="game slot-machine" style={{ maxWidth: 820, width: "100%", margin: "0 auto" }}>
        {(playingFreeSpins || !isZeroAmount(game.freeSpinWon)) && (
          <div className="feature-bar bonus-spins" role="status" aria-live="polite" data-testid="bonus-free-spins">
            {playingFreeSpins ? (
              <strong>
                Free spins: {game.freeSpins.count} left · {formatAmount(shownStake, decimals)} {game.session.currency} each
              </strong>
            ) : (
              <strong>Free spins finished</strong>
            )}
            {!isZeroAmount(game.freeSpinWon) && (
              <span data-testid="free-spin-won">
                {" "}
                · won {formatAmount(game.freeSpinWon, decimals)} {game.session.currency} in free spins (bonus money)
              </span>
            )}
          </div>
        )}
        {feature && (
          <div className="feature-bar" role="status" data-testid="free-spins">
            Free spin {feature.index} / {feature.total} · ×{feature.multiplier} · won {formatAmount(feature.win, decimals)}
          </div>
        )}
        <div
          className="reels"
          style={{ ["--reels" as string]: def.reels, ["--rows" as string]: def.rows, ["--cell" as string]: `min(96px, calc((100vw - 56px) / ${def.reels}))` }}
          role="img"
          aria-label={`Reels: ${grid.map((col) => col.map((id) => symbolsById.get(id)?.name ?? id).join(", ")).join(" | ")}`}
        >
          {grid.map((column, reel) => {
            const spinning = reel >= stopped;
            const strip = def.reel_strips[reel] ?? column;
            const shown = spinning ? [...strip.slice(0, def.rows + 4), ...strip.slice(0, def.rows)] : column;
            return (
              <div key={reel} className={`reel${spinning ? " spinning" : " landing"}`} aria-hidden="true">
                <div className="reel-strip" key={spinning ? "s" : `l${stopped}`}>
                  {shown.map((id, row) => {
                    const key: CellKey = cellKey(reel, row);
                    const hit = !spinning && highlights.line.has(key);
                    const scatter = !spinning && highlights.scatter.has(key);
                    const symbol = symbolsById.get(id) ?? { id, name: id, kind: "normal" as const, pays: {} };
                    return (
                      <div key={row} className={`symbol${hit ? " hit" : ""}${scatter ? " scatter-hit" : ""}`}>
                        <SymbolTile symbol={symbol} />
                      </div>
                    );
                  })}
                </div>
              </div>
            );
          })}
          {def.mode === "lines" && phase !== "spinning" && (
            <svg className="paylines" viewBox={`0 0 ${def.reels * 100} ${def.rows * 100}`} preserveAspectRatio="none" aria-hidden="true">
              {wins
                .filter((w) => typeof w.line === "number")
                .map((w) => {
                  const rows = def.lines[w.line! - 1] ?? [];
                  const points = rows.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(" ");
                  return <polyline key={w.line} points={points} fill="none" stroke="#f5b301" strokeWidth={6} strokeOpacity={0.8} vectorEffect="non-scaling-stroke" />;
                })}
            </svg>
          )}
        </div>
        <div className="win-banner won" aria-live="polite" data-testid="win">
          {lastWin !== null && !isZeroAmount(lastWin) ? `Win ${formatAmount(lastWin, decimals)} ${game.session.currency}` : lastWin !== null ? <span className="muted">No win</span> : ""}
        </div>
        {wins.length > 0 && (
          <div className="line-wins" aria-label="Winning combinations">
            {wins.map((w, i) => (
              <span key={i}>
                {w.scatter ? `${w.count}× scatter` : `${w.line !== undefined ? `Line ${w.line}: ` : ""}${w.count}× ${symbolsById.get(w.symbol ?? "")?.name ?? w.symbol}`} ·{" "}
                {formatAmount(w.win, decimals)}
              </span>
            ))}
          </div>
        )}
        {interval > 0 && (
          <div className="cooldown" role="progressbar" aria-label="Time until the next spin" aria-valuemin={0} aria-valuemax={interval} aria-valuenow={cooldown.remaining}>
            <span style={{ transform: `scaleX(${cooldown.fraction})` }} />
          </div>
        )}
        <div className="card row" style={{ justifyContent: "center" }}>
          <StakeSelector
            bet={game.definition.bet}
            value={shownStake}
            onChange={setStake}
            disabled={phase !== "idle" || autoplayLeft > 0 || playingFreeSpins}
            decimals={decimals}
          />
          <button
            type="button"
            className="btn btn-primary btn-big"
            onClick={() => void spin(playingFreeSpins ? { isFreeSpin: true } : {})}
            disabled={!canSpin || autoplayLeft > 0}
            aria-keyshortcuts="Space"
            data-testid="spin"
          >
            {spinLabel}
          </button>
          {/* Autoplay plays cash: it waits until the granted free spins are played. */}
          {autoplayAllowed &&
            !playingFreeSpins &&
            (autoplayLeft > 0 ? (
              <button type="button" className="btn" onClick={() => setAutoplayLeft(0)}>
                Stop autoplay ({autoplayLeft})
              </button>
            ) : (
              <span className="row">
                <label className="sr-only" htmlFor="autoplay-count">
                  Autoplay spins
                </label>
                <select id="autoplay-count" value={autoplayPick} onChange={(e) => setAutoplayPick(Number(e.target.value))}>
                  {AUTOPLAY_COUNTS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn" disabled={!canSpin} onClick={() => setAutoplayLeft(autoplayPick)}>
                  Autoplay
                </button>
              </span>
            ))}
        </div>
        <p className="muted" style={{ textAlign: "center", margin: 0, fontSize: "0.8rem" }}>
          {def.mode === "ways" ? `${def.ways ?? ""} ways` : `${def.lines.length} lines`} · RTP {game.definition.rtp} %
          {interval > 0 && ` · ${(interval / 1000).toFixed(1)} s between spins`}
          {!autoplayAllowed && " · autoplay off in this jurisdiction"}
        </p>
      </div>
    </Shell>
  );
}
