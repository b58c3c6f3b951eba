import { useMemo, useState } from "react";
import { compareAmounts, formatAmount, isZeroAmount } from "@croupier/contract/money";
import type { RouletteOutcome } from "../../api/types.ts";
import { ChipSelector, chipValues } from "../../chrome/chip-selector.tsx";
import { Shell, decimalsFor } from "../../chrome/shell.tsx";
import { sleep, useMediaQuery, usePrefersReducedMotion, useSpaceKey } from "../../lib/hooks.ts";
import { layoutFor, RED_NUMBERS } from "../../lib/roulette-board.ts";
import { useGame } from "../../session/game-session.tsx";
import { RouletteBoardView } from "./roulette-board-view.tsx";
import { useBoardBets } from "./use-board-bets.ts";

export function pocketNumber(pocket: string | undefined): number | null {
  if (pocket === undefined) return null;
  if (pocket === "00") return 37;
  const n = Number.parseInt(pocket, 10);
  return Number.isInteger(n) ? n : null;
}

export function RecentResults({ pockets, red }: { pockets: string[]; red: ReadonlySet<number> }) {
  return (
    <div className="recent" aria-label="Recent results">
      {pockets.slice(0, 12).map((p, i) => {
        const n = pocketNumber(p) ?? 0;
        return (
          <span key={i} className={n === 0 || n === 37 ? "green" : red.has(n) ? "red" : "black"}>
            {p}
          </span>
        );
      })}
    </div>
  );
}

export function RouletteGame() {
  const game = useGame();
  const def = game.definition;
  const decimals = decimalsFor(game.session.currency);
  const horizontal = useMediaQuery("(min-width: 900px)");
  const reduced = usePrefersReducedMotion();
  const red = useMemo(() => new Set(def.roulette?.red ?? RED_NUMBERS), [def]);
  const layout = useMemo(() => layoutFor(def.roulette?.variant), [def]);
  const allowed = useMemo(() => (def.roulette?.bet_types.length ? new Set(def.roulette.bet_types.map((b) => b.type)) : undefined), [def]);
  const [chip, setChip] = useState(() => chipValues(def.bet)[0] ?? def.bet.min);
  const board = useBoardBets(def.bet.max);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<{ pocket: string; win: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const recent = useMemo(
    () =>
      game.history
        .map((r) => (r.outcome as Partial<RouletteOutcome>).pocket)
        .filter((p): p is string => typeof p === "string"),
    [game.history],
  );
  const blocked = game.error?.fatal ?? false;
  const canSpin = !spinning && !game.busy && !blocked && board.bets.size > 0;

  function place(bet: Parameters<typeof board.place>[0]) {
    if (spinning) return;
    if (result) setResult(null);
    const refusal = board.place(bet, chip);
    setNotice(refusal);
    if (!refusal) game.sound("chip");
  }

  async function spin() {
    if (!canSpin) return;
    if (compareAmounts(board.total, def.bet.min) < 0) {
      setNotice(`The minimum stake is ${def.bet.min}.`);
      return;
    }
    if (compareAmounts(board.total, game.balance) > 0) {
      game.showError({ code: "NOT_ENOUGH_MONEY", message: `Your balance does not cover ${formatAmount(board.total, decimals)} ${game.session.currency} of bets.` });
      return;
    }
    setNotice(null);
    setResult(null);
    setSpinning(true);
    game.sound("spin");
    const round = await game.play(board.total, { bets: board.apiBets });
    if (!round) {
      setSpinning(false);
      return;
    }
    board.remember();
    if (!reduced) await sleep(1600);
    const outcome = round.outcome as unknown as RouletteOutcome;
    const pocket = outcome.pocket ?? outcome.pockets?.[0] ?? "?";
    setResult({ pocket, win: round.win });
    game.sound(isZeroAmount(round.win) ? "stop" : "win");
    game.reveal(round);
    setSpinning(false);
  }

  useSpaceKey(() => void spin(), canSpin);
  const winning = result ? pocketNumber(result.pocket) : null;
  const colour = winning === null ? "" : winning === 0 || winning === 37 ? "green" : red.has(winning) ? "red" : "black";

  return (
    <Shell stake={board.total}>
      <div className="game" style={{ display: "grid", gap: 10, maxWidth: 1100, width: "100%", margin: "0 auto" }}>
        <div className="card wheel-result" aria-live="polite" data-testid="roulette-result">
          {spinning ? (
            <>
              <span className="ball rolling green" aria-hidden="true">
                ●
              </span>
              <span>No more bets…</span>
            </>
          ) : result ? (
            <>
              <span className={`ball ${colour}`}>{result.pocket}</span>
              <span>
                {colour} {result.pocket}
                <br />
                {isZeroAmount(result.win) ? <span className="muted">No win</span> : <strong className="tone-up">Win {formatAmount(result.win, decimals)} {game.session.currency}</strong>}
              </span>
            </>
          ) : (
            <span className="muted">Place your bets</span>
          )}
          <span className="spacer" />
          <RecentResults pockets={recent} red={red} />
        </div>
        <div className="card row">
          <ChipSelector bet={def.bet} value={chip} onChange={setChip} decimals={decimals} />
          <span className="spacer" />
          <button type="button" className="btn" onClick={board.undo} disabled={spinning || !board.canUndo}>
            Undo
          </button>
          <button type="button" className="btn" onClick={board.clear} disabled={spinning || board.bets.size === 0}>
            Clear
          </button>
          <button type="button" className="btn" onClick={() => setNotice(board.double())} disabled={spinning || board.bets.size === 0}>
            ×2
          </button>
          <button type="button" className="btn" onClick={board.rebet} disabled={spinning || !board.canRebet || board.bets.size > 0}>
            Rebet
          </button>
          <button type="button" className="btn btn-primary btn-big" onClick={() => void spin()} disabled={!canSpin} aria-keyshortcuts="Space" data-testid="spin">
            {spinning ? "Spinning…" : "Spin"}
          </button>
        </div>
        {notice && (
          <div className="alert info" role="status">
            <p>{notice}</p>
          </div>
        )}
        <RouletteBoardView horizontal={horizontal} red={red} layout={layout} allowed={allowed} bets={board.bets} winning={winning} disabled={spinning || blocked} onPlace={place} />
        <p className="muted" style={{ margin: 0, fontSize: "0.8rem", textAlign: "center" }}>
          {def.roulette?.variant ?? "european"} roulette · RTP {def.rtp} % · stake per spin {def.bet.min} – {def.bet.max}
        </p>
      </div>
    </Shell>
  );
}
