import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, guid, money, updatedAt } from "./columns.ts";
import { games } from "./catalog.ts";
import { currencies } from "./dictionary.ts";
import { sessions, users } from "./identity.ts";
import { wallets } from "./wallet.ts";

/**
 * A game session: what a provider's `token` stands for. Issued by
 * issueGameSession() when a player opens a game; binds player, wallet,
 * currency and game. Only the SHA-256 of the token is stored.
 */
export const gameSessions = pgTable(
  "game_sessions",
  {
    guid: guid(),
    token_hash: varchar("token_hash", { length: 64 }).notNull(),
    provider_code: varchar("provider_code", { length: 64 }).notNull(),
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    wallet_guid: uuid("wallet_guid")
      .notNull()
      .references(() => wallets.guid),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    // The provider's id of the game (the catalogue's external_guid); the game_code every call must carry.
    game_code: varchar("game_code", { length: 128 }).notNull(),
    // The catalogue's game, when the game-open call knows it (game_code is the binding either way).
    game_guid: uuid("game_guid").references(() => games.guid),
    // In-game conversion (ADR 006): the currency the game plays in when it is not the wallet's (currency_guid),
    // the currency pair used and its price snapshot as wallet-currency units per play-currency unit, fixed for
    // the session's life. All three null for a session that plays in the wallet currency.
    play_currency_guid: uuid("play_currency_guid").references(() => currencies.guid),
    exchange_guid: uuid("exchange_guid"),
    exchange_price: money("exchange_price"),
    expires_at: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    // The login session (sessions.guid, the JWT sid) that opened the game (migration 0013, ADR 011): once it
    // ends, by any path (logout, ended from another device, password reset or change, refresh-token reuse,
    // account lock) or expires, bets and balance calls answer TOKEN_EXPIRED; wins and rollbacks still land.
    // Null only for sessions issued without a login (tools and tests) and rows older than 0013 (which it closed).
    login_session_guid: uuid("login_session_guid").references(() => sessions.guid),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("game_sessions_token_hash_uq").on(t.token_hash),
    index("game_sessions_customer_idx").on(t.customer_guid),
    check(
      "game_sessions_conversion_complete",
      sql`(${t.play_currency_guid} IS NULL AND ${t.exchange_guid} IS NULL AND ${t.exchange_price} IS NULL)
          OR (${t.play_currency_guid} IS NOT NULL AND ${t.exchange_guid} IS NOT NULL AND ${t.exchange_price} > 0)`,
    ),
  ],
);

/** A provider's round; closed by round_closed: true, after which bets are refused. */
export const gameRounds = pgTable(
  "game_rounds",
  {
    provider_code: varchar("provider_code", { length: 64 }).notNull(),
    round_id: varchar("round_id", { length: 128 }).notNull(),
    wallet_guid: uuid("wallet_guid").notNull(),
    closed_at: timestamp("closed_at", { withTimezone: true, mode: "string" }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ name: "game_rounds_pk", columns: [t.provider_code, t.round_id] })],
);

/**
 * The contract's Game transaction entity: one row per accepted provider call, which is also the call's
 * idempotency claim (ADR 040; it took over provider_transactions in migration 0042). The provider's
 * transaction_uuid (tradeid) is unique per provider forever across bets, wins, rollbacks and
 * tombstones: a rollback that arrives before its bet claims the bet's key with a `tombstone` row, so
 * the bet can never land afterwards, and a rollback that refunds nothing claims its own key with a
 * `void_rollback` row. Those two are not game transactions: they name no player (user_guid NULL, so
 * every reader that selects by player skips them), no session and no amounts (game_transactions_row_shape).
 */
