import { useEffect, useMemo, useRef, useState } from "react";
import { addAmounts, compareAmounts, formatAmount, isZeroAmount, sumAmounts } from "@croupier/contract/money";
import type { BlackjackDefinition, DiceTableDefinition, LiveResult, LiveSettled, LiveTable } from "../../api/types.ts";
import { ApiError } from "../../api/client.ts";
import { ChipSelector, chipValues } from "../../chrome/chip-selector.tsx";
import { Shell, decimalsFor } from "../../chrome/shell.tsx";
import { StakeSelector } from "../../chrome/stake-selector.tsx";
import { useMediaQuery } from "../../lib/hooks.ts";
import { layoutFor, RED_NUMBERS } from "../../lib/roulette-board.ts";
import { clampStake } from "../../lib/stake.ts";
import { useGame } from "../../session/game-session.tsx";
import { HandView } from "../blackjack/blackjack-game.tsx";
import { DiceBetGrid, DiceFaces } from "../dice/dice-table-game.tsx";
import { RouletteBoardView } from "../roulette/roulette-board-view.tsx";
import { pocketNumber, RecentResults } from "../roulette/roulette-game.tsx";
import { useBoardBets } from "../roulette/use-board-bets.ts";

type MyBets = { roundId: string; stake: string; win: string | null };

/** Seconds left in the betting window, on the server's clock. */
export function secondsLeft(closesAt: string, nowMs: number, serverOffsetMs: number): number {
  const left = Date.parse(closesAt) - (nowMs + serverOffsetMs);
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left / 1000)) : 0;
}

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [active]);
  return now;
}

/** Blackjack total of cards written "<rank><suit>" (rank A, 2–9, T, J, Q, K): aces count 11 while that does not bust. */
export function handTotalOf(cards: string[]): number {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const rank = card.slice(0, -1);
    if (rank === "A") aces += 1;
    total += rank === "A" ? 11 : ["T", "J", "Q", "K", "10"].includes(rank) ? 10 : Number(rank);
  }
  for (; total > 21 && aces > 0; aces -= 1) total -= 10;
  return total;
}

function ResultView({ kind, result, red, sides, decimals }: { kind: LiveTable["kind"]; result: LiveResult; red: ReadonlySet<number>; sides: number; decimals: number }) {
  if (kind === "live_roulette" && result.pockets) {
    return (
      <span className="row">
        {result.pockets.map((p, i) => {
          const n = pocketNumber(p) ?? 0;
          return (
            <span key={i} className={`ball ${n === 0 || n === 37 ? "green" : red.has(n) ? "red" : "black"}`}>
              {p}
            </span>
          );
        })}
      </span>
    );
  }
  if (kind === "live_dice" && result.dice) return <DiceFaces dice={result.dice} sides={sides} />;
  if (kind === "live_blackjack" && result.dealer) {
    return (
      <div className="hands" style={{ width: "100%" }}>
        <HandView title="Dealer" cards={result.dealer.cards} total={result.dealer.total} />
        {(result.hands ?? []).slice(0, 7).map((h, i) => (
          <HandView key={i} title={`Seat hand ${i + 1}`} cards={h.cards} total={h.total} soft={h.soft} note={h.result ?? undefined} />
        ))}
        {/* The provider publishes the table's one seat hand (split into several when split) as `hand`. */}
        {!result.hands &&
          (result.hand?.cards ?? []).slice(0, 4).map((cards, i) => (
            <HandView key={i} title={(result.hand?.cards.length ?? 0) > 1 ? `Table hand ${i + 1}` : "Table hand"} cards={cards} total={handTotalOf(cards)} note={result.hand?.results?.[i] ?? undefined} />
          ))}
        <span className="sr-only">{decimals}</span>
      </div>
    );
  }
  return <span className="muted">Result in</span>;
}

