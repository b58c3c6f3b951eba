import { z } from "zod";
import { multiplyUnits, toFixedAmount, toUnits } from "@croupier/contract/money";
import { FairStream, hashServerSeed, newServerSeed } from "../fairness/rng.ts";
import { applyAction, CardSource, deal, strategyAction, unitsReturned } from "../games/blackjack/blackjack-play.ts";
import { handTotal } from "../games/blackjack/blackjack-rules.ts";
import { drawDice } from "../games/dice/dice-table.ts";
import { houseGames, findGame, type HouseGame } from "../games/game-catalog.ts";
import { GameRuleError, settleInstant, stakeOf } from "../games/play-instant.ts";
import { drawRoulette, pocketLabel } from "../games/roulette/roulette.ts";
import { Fraction } from "../stats/fraction.ts";
import type { HouseContext } from "./house-context.ts";
import { decimalInput, plainText, ruleRefusal } from "../http/input.ts";
import { isDatabaseUnavailable } from "@croupier/db/is-database-unavailable";
import { HouseError, walletRefusal } from "./house-error.ts";
import { loadSession, platformToken, type SessionRow } from "./sessions.ts";

type LiveRoundRow = {
  id: string;
  game_code: string;
  round_number: number;
  phase: "betting" | "drawing" | "result";
  server_seed: string;
  server_seed_hash: string;
  betting_opens_at: string;
  betting_closes_at: string;
  phase_ends_at: string;
  result: Record<string, unknown> | null;
};

type Listener = { sessionId: string | null; send: (event: string, data: unknown) => void };

const SEAT_TTL_SECONDS = 30;
const HISTORY = 10;
const liveClientSeed = (code: string) => `live:${code}`;
const iso = (value: string) => new Date(value).toISOString();

export const liveBetBody = z.object({
  round_id: z.uuid(),
  bets: z
    .array(z.object({ type: plainText(32), numbers: z.array(z.number().int().min(0).max(37)).max(6).optional(), index: z.number().int().min(1).max(3).optional(), amount: decimalInput }))
    .min(1)
    .max(40),
});

/** The RNG result of a live round, from its own seed: client seed "live:<game>", nonce = round number. */
export function liveResult(game: HouseGame, serverSeed: string, roundNumber: number): Record<string, unknown> {
  const seeds = { serverSeed, clientSeed: liveClientSeed(game.code), nonce: roundNumber };
  if (game.kind === "live_roulette") {
    const pockets = drawRoulette(game.roulette, new FairStream(seeds));
    return { pockets: pockets.map(pocketLabel), raw: pockets };
  }
  if (game.kind === "live_dice") return { dice: drawDice(game.table, new FairStream(seeds)) };
  if (game.kind === "live_blackjack") {
    const source = new CardSource(seeds);
    let state = deal(source, 1);
    while (state.phase !== "done") state = applyAction(game.rules, source, state, strategyAction(game.rules, state));
    return {
      dealer: { cards: state.dealer, total: handTotal(state.dealer).total },
      hand: { cards: state.hands.map((hand) => hand.cards), actions: state.actions, results: state.hands.map((hand) => hand.result) },
      // Per unit staked on the seat: the return, stake included.
      returns: unitsReturned(state),
    };
  }
  throw new Error(`${game.code} is not live`);
}

/**
 * Shared, timed rounds for every live game. Any number of processes may run
 * the clock: each phase change is a conditional UPDATE (one process wins),
 * every bet is settled once through a status claim, and each process pushes
 * what it sees to its own Server-Sent-Events listeners.
 */
export class LiveTables {
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly lastSent = new Map<string, string>();

  constructor(private readonly ctx: HouseContext) {}

