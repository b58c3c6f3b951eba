import { findGame } from "../games/game-catalog.ts";
import type { HouseContext } from "./house-context.ts";
import { HouseError } from "./house-error.ts";

/**
 * What anyone holding a round id may see: the platform's round history links
 * to the verify page with nothing but the provider round id (the id the
 * wallet calls carried), so this lookup needs no session. It names no player
 * and no session; the server seed appears only once it has been revealed
 * (seed pair rotated for a round, the live round's result shown for a live
 * bet), so it never lets anyone predict an outcome.
 */
export type PublicRound = {
  round_id: string;
  game_code: string;
  kind: string;
  status: string;
  created_at: string;
  settled_at: string | null;
  client_seed: string;
  nonce: number;
  server_seed_hash: string;
  server_seed: string | null;
  revealed: boolean;
  /** The round's parameters as the verify call takes them (stake per hand, bets, dice target, hands). */
  params: Record<string, unknown>;
  /** Blackjack decisions in order, for the verify call's `actions`. */
  actions: string[];
  /** The outcome stored when the round was played (null while the stake is still being placed). */
  outcome: Record<string, unknown> | null;
  /** Live bets: the table round the bet was placed on. */
  live_round_number: number | null;
};

type RoundRow = {
  id: string;
  game_code: string;
  kind: string;
  status: string;
  created_at: string;
  settled_at: string | null;
  params: Record<string, unknown>;
  outcome: Record<string, unknown> | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  current_seed: string;
};

type LiveBetRow = {
  id: string;
  status: string;
  created_at: string;
  bets: unknown;
  outcome: Record<string, unknown> | null;
  game_code: string;
  round_number: number;
  phase: string;
  server_seed: string;
  server_seed_hash: string;
  result: Record<string, unknown> | null;
};

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function lookupRound(ctx: HouseContext, roundId: string): Promise<PublicRound> {
  if (!UUID.test(roundId)) throw new HouseError("NOT_FOUND", "No round with this id.", 404);
  const [round] = await ctx.database.query<RoundRow>(
    `SELECT r.id, r.game_code, r.kind, r.status, r.created_at::text AS created_at, r.settled_at::text AS settled_at, r.params, r.outcome,
            r.server_seed, r.server_seed_hash, r.client_seed, r.nonce, s.server_seed AS current_seed
       FROM house.rounds r JOIN house.sessions s ON s.id = r.session_id
      WHERE r.id = $1 AND r.status <> 'rejected'`,
    [roundId],
  );
  if (round) return publicRound(round);
  // Live bets reach the wallet under their own id (one bet, one wallet round).
  const [bet] = await ctx.database.query<LiveBetRow>(
    `SELECT b.id, b.status, b.created_at::text AS created_at, b.bets, b.outcome, r.game_code, r.round_number, r.phase, r.server_seed, r.server_seed_hash, r.result
       FROM house.live_bets b JOIN house.live_rounds r ON r.id = b.live_round_id
      WHERE b.id = $1 AND b.status <> 'rejected'`,
    [roundId],
  );
  if (bet) return publicLiveBet(bet);
  throw new HouseError("NOT_FOUND", "No round with this id.", 404);
}

function publicRound(row: RoundRow): PublicRound {
  // A seed is revealed once its session has moved on to another one (rotation).
  const revealed = row.current_seed !== row.server_seed;
  // Until the stake is confirmed the result has not been shown to the player either.
  const shown = !["open", "bet_placed"].includes(row.status);
  const actions = Array.isArray(row.outcome?.actions) ? (row.outcome.actions as string[]) : [];
  return {
    round_id: row.id,
    game_code: row.game_code,
    kind: findGame(row.game_code)?.kind ?? row.kind,
    status: row.status,
    created_at: iso(row.created_at)!,
    settled_at: iso(row.settled_at),
    client_seed: row.client_seed,
    nonce: row.nonce,
    server_seed_hash: row.server_seed_hash,
    server_seed: revealed ? row.server_seed : null,
    revealed,
    params: row.params,
    actions,
    outcome: shown ? row.outcome : null,
    live_round_number: null,
  };
}

function publicLiveBet(row: LiveBetRow): PublicRound {
  const game = findGame(row.game_code);
  // The live round's seed is published with its result.
  const revealed = row.phase === "result" || row.outcome !== null;
  const result = revealed && row.result ? publicResult(row.result) : null;
  const hand = (result?.hand ?? null) as { actions?: string[] } | null;
  return {
    round_id: row.id,
    game_code: row.game_code,
    kind: game?.kind ?? "live",
    status: row.status,
    created_at: iso(row.created_at)!,
    settled_at: null,
    client_seed: `live:${row.game_code}`,
    nonce: row.round_number,
    server_seed_hash: row.server_seed_hash,
    server_seed: revealed ? row.server_seed : null,
    revealed,
    params: game?.kind === "live_blackjack" ? { hands: 1, bets: row.bets } : { bets: row.bets },
    actions: Array.isArray(hand?.actions) ? hand.actions : [],
    // A live blackjack bet rides the table's one hand: its outcome is the round's result.
    outcome: game?.kind === "live_blackjack" ? result : (row.outcome ?? result),
    live_round_number: row.round_number,
  };
}

function publicResult(result: Record<string, unknown>) {
  const { raw: _raw, ...rest } = result;
  return rest;
}