export function LiveGame() {
  const game = useGame();
  const def = game.definition;
  const decimals = decimalsFor(game.session.currency);
  const horizontal = useMediaQuery("(min-width: 900px)");
  const [table, setTable] = useState<LiveTable | null>(null);
  const [offset, setOffset] = useState(0);
  const [seated, setSeated] = useState(false);
  const [connected, setConnected] = useState(false);
  const [mine, setMine] = useState<MyBets[]>([]);
  const [chip, setChip] = useState(() => chipValues(def.bet)[0] ?? def.bet.min);
  const [handStake, setHandStake] = useState(() => clampStake(def.bet.default, def.bet));
  const [diceBets, setDiceBets] = useState<Map<string, string>>(new Map());
  const [placing, setPlacing] = useState(false);
  const board = useBoardBets(def.bet.max);
  const red = useMemo(() => new Set(def.roulette?.red ?? RED_NUMBERS), [def]);
  const layout = useMemo(() => layoutFor(def.roulette?.variant), [def]);
  const allowed = useMemo(() => (def.roulette?.bet_types.length ? new Set(def.roulette.bet_types.map((b) => b.type)) : undefined), [def]);
  const bettingSeconds = def.live_config?.betting_seconds ?? 15;
  const now = useNow(true);
  const tableRef = useRef<LiveTable | null>(null);
  tableRef.current = table;

  const applyTable = (t: LiveTable) => {
    setTable(t);
    const serverNow = Date.parse(t.server_time);
    if (Number.isFinite(serverNow)) setOffset(serverNow - Date.now());
  };

  // The stream: the whole table on connect and each phase change, counters and the result in between.
  useEffect(() => {
    let closed = false;
    game.api.liveTable(def.game_code).then((t) => !closed && applyTable(t), game.showError);
    const source = new EventSource(game.api.liveEventsUrl(def.game_code));
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    source.addEventListener("table", (e) => applyTable(JSON.parse((e as MessageEvent<string>).data) as LiveTable));
    source.addEventListener("bets", (e) => {
      const data = JSON.parse((e as MessageEvent<string>).data) as { round_id: string; count: number; amount_by_currency: Record<string, string> };
      setTable((t) => (t && t.round_id === data.round_id ? { ...t, bets_total: { count: data.count, amount_by_currency: data.amount_by_currency } } : t));
    });
    source.addEventListener("seats", (e) => {
      const seats = JSON.parse((e as MessageEvent<string>).data) as LiveTable["seats"];
      setTable((t) => (t ? { ...t, seats } : t));
    });
    source.addEventListener("result", (e) => {
      const data = JSON.parse((e as MessageEvent<string>).data) as { round_id: string; round_number: number; result: LiveResult; server_seed: string };
      setTable((t) => (t && t.round_id === data.round_id ? { ...t, phase: "result", result: { ...data.result, server_seed: data.server_seed } } : t));
      game.sound("stop");
    });
    source.addEventListener("settled", (e) => {
      const data = JSON.parse((e as MessageEvent<string>).data) as LiveSettled;
      setMine((m) => m.map((b) => (b.roundId === data.round_id ? { ...b, win: addAmounts(b.win ?? "0", data.win) } : b)));
      game.recordLive({ stake: data.stake, win: data.win, balance: data.balance });
      if (!isZeroAmount(data.win)) game.sound("win");
    });
    return () => {
      closed = true;
      source.close();
    };
  }, [def.game_code]);

  // Take a seat once; leave it when the page goes.
  useEffect(() => {
    let left = false;
    game.api.sit(def.game_code).then(
      (t) => {
        if (left) return;
        setSeated(true);
        applyTable(t);
      },
      (error: unknown) => !left && game.showError(error),
    );
    return () => {
      left = true;
      void game.api.leave(def.game_code).catch(() => undefined);
    };
  }, [def.game_code]);

  const phase = table?.phase ?? "drawing";
  const left = table ? secondsLeft(table.betting_closes_at, now, offset) : 0;
  const bettingOpen = phase === "betting" && left > 0;
  const blocked = game.error?.fatal ?? false;
  const roundBets = mine.filter((b) => b.roundId === table?.round_id);
  const roundStake = sumAmounts(roundBets.map((b) => b.stake));

  const pendingStake =
    table?.kind === "live_roulette" ? board.total : table?.kind === "live_dice" ? sumAmounts([...diceBets.values()]) : handStake;
  const pendingBets: unknown[] =
    table?.kind === "live_roulette"
      ? board.apiBets
      : table?.kind === "live_dice"
        ? [...diceBets].map(([type, amount]) => ({ type, amount }))
        : [{ type: "hand", amount: handStake }];
  const canBet = bettingOpen && seated && !placing && !blocked && pendingBets.length > 0 && !isZeroAmount(pendingStake);

  async function placeBets() {
    if (!table || !canBet) return;
    if (compareAmounts(pendingStake, game.balance) > 0) {
      game.showError({ code: "NOT_ENOUGH_MONEY", message: `Your balance does not cover ${formatAmount(pendingStake, decimals)} ${game.session.currency}.` });
      return;
    }
    setPlacing(true);
    try {
      const placed = await game.api.liveBet(def.game_code, { round_id: table.round_id, bets: pendingBets });
      game.setBalance(placed.balance);
      setMine((m) => [{ roundId: placed.round_id, stake: placed.stake, win: null }, ...m].slice(0, 30));
      board.remember();
      board.clear();
      setDiceBets(new Map());
      game.sound("chip");
    } catch (error) {
      game.showError(error instanceof ApiError ? error : new Error(String(error)));
    } finally {
      setPlacing(false);
    }
  }

  const dealerDot = phase === "betting" ? "open" : phase === "drawing" ? "closed" : "result";
  const diceDef = def.dice_table as DiceTableDefinition | undefined;
  const bjRules = def.blackjack as BlackjackDefinition | undefined;
  // The table lists its last results newest first.
  const historyPockets = (table?.history ?? []).flatMap((h) => h.result.pockets ?? []);
  const lastMine = mine[0];

  return (
    <Shell stake={bettingOpen ? pendingStake : roundStake}>
      <div className="game" style={{ display: "grid", gap: 10, maxWidth: 1100, width: "100%", margin: "0 auto" }}>
        <div className="dealer-state" aria-live="polite" data-testid="dealer-state" data-phase={phase}>
          <span className={`dot ${dealerDot}`} aria-hidden="true" />
          <span>
            {table ? `${table.dealer.name}: ${table.dealer.state}` : "Connecting to the table…"}
            {bettingOpen && ` · ${left} s`}
          </span>
          <span className="spacer" />
          <span className="muted" style={{ fontWeight: 400 }}>
            {table && `Round ${table.round_number} · seats ${table.seats.taken}/${table.seats.total}`}
            {!connected && " · reconnecting"}
          </span>
        </div>
        {bettingOpen && table && (
          <div className="cooldown" role="progressbar" aria-label="Betting time left" aria-valuemin={0} aria-valuemax={bettingSeconds} aria-valuenow={left}>
            <span style={{ transform: `scaleX(${Math.min(1, left / bettingSeconds)})` }} />
          </div>
        )}
        <div className="card wheel-result" style={{ flexWrap: "wrap" }} data-testid="live-result" data-round={table?.round_number ?? ""}>
          {table?.phase === "result" && table.result ? (
            <ResultView kind={table.kind} result={table.result} red={red} sides={diceDef?.sides ?? 6} decimals={decimals} />
          ) : table?.phase === "drawing" ? (
            <span>
              <span className="ball rolling green" aria-hidden="true" style={{ display: "inline-grid", width: 32, height: 32, fontSize: "1rem" }}>
                ●
              </span>{" "}
              {table.kind === "live_blackjack" ? "Dealing…" : table.kind === "live_dice" ? "Rolling…" : "Spinning…"}
            </span>
          ) : (
            <span className="muted">Place your bets</span>
          )}
          <span className="spacer" />
          {table?.kind === "live_roulette" && <RecentResults pockets={historyPockets} red={red} />}
        </div>
        <div className="card row" style={{ fontSize: "0.9rem" }}>
          <span>
            Players: {table?.seats.players.map((p) => p.nickname).join(", ") || "–"}
          </span>
          <span className="spacer" />
          <span className="muted">
            Bets this round: {table?.bets_total.count ?? 0}
            {table && table.bets_total.amount_by_currency[game.session.currency] ? ` · ${formatAmount(table.bets_total.amount_by_currency[game.session.currency]!, decimals)} ${game.session.currency}` : ""}
          </span>
        </div>
        {roundBets.length > 0 && (
          <div className="alert info" role="status">
            <p>
              Your bets this round: {formatAmount(roundStake, decimals)} {game.session.currency}
              {lastMine && lastMine.win !== null && lastMine.roundId === table?.round_id && ` · won ${formatAmount(lastMine.win, decimals)}`}
            </p>
          </div>
        )}
        <div className="card row">
          {table?.kind === "live_blackjack" ? (
            <StakeSelector bet={def.bet} value={handStake} onChange={setHandStake} decimals={decimals} label="Hand stake" disabled={!bettingOpen} />
          ) : (
            <ChipSelector bet={def.bet} value={chip} onChange={setChip} decimals={decimals} />
          )}
          <span className="spacer" />
          {table?.kind === "live_roulette" && (
            <button type="button" className="btn" onClick={board.clear} disabled={board.bets.size === 0}>
              Clear
            </button>
          )}
          <button type="button" className="btn btn-primary btn-big" disabled={!canBet} onClick={() => void placeBets()} data-testid="place-bets">
            {bettingOpen ? `Bet ${formatAmount(pendingStake, decimals)}` : "Betting closed"}
          </button>
        </div>
        {table?.kind === "live_roulette" && (
          <RouletteBoardView
            horizontal={horizontal}
            red={red}
            layout={layout}
            allowed={allowed}
            bets={board.bets}
            winning={table.phase === "result" ? pocketNumber(table.result?.pockets?.[0]) : null}
            disabled={!bettingOpen || blocked}
            onPlace={(bet) => {
              const refusal = board.place(bet, chip);
              if (refusal) game.showError({ code: "BET_LIMIT_EXCEEDED", message: refusal });
              else game.sound("chip");
            }}
          />
        )}
        {table?.kind === "live_dice" && diceDef && (
          <DiceBetGrid
            def={diceDef}
            bets={diceBets}
            disabled={!bettingOpen || blocked}
            winners={new Set()}
            onPlace={(type) => {
              setDiceBets((b) => new Map(b).set(type, addAmounts(b.get(type) ?? "0", chip)));
              game.sound("chip");
            }}
          />
        )}
        {table?.kind === "live_blackjack" && bjRules && (
          <p className="muted" style={{ margin: 0 }}>
            One shared dealer hand; every seated bet plays its own hand by the published basic strategy. Dealer {bjRules.dealer_hits_soft_17 ? "hits" : "stands on"} soft 17,
            blackjack pays {bjRules.blackjack_pays === "1.5" ? "3:2" : bjRules.blackjack_pays}.
          </p>
        )}
        {table && (
          <p className="muted" style={{ margin: 0, fontSize: "0.8rem", wordBreak: "break-all" }}>
            Round seed hash <code>{table.server_seed_hash}</code>
            {table.result?.server_seed && (
              <>
                {" "}
                · revealed{" "}
                <a
                  href={`/house/verify?${new URLSearchParams({ game_code: def.game_code, server_seed: table.result.server_seed, client_seed: `live:${def.game_code}`, nonce: String(table.round_number) })}`}
                  target="_blank"
                  rel="noopener"
                >
                  verify round {table.round_number}
                </a>
              </>
            )}
          </p>
        )}
      </div>
    </Shell>
  );
}