  /**
   * Runs the clock. A failed step (the database restarting, a pool closing
   * during shutdown) is reported and retried on the next tick: it must never
   * become an unhandled rejection, which would end the whole server process.
   */
  start(intervalMs = 500, onError: (error: unknown) => void = () => {}) {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch(onError);
    }, intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const set of this.listeners.values()) set.clear();
  }

  /** The table's phase lengths: its own, unless HOUSE_LIVE_TIMINGS sets them for every table. */
  private timing(game: HouseGame) {
    return { ...game.liveConfig!, ...(this.ctx.config.liveTimings ?? {}) };
  }

  liveGames() {
    return [...houseGames().values()].filter((game) => game.live);
  }

  /** One clock step for every table; safe to call concurrently from several processes. */
  async tick() {
    if (this.ticking) return;
    this.ticking = true;
    try {
      for (const game of this.liveGames()) await this.advance(game);
      await this.ctx.database.query(`DELETE FROM house.live_seats WHERE last_seen < now() - make_interval(secs => ${SEAT_TTL_SECONDS})`);
    } finally {
      this.ticking = false;
    }
  }

  private async current(code: string): Promise<LiveRoundRow | undefined> {
    const [row] = await this.ctx.database.query<LiveRoundRow>(
      `SELECT id, game_code, round_number, phase, server_seed, server_seed_hash, betting_opens_at::text AS betting_opens_at,
              betting_closes_at::text AS betting_closes_at, phase_ends_at::text AS phase_ends_at, result
         FROM house.live_rounds WHERE game_code = $1 ORDER BY round_number DESC LIMIT 1`,
      [code],
    );
    return row;
  }

  private async openRound(game: HouseGame, number: number) {
    const config = this.timing(game);
    const seed = newServerSeed();
    await this.ctx.database.query(
      `INSERT INTO house.live_rounds (game_code, round_number, phase, server_seed, server_seed_hash, betting_opens_at, betting_closes_at, phase_ends_at)
       VALUES ($1, $2, 'betting', $3, $4, now(), now() + make_interval(secs => $5), now() + make_interval(secs => $5))
       ON CONFLICT (game_code, round_number) DO NOTHING`,
      [game.code, number, seed, hashServerSeed(seed), config.bettingSeconds],
    );
  }

  async advance(game: HouseGame) {
    const config = this.timing(game);
    let round = await this.current(game.code);
    if (!round) {
      await this.openRound(game, 1);
      round = (await this.current(game.code))!;
    }
    if (round.phase === "betting") {
      // The result is fixed (and stored) the moment betting closes; it is shown only in the result phase.
      const result = liveResult(game, round.server_seed, round.round_number);
      await this.ctx.database.query(
        `UPDATE house.live_rounds SET phase = 'drawing', result = $2::jsonb, phase_ends_at = betting_closes_at + make_interval(secs => $3)
          WHERE id = $1 AND phase = 'betting' AND betting_closes_at <= now()`,
        [round.id, JSON.stringify(result), config.drawSeconds],
      );
    } else if (round.phase === "drawing") {
      await this.ctx.database.query(
        `UPDATE house.live_rounds SET phase = 'result', phase_ends_at = now() + make_interval(secs => $2) WHERE id = $1 AND phase = 'drawing' AND phase_ends_at <= now()`,
        [round.id, config.resultSeconds],
      );
    } else {
      await this.settleBets(game, round);
      const [open] = await this.ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM house.live_bets WHERE live_round_id = $1 AND status IN ('placed', 'settling')", [round.id]);
      if (open!.n === 0 && Date.parse(iso(round.phase_ends_at)) <= Date.now()) await this.openRound(game, round.round_number + 1);
    }
    await this.rollBackUnansweredBets(game);
    await this.broadcast(game);
  }

  /**
   * Bets whose debit never answered within 30 s (status still "open") are
   * rolled back: nobody can know whether that stake landed, so it must not
   * stay taken (a rollback leaves a tombstone if it never arrived). Swept on
   * every tick for every ended round of the table: a bet made late in the
   * window outlives its round's result phase, and was left open for ever when
   * only the current round was looked at. A bet whose debit was confirmed
   * ("placed") is never touched here: it settles with its round.
   */
  private async rollBackUnansweredBets(game: HouseGame) {
    const stale = await this.ctx.database.query<{ id: string; session_id: string }>(
      `UPDATE house.live_bets b SET status = 'settling' FROM house.live_rounds r
        WHERE r.id = b.live_round_id AND r.game_code = $1 AND r.phase <> 'betting'
          AND b.status = 'open' AND b.created_at < now() - interval '30 seconds'
       RETURNING b.id, b.session_id`,
      [game.code],
    );
    for (const bet of stale) {
      const session = await loadSession(this.ctx, bet.session_id);
      const answer = await this.ctx.wallet.rollback({ token: session.token, game_code: game.code, round_id: bet.id, transaction_uuid: `live:${bet.id}:rollback`, reference_transaction_uuid: `live:${bet.id}:bet` });
      await this.ctx.database.query("UPDATE house.live_bets SET status = $2 WHERE id = $1", [bet.id, answer.status === "OK" ? "refunded" : "open"]);
    }
  }

  private async settleBets(game: HouseGame, round: LiveRoundRow) {
    const claimed = await this.ctx.database.query<{ id: string; session_id: string; bets: unknown; stake: string }>(
      "UPDATE house.live_bets SET status = 'settling' WHERE live_round_id = $1 AND status = 'placed' RETURNING id, session_id, bets, stake::text AS stake",
      [round.id],
    );
    for (const bet of claimed) {
      const session = await loadSession(this.ctx, bet.session_id);
      const { win, outcome } = this.payBet(game, round, bet.bets, session);
      const answer = await this.ctx.wallet.win({
        token: session.token, game_code: game.code, round_id: bet.id, transaction_uuid: `live:${bet.id}:win`,
        reference_transaction_uuid: `live:${bet.id}:bet`, amount: toFixedAmount(win, session.decimals, "trunc"), currency: session.currency, round_closed: true,
      });
      if (answer.status !== "OK") {
        // Owed money: back to placed, the next tick retries with the same transaction id.
        await this.ctx.database.query("UPDATE house.live_bets SET status = 'placed' WHERE id = $1", [bet.id]);
        continue;
      }
      await this.ctx.database.query("UPDATE house.live_bets SET status = 'settled', win = $2, outcome = $3::jsonb WHERE id = $1", [bet.id, toFixedAmount(win, 18, "trunc"), JSON.stringify(outcome)]);
      this.sendTo(game.code, session.id, "settled", { round_id: round.id, bet_id: bet.id, stake: toFixedAmount(bet.stake, session.decimals, "trunc"), win: toFixedAmount(win, session.decimals, "trunc"), balance: answer.balance });
    }
  }

  private payBet(game: HouseGame, round: LiveRoundRow, bets: unknown, session: SessionRow) {
    const result = round.result!;
    if (game.kind === "live_blackjack") {
      const amount = (bets as { amount: string }[]).reduce((sum, bet) => sum + toUnits(bet.amount), 0n);
      // Seats play hit/stand only, so the stake is exactly what was bet; returns are 0, 1, 2 or 2.5 units.
      const win = multiplyUnits(amount, new Fraction(Math.round(Number(result.returns) * 2), 2), session.decimals, "trunc");
      return { win, outcome: { result } };
    }
    const stake = stakeOf(game, { bets }, undefined, session.decimals);
    const draw = game.kind === "live_roulette" ? { pockets: result.raw as number[] } : { dice: result.dice as number[] };
    return settleInstant(game, draw, stake, session.decimals);
  }

  async table(code: string) {
    const game = findGame(code);
    if (!game?.live) throw new HouseError("NOT_FOUND", "No such live table.", 404);
    let round = await this.current(code);
    if (!round) {
      await this.openRound(game, 1);
      round = (await this.current(code))!;
    }
    const seats = await this.ctx.database.query<{ seat: number; nickname: string }>("SELECT seat, nickname FROM house.live_seats WHERE game_code = $1 ORDER BY seat", [code]);
    const totals = await this.ctx.database.query<{ currency: string; count: number; amount: string }>(
      `SELECT s.currency, count(*)::int AS count, sum(b.stake)::text AS amount FROM house.live_bets b JOIN house.sessions s ON s.id = b.session_id
        WHERE b.live_round_id = $1 AND b.status <> 'rejected' GROUP BY s.currency`,
      [round.id],
    );
    const history = await this.ctx.database.query<{ round_number: number; result: Record<string, unknown>; server_seed: string }>(
      "SELECT round_number, result, server_seed FROM house.live_rounds WHERE game_code = $1 AND phase = 'result' AND round_number < $2 ORDER BY round_number DESC LIMIT $3",
      [code, round.round_number, HISTORY],
    );
    const config = game.liveConfig!;
    const shown = round.phase === "result";
    const dealerState = round.phase === "betting" ? "Place your bets" : round.phase === "drawing" ? (game.kind === "live_roulette" ? "No more bets — spinning" : game.kind === "live_dice" ? "No more bets — rolling" : "No more bets — dealing") : "Paying";
    return {
      game_code: code,
      kind: game.kind,
      name: game.name,
      phase: round.phase,
      round_id: round.id,
      round_number: round.round_number,
      betting_opens_at: iso(round.betting_opens_at),
      betting_closes_at: iso(round.betting_closes_at),
      phase_ends_at: iso(round.phase_ends_at),
      server_time: new Date().toISOString(),
      dealer: { name: config.dealer, state: dealerState },
      seats: { total: config.seats, taken: seats.length, players: seats },
      bets_total: { count: totals.reduce((sum, row) => sum + row.count, 0), amount_by_currency: Object.fromEntries(totals.map((row) => [row.currency, toFixedAmount(row.amount, 2, "trunc")])) },
      server_seed_hash: round.server_seed_hash,
      client_seed: liveClientSeed(code),
      result: shown ? { ...publicResult(round.result!), server_seed: round.server_seed } : null,
      history: history.map((row) => ({ round_number: row.round_number, result: publicResult(row.result), server_seed: row.server_seed })),
    };
  }

  async seat(session: SessionRow) {
    const game = findGame(session.game_code)!;
    if (!game.live || session.mode !== "real") throw new HouseError("VALIDATION_ERROR", "Live tables need a real-money session of that table.", 400);
    const config = game.liveConfig!;
    const nickname = `Player ${session.id.slice(0, 4)}`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [row] = await this.ctx.database.query<{ seat: number }>(
        `INSERT INTO house.live_seats (game_code, session_id, seat, nickname)
         SELECT $1, $2, s, $3 FROM generate_series(1, $4::int) s
          WHERE s NOT IN (SELECT seat FROM house.live_seats WHERE game_code = $1) ORDER BY s LIMIT 1
         ON CONFLICT (game_code, session_id) DO UPDATE SET last_seen = now() RETURNING seat`,
        [game.code, session.id, nickname, config.seats],
      ).catch((error: unknown) => {
        // Another session took the same seat number at once: try the next free one. A database outage is not
        // a full table: it is answered 503 (ADR 046).
        if (isDatabaseUnavailable(error)) throw error;
        return [];
      });
      if (row) return this.table(game.code);
    }
    throw new HouseError("TABLE_FULL", "Every seat is taken.", 409);
  }

  async leave(session: SessionRow) {
    await this.ctx.database.query("DELETE FROM house.live_seats WHERE game_code = $1 AND session_id = $2", [session.game_code, session.id]);
    return this.table(session.game_code);
  }

  async touch(session: SessionRow) {
    await this.ctx.database.query("UPDATE house.live_seats SET last_seen = now() WHERE game_code = $1 AND session_id = $2", [session.game_code, session.id]);
  }

  /** A bet in the open window: stored, then debited; refused once the window has closed by the server's clock. */
  async placeBet(session: SessionRow, body: z.infer<typeof liveBetBody>) {
    const game = findGame(session.game_code)!;
    if (!game.live || session.mode !== "real") throw new HouseError("VALIDATION_ERROR", "Live tables need a real-money session of that table.", 400);
    const [seated] = await this.ctx.database.query("SELECT 1 FROM house.live_seats WHERE game_code = $1 AND session_id = $2", [game.code, session.id]);
    if (!seated) throw new HouseError("NOT_SEATED", "Take a seat first.", 409);
    let stake;
    const hand = body.bets.findIndex((bet) => bet.type === "hand");
    try {
      if (game.kind === "live_blackjack" && hand < 0) throw new GameRuleError("VALIDATION_ERROR", 'a bet of type "hand"', ["params", "bets"]);
      stake = game.kind === "live_blackjack" ? stakeOf({ ...game, kind: "blackjack" } as HouseGame, {}, body.bets[hand]!.amount, session.decimals) : stakeOf(game, { bets: body.bets }, undefined, session.decimals);
    } catch (error) {
      if (!(error instanceof GameRuleError)) throw error;
      // The seat's stake is the "hand" bet's amount: name that field, not a "stake" the live call does not have.
      const path = error.path?.[0] === "stake" ? ["params", "bets", hand, "amount"] : error.path;
      throw ruleRefusal(new GameRuleError(error.code, error.message, path), "body", "params");
    }
    const [bet] = await this.ctx.database.query<{ id: string }>(
      `INSERT INTO house.live_bets (live_round_id, session_id, bets, stake, status)
       SELECT r.id, $2, $3::jsonb, $4, 'open' FROM house.live_rounds r
        WHERE r.id = $1 AND r.game_code = $5 AND r.phase = 'betting' AND r.betting_closes_at > now()
       RETURNING id`,
      [body.round_id, session.id, JSON.stringify(game.kind === "live_blackjack" ? [{ type: "hand", amount: toFixedAmount(stake.total, session.decimals, "trunc") }] : body.bets), toFixedAmount(stake.total, 18, "trunc"), game.code],
    );
    if (!bet) throw new HouseError("BETTING_CLOSED", "Betting is closed for this round.", 409);
    const answer = await this.ctx.wallet.bet({
      token: platformToken(session), game_code: game.code, round_id: bet.id, transaction_uuid: `live:${bet.id}:bet`,
      amount: toFixedAmount(stake.total, session.decimals, "trunc"), currency: session.currency, is_free_spin: false, round_closed: false,
    });
    if (answer.status !== "OK") {
      if (answer.status === "UNREACHABLE") return Promise.reject(walletRefusal("UNREACHABLE")); // stays open: refunded by the clock
      await this.ctx.database.query("UPDATE house.live_bets SET status = 'rejected' WHERE id = $1", [bet.id]);
      throw walletRefusal(answer.status);
    }
    await this.ctx.database.query("UPDATE house.live_bets SET status = 'placed' WHERE id = $1", [bet.id]);
    return { bet_id: bet.id, round_id: body.round_id, stake: toFixedAmount(stake.total, session.decimals, "trunc"), balance: answer.balance };
  }

  async myBets(session: SessionRow, roundId: string) {
    const rows = await this.ctx.database.query<{ id: string; bets: unknown; stake: string; win: string | null; status: string; outcome: unknown }>(
      "SELECT id, bets, stake::text AS stake, win::text AS win, status, outcome FROM house.live_bets WHERE session_id = $1 AND live_round_id = $2 ORDER BY created_at",
      [session.id, roundId],
    );
    return rows.map((row) => ({ bet_id: row.id, bets: row.bets, stake: toFixedAmount(row.stake, session.decimals, "trunc"), win: row.win === null ? null : toFixedAmount(row.win, session.decimals, "trunc"), status: row.status, outcome: row.outcome }));
  }

  subscribe(code: string, listener: Listener) {
    const set = this.listeners.get(code) ?? new Set();
    set.add(listener);
    this.listeners.set(code, set);
    return () => set.delete(listener);
  }

  private sendTo(code: string, sessionId: string, event: string, data: unknown) {
    for (const listener of this.listeners.get(code) ?? []) if (listener.sessionId === sessionId) listener.send(event, data);
  }

  private async broadcast(game: HouseGame) {
    const set = this.listeners.get(game.code);
    if (!set || set.size === 0) return;
    const table = await this.table(game.code);
    const phaseKey = `${table.round_id}:${table.phase}`;
    const betsKey = JSON.stringify(table.bets_total);
    const seatsKey = JSON.stringify(table.seats);
    const previous = this.lastSent.get(game.code);
    const [lastPhase, lastBets, lastSeats] = previous ? (JSON.parse(previous) as string[]) : ["", "", ""];
    for (const listener of set) {
      if (phaseKey !== lastPhase) {
        listener.send("table", table);
        if (table.phase === "result") listener.send("result", { round_id: table.round_id, round_number: table.round_number, result: table.result, server_seed: table.result?.server_seed });
      } else {
        if (betsKey !== lastBets) listener.send("bets", { round_id: table.round_id, ...table.bets_total });
        if (seatsKey !== lastSeats) listener.send("seats", table.seats);
      }
    }
    this.lastSent.set(game.code, JSON.stringify([phaseKey, betsKey, seatsKey]));
  }
}

function publicResult(result: Record<string, unknown>) {
  const { raw: _raw, ...rest } = result;
  return rest;
}