export const gameTransactions = pgTable(
  "game_transactions",
  {
    guid: guid(),
    // Insertion order for stable paging of rows created in the same instant.
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    // Set on every bet, win and rollback; NULL only on a tombstone or void rollback.
    user_guid: uuid("user_guid"),
    // NULL only on a tombstone or void rollback of a call that came without a token (ADR 011).
    wallet_guid: uuid("wallet_guid"),
    currency_guid: uuid("currency_guid"),
    provider_code: varchar("provider_code", { length: 64 }).notNull(),
    game_code: varchar("game_code", { length: 128 }),
    game_guid: uuid("game_guid"),
    // bet, win or rollback; tombstone and void_rollback are claimed keys, not game transactions.
    operation: varchar("operation", {
      length: 16,
      enum: ["bet", "win", "rollback", "tombstone", "void_rollback"],
    }).notNull(),
    // A bet: accepted, then rolled_back by its refund. A tombstone: tombstone. Anything else: accepted.
    status: varchar("status", { length: 16, enum: ["accepted", "rolled_back", "tombstone"] })
      .notNull()
      .default("accepted"),
    // Canonical parameters of the original call (fingerprint.ts); a repeat must match it exactly.
    fingerprint: varchar("fingerprint", { length: 1200 }),
    bet_sum: money("bet_sum").notNull(),
    win: money("win").notNull(),
    // Part of bet_sum paid from bonus money (the rest was cash, except on a free spin: nothing was).
    bonus_bet: money("bonus_bet").notNull().default("0"),
    jackpot_win: money("jackpot_win").notNull().default("0"),
    // A bet: the wagering requirement it worked off; its refund gives it back.
    wager_contribution: money("wager_contribution"),
    // A bet: the wallet's active customer bonus when it was placed (null: none). Its win or refund gives
    // wagering and bonus money back only to that bonus, never to a newer one (ADR 032).
    customer_bonus_guid: uuid("customer_bonus_guid"),
    // Total balance (cash + bonus) before and after the call.
    balance_before: money("balance_before"),
    balance_after: money("balance_after"),
    // The bonus part of balance_after: the answer replayed to an identical retry is balance_after -
    // bonus_balance_after (cash) and this.
    bonus_balance_after: money("bonus_balance_after"),
    // The game session (token) the call came with.
    session_id: uuid("session_id"),
    // The provider's transaction_uuid.
    tradeid: varchar("tradeid", { length: 128 }).notNull(),
    // The provider's round_id.
    betid: varchar("betid", { length: 128 }),
    isbet: boolean("isbet").notNull(),
    finish: boolean("finish").notNull().default(false),
    freespin: boolean("freespin").notNull().default(false),
    // For wins and rollbacks: the game transaction of the bet they refer to.
    correlation_guid: uuid("correlation_guid"),
    info: jsonb("info").$type<Record<string, unknown>>().notNull().default({}),
    // In-game conversion (ADR 006): the amounts above are in the wallet currency; these are the same call in
    // the game's play currency, with the session's pair and price (wallet units per play unit). Null otherwise.
    exchange_balance_before: money("exchange_balance_before"),
    exchange_balance_after: money("exchange_balance_after"),
    exchange_bet_sum: money("exchange_bet_sum"),
    exchange_win: money("exchange_win"),
    exchange_guid: uuid("exchange_guid"),
    exchange_price: money("exchange_price"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("game_transactions_user_created_idx").on(t.user_guid, t.created_at.desc(), t.seq.desc()),
    // The keyset of scanGameTransactions (rakeback and loyalty read every call once, off the hot path).
    index("game_transactions_created_seq_idx").on(t.created_at, t.seq),
    // The idempotency key of every provider wallet call (formerly provider_transactions' primary key).
    uniqueIndex("game_transactions_provider_tradeid_uq").on(t.provider_code, t.tradeid),
    check("game_transactions_amounts_non_negative", sql`${t.bet_sum} >= 0 AND ${t.win} >= 0`),
    check("game_transactions_status_known", sql`${t.status} IN ('accepted', 'rolled_back', 'tombstone')`),
    check(
      "game_transactions_row_shape",
      sql`CASE WHEN ${t.operation} IN ('bet', 'win', 'rollback')
               THEN ${t.user_guid} IS NOT NULL AND ${t.wallet_guid} IS NOT NULL AND ${t.currency_guid} IS NOT NULL
                    AND ${t.game_code} IS NOT NULL AND ${t.session_id} IS NOT NULL AND ${t.betid} IS NOT NULL
                    AND ${t.balance_before} IS NOT NULL AND ${t.balance_after} IS NOT NULL AND ${t.status} <> 'tombstone'
               WHEN ${t.operation} IN ('tombstone', 'void_rollback')
               THEN ${t.user_guid} IS NULL AND ${t.session_id} IS NULL AND ${t.bet_sum} = 0 AND ${t.win} = 0 AND ${t.bonus_bet} = 0
                    AND (${t.operation} = 'tombstone') = (${t.status} = 'tombstone')
               ELSE false END`,
    ),
  ],
);
