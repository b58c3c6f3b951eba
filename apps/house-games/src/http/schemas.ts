import { z } from "zod";

/**
 * Response schemas of the provider's JSON routes (docs/client-api.md). The
 * serializer encodes answers through them, so a field that is not declared
 * here never leaves the server: per-kind parts (game rules, outcomes, round
 * params) are declared as open objects, everything else field by field.
 */
const decimal = z.string().max(64);
const iso = z.string().max(40);
const open = z.record(z.string(), z.unknown());
const gameKind = z.enum(["slot", "roulette", "blackjack", "dice", "dice_table", "live_roulette", "live_blackjack", "live_dice"]);

const metadata = z.object({ request_id: z.string() });
export const ok = <T extends z.ZodType>(payload: T) => z.object({ status: z.literal("ok"), payload, metadata });

/** Errors carry the stable code, the message and per-code extras (round_id, retry_after_ms). */
export const errorEnvelope = z.object({
  status: z.literal("error"),
  payload: z.looseObject({ code: z.string(), message: z.string() }),
  metadata,
});
export const errorResponses = { "4xx": errorEnvelope, "5xx": errorEnvelope } as const;

export const gameSummary = z.object({
  game_code: z.string(),
  name: z.string(),
  studio: z.string(),
  kind: gameKind,
  rtp: decimal,
  volatility: z.enum(["low", "medium", "high"]).nullable(),
  can_demo: z.boolean(),
  can_freespins: z.boolean(),
  live: z.boolean(),
});

const jurisdiction = z.object({ code: z.string(), min_spin_interval_ms: z.number().int(), autoplay: z.boolean() });

export const gameDefinition = gameSummary.extend({
  rtp_exact: decimal,
  rtp_fraction: z.string(),
  rtp_note: z.string(),
  bet: z.object({ min: decimal, max: decimal, default: decimal, step: decimal, options: z.array(decimal) }),
  jurisdiction,
  live_config: z.object({ betting_seconds: z.number(), seats: z.number().int(), dealer: z.string() }).nullable(),
  rules: z.array(z.string()),
  slot: open.optional(),
  roulette: open.optional(),
  dice: open.optional(),
  dice_table: open.optional(),
  blackjack: open.optional(),
});

export const fairness = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  previous: z.object({ server_seed: z.string(), server_seed_hash: z.string(), client_seed: z.string().nullable(), last_nonce: z.number().int() }).nullable(),
});

/** The player's granted bonus free spins in this game (the platform's latest answer); none in demo play. */
export const freeSpins = z.object({ available: z.boolean(), count: z.number().int().min(0), bet: decimal.nullable() });

export const round = z.object({
  round_id: z.string(),
  game_code: z.string(),
  status: z.enum(["open", "bet_placed", "in_progress", "settled", "refunded", "rejected"]),
  stake: decimal,
  win: decimal.nullable(),
  net: decimal.nullable(),
  is_free_spin: z.boolean(),
  balance_before: decimal.nullable(),
  balance_after: decimal.nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  params: open,
  fairness: z.object({ server_seed_hash: z.string(), client_seed: z.string(), nonce: z.number().int(), server_seed: z.string().nullable() }),
  outcome: open.nullable(),
  /** Only on the answer to the play call of a game that takes free spins: the state after this round. */
  free_spins: freeSpins.optional(),
});

export const balance = z.object({ currency: z.string(), balance: decimal, bonus_balance: decimal, free_spins: freeSpins });

export const session = z.object({
  session_key: z.string().optional(),
  session_id: z.string(),
  game_code: z.string(),
  mode: z.enum(["real", "demo"]),
  currency: z.string(),
  balance: decimal,
  bonus_balance: decimal,
  fairness,
  pending_round: round.nullable(),
  stats: z.object({ started_at: iso, rounds: z.number().int(), staked: decimal, won: decimal, net: decimal }),
  jurisdiction,
  free_spins: freeSpins,
});

export const verifyResult = z.object({ server_seed_hash: z.string(), game_code: z.string(), outcome: open });

export const publicRound = z.object({
  round_id: z.string(),
  game_code: z.string(),
  kind: z.string(),
  status: z.string(),
  created_at: iso,
  settled_at: iso.nullable(),
  client_seed: z.string(),
  nonce: z.number().int(),
  server_seed_hash: z.string(),
  server_seed: z.string().nullable(),
  revealed: z.boolean(),
  params: open,
  actions: z.array(z.string()),
  outcome: open.nullable(),
  live_round_number: z.number().int().nullable(),
});

const seats = z.object({ total: z.number().int(), taken: z.number().int(), players: z.array(z.object({ seat: z.number().int(), nickname: z.string() })) });

export const liveTable = z.object({
  game_code: z.string(),
  kind: gameKind,
  name: z.string(),
  phase: z.enum(["betting", "drawing", "result"]),
  round_id: z.string(),
  round_number: z.number().int(),
  betting_opens_at: iso,
  betting_closes_at: iso,
  phase_ends_at: iso,
  server_time: iso,
  dealer: z.object({ name: z.string(), state: z.string() }),
  seats,
  bets_total: z.object({ count: z.number().int(), amount_by_currency: z.record(z.string(), decimal) }),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  result: open.nullable(),
  history: z.array(z.object({ round_number: z.number().int(), result: open, server_seed: z.string() })),
});

export const liveBetPlaced = z.object({ bet_id: z.string(), round_id: z.string(), stake: decimal, balance: decimal.nullable() });

export const liveBet = z.object({ bet_id: z.string(), bets: z.unknown(), stake: decimal, win: decimal.nullable(), status: z.string(), outcome: z.unknown() });
