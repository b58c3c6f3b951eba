import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, numeric, pgSchema, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";

/**
 * The house provider's own tables, in their own PostgreSQL schema. The
 * provider never reads platform tables: it knows players only by what the
 * platform signed into the launch URL (a game session token, of which it keeps
 * only a hash, and a pseudonymous player reference).
 */
export const house = pgSchema("house");

const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

export const sessions = house.table(
  "sessions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** SHA-256 of the session key the client holds. */
    keyHash: text("key_hash").notNull().unique(),
    mode: text("mode").notNull(),
    gameCode: text("game_code").notNull(),
    /**
     * SHA-256 of the platform token (real mode): the same token resumes the same session, and the client
     * proves each real-money request with the token itself (never stored, never logged). Wins and
     * rollbacks after a restart go without it: the platform resolves them by the referenced bet.
     */
    tokenHash: text("token_hash"),
    /** The operator's jurisdiction code from the signed launch (none | gb | mt | on): every rule reads its profile. */
    jurisdiction: text("jurisdiction").notNull().default("none"),
    /** The platform's pseudonymous player reference from the signed launch (real mode): per-player limits key on it. */
    playerRef: text("player_ref"),
    currency: text("currency").notNull(),
    decimals: integer("decimals").notNull(),
    demoBalance: money("demo_balance"),
    serverSeed: text("server_seed").notNull(),
    clientSeed: text("client_seed").notNull(),
    nonce: integer("nonce").notNull().default(0),
    previousServerSeed: text("previous_server_seed"),
    previousClientSeed: text("previous_client_seed"),
    previousNonce: integer("previous_nonce"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [unique("sessions_token_game").on(t.tokenHash, t.gameCode)],
);

/**
 * The time of the last accepted slot round per pace key: a player reference (real play: the minimum time
 * between slot spins holds per player across all of their sessions and games) or "session:<id>" (demo).
 * Claimed by a guarded upsert inside the statement that inserts the round.
 */
export const slotPace = house.table("slot_pace", {
  paceKey: text("pace_key").primaryKey(),
  lastSlotAt: at("last_slot_at").notNull(),
});

export const rounds = house.table(
  "rounds",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    sessionId: uuid("session_id").notNull(),
    gameCode: text("game_code").notNull(),
    kind: text("kind").notNull(),
    /** open (stored, bet not confirmed) → in_progress (blackjack decisions) → settled | refunded | rejected. */
    status: text("status").notNull(),
    isFreeSpin: boolean("is_free_spin").notNull().default(false),
    stake: money("stake").notNull(),
    win: money("win"),
    balanceBefore: money("balance_before"),
    balanceAfter: money("balance_after"),
    params: jsonb("params").notNull(),
    /** The RNG result, written with the stake before anything is shown. */
    draw: jsonb("draw").notNull(),
    state: jsonb("state"),
    outcome: jsonb("outcome"),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    nonce: integer("nonce").notNull(),
    clientRequestId: text("client_request_id"),
    /** Wallet calls made for this round: bet ids, extra stakes, the win id. */
    wallet: jsonb("wallet").notNull().default(sql`'{}'::jsonb`),
    error: text("error"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    settledAt: at("settled_at"),
  },
  (t) => [unique("rounds_request").on(t.sessionId, t.clientRequestId), index("rounds_session_created").on(t.sessionId, t.createdAt), index("rounds_status").on(t.status)],
);

export const liveRounds = house.table(
  "live_rounds",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    gameCode: text("game_code").notNull(),
    roundNumber: integer("round_number").notNull(),
    phase: text("phase").notNull(),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    bettingOpensAt: at("betting_opens_at").notNull(),
    bettingClosesAt: at("betting_closes_at").notNull(),
    phaseEndsAt: at("phase_ends_at").notNull(),
    result: jsonb("result"),
  },
  (t) => [unique("live_rounds_number").on(t.gameCode, t.roundNumber)],
);

export const liveBets = house.table(
  "live_bets",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    liveRoundId: uuid("live_round_id").notNull(),
    sessionId: uuid("session_id").notNull(),
    bets: jsonb("bets").notNull(),
    stake: money("stake").notNull(),
    win: money("win"),
    /** open (stored) → placed (wallet accepted) → settled | refunded | rejected. */
    status: text("status").notNull(),
    outcome: jsonb("outcome"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("live_bets_round").on(t.liveRoundId)],
);

export const liveSeats = house.table(
  "live_seats",
  {
    gameCode: text("game_code").notNull(),
    sessionId: uuid("session_id").notNull(),
    seat: integer("seat").notNull(),
    nickname: text("nickname").notNull(),
    lastSeen: at("last_seen").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameCode, t.sessionId] }), unique("live_seats_seat").on(t.gameCode, t.seat)],
);
