import { sql, type SQL } from "drizzle-orm";
import { hotRows, type HotDatabase } from "../../lib/sql-executor.ts";
import { batcherPerDatabase } from "../../lib/call-batcher.ts";
import { playerBlockedSql, playerLimitReachedSql } from "./check-player-may-bet.ts";

export type StoredTransaction = {
  method: "bet" | "win" | "rollback" | "tombstone";
  status: "accepted" | "rolled_back" | "tombstone";
  fingerprint: string;
  wallet_guid: string | null;
  amount: string | null;
  free_spin: boolean;
  game_transaction_guid: string | null;
  balance_after: string | null;
  bonus_balance_after: string | null;
  /** balance_after / bonus_balance_after as the game saw them (play currency); equal without conversion. */
  play_balance_after: string | null;
  play_bonus_balance_after: string | null;
  /** The game session a bet came with (its game transaction's); null for tombstones. Read for references only. */
  session_guid?: string | null;
};

export type CallContext = {
  session_guid: string;
  session_provider: string;
  customer_guid: string;
  wallet_guid: string;
  currency_guid: string;
  game_code: string;
  game_guid: string | null;
  /**
   * The game session is closed: past its TTL, or the login session that opened it has ended or
   * expired (ADR 011). Bets and balance calls answer TOKEN_EXPIRED; wins and rollbacks ignore it.
   */
  expired: boolean;
  /** The wallet currency W: the ledger's. */
  currency_code: string;
  decimals: number;
  /** The currency the game plays in (G): W's unless the session converts (ADR 006). */
  play_currency_code: string;
  play_decimals: number;
  /** The session's pair and its snapshot price, W per 1 G; null without conversion. */
  exchange_guid: string | null;
  exchange_price: string | null;
  max_bet: string;
  max_bonus_bet: string;
  balance: string;
  bonus_balance: string;
  /** balance and bonus_balance in the play currency, rounded down. */
  play_balance: string;
  play_bonus_balance: string;
  wallet_blocked: boolean;
  player_blocked: boolean;
  limit_reached: boolean;
  game_in_catalog: boolean;
  /** Free spins left on the wallet, and the stake of one in the play currency (ADR 032; null: none set). */
  free_spin_count: number;
  play_free_spin_bet: string | null;
  /** The game is open to free spins (games.can_freespins). */
  can_free_spin: boolean;
  /** Percent of a stake that counts towards wagering in this game. */
  bonus_wage: string;
  /** May bonus money be staked in this game? */
  bonus_play_allowed: boolean;
  own: StoredTransaction | null;
  reference: StoredTransaction | null;
};

/**
 * tokenHash: the SHA-256 of the call's token (hashGameSessionToken), or, for a win or rollback sent
 * without a token, the hash of its bet's session (resolve-call-session.ts).
 */
type ContextInput = {
  providerCode: string;
  tokenHash: string;
  transactionUuid: string | null;
  referenceUuid: string | null;
};

/** Calls read together in one statement, at most. */
const CONTEXT_BATCH_MAX = 64;
/**
 * Context reads running at once per process; the rest queue and leave together. One: a read is
 * short, and one at a time lets the most calls share it (ADR 007, "Measurements").
 */
const CONTEXT_READS_IN_FLIGHT = 1;

const contextBatcher = batcherPerDatabase({
  run: loadCallContexts,
  max_batch: CONTEXT_BATCH_MAX,
  max_in_flight: CONTEXT_READS_IN_FLIGHT,
});

/**
 * Everything a call needs to decide before touching money, in one read: the
 * session behind the token (with its wallet and currency), the player's
 * standing, and the stored transactions for transaction_uuid and
 * reference_transaction_uuid. Decisions made on it are re-checked by the
 * guarded statements that move the money. Concurrent calls share one read
 * (lib/call-batcher.ts): under load a round trip serves dozens of them.
 */
export async function loadCallContext(database: HotDatabase, input: ContextInput): Promise<CallContext | undefined> {
  return contextBatcher(database).submit(input);
}

/** The contexts of several calls in one statement, in the order given (undefined: no such session). */
export async function loadCallContexts(
  database: HotDatabase,
  inputs: ContextInput[],
): Promise<(CallContext | undefined)[]> {
  const calls = inputs.map((input, i) => ({
    i,
    provider_code: input.providerCode,
    token_hash: input.tokenHash,
    transaction_uuid: input.transactionUuid,
    reference_uuid: input.referenceUuid,
  }));
  // The stored call under a key: its game transaction, which is also its claim (ADR 040). The cash
  // balance answered is the total minus the bonus part; a tombstone has neither.
  const stored = (uuid: SQL, withSession = false) => sql`(
    SELECT jsonb_build_object('method', ${storedMethod(sql`t`)}, 'status', t.status, 'fingerprint', t.fingerprint,
                              'wallet_guid', t.wallet_guid, 'amount', ${storedAmount(sql`t`)}::text, 'free_spin', t.freespin,
                              'game_transaction_guid', ${storedGameTransaction(sql`t`)},
                              'balance_after', (t.balance_after - t.bonus_balance_after)::text,
                              'bonus_balance_after', t.bonus_balance_after::text,
                              'play_balance_after', ${toPlay(sql`(t.balance_after - t.bonus_balance_after)`)}::text,
                              'play_bonus_balance_after', ${toPlay(sql`t.bonus_balance_after`)}::text${
                                withSession ? sql`, 'session_guid', t.session_id` : sql``
                              })
      FROM game_transactions t WHERE t.provider_code = q.provider_code AND t.tradeid = ${uuid})`;
  // W → G at the session's snapshot, rounded down (ADR 006).
  function toPlay(walletAmount: SQL): SQL {
    return sql`CASE WHEN s.exchange_price IS NULL THEN ${walletAmount}
                    ELSE trunc(${walletAmount} / s.exchange_price, pc.decimals) END`;
  }
  const rows = await hotRows<CallContext & { i: number }>(
    database,
    sql`SELECT q.i, s.guid AS session_guid, s.provider_code AS session_provider, s.customer_guid, s.wallet_guid, s.currency_guid,
               s.game_code, COALESCE(s.game_guid, g.guid) AS game_guid,
               (s.expires_at <= now()
                 OR (s.login_session_guid IS NOT NULL
                     AND NOT EXISTS (SELECT 1 FROM sessions ls
                                      WHERE ls.guid = s.login_session_guid AND ls.finished_at IS NULL
                                        AND ls.refresh_expires_at > now()))) AS expired,
               c.code AS currency_code, c.decimals,
               COALESCE(pc.code, c.code) AS play_currency_code, COALESCE(pc.decimals, c.decimals) AS play_decimals,
               s.exchange_guid, s.exchange_price::text AS exchange_price,
               w.balance::text AS balance, w.bonus_balance::text AS bonus_balance,
               ${toPlay(sql`w.balance`)}::text AS play_balance, ${toPlay(sql`w.bonus_balance`)}::text AS play_bonus_balance, w.status <> 'active' AS wallet_blocked,
               ${playerBlockedSql(sql`s.customer_guid`)} AS player_blocked,
               ${playerLimitReachedSql(sql`s.customer_guid`)} AS limit_reached,
               -- The catalogue's view of the game: still active, for this provider, in the currency it plays in.
               (g.guid IS NOT NULL AND g.game_status = 'active' AND g.game_provider = s.provider_code
                 AND (cardinality(g.currency_guids) = 0
                      OR COALESCE(s.play_currency_guid, s.currency_guid) = ANY (g.currency_guids))) AS game_in_catalog,
               w.free_spin_count,
               -- W → G rounded to G's decimals: the stake a free spin must carry (provider_wallet_apply).
               round(CASE WHEN s.exchange_price IS NULL THEN w.free_spin_bet ELSE w.free_spin_bet / s.exchange_price END,
                     COALESCE(pc.decimals, c.decimals))::text AS play_free_spin_bet,
               COALESCE(g.can_freespins, false) AS can_free_spin,
               COALESCE(g.bonus_wage, 100)::text AS bonus_wage,
               COALESCE(g.bonus_play_allowed, true) AS bonus_play_allowed,
               CASE WHEN tag.name = 'Live' THEN c.max_bet_live_real ELSE c.max_bet_slot_real END::text AS max_bet,
               CASE WHEN tag.name = 'Live' THEN c.max_bet_live_bonus ELSE c.max_bet_slot_bonus END::text AS max_bonus_bet,
               CASE WHEN q.transaction_uuid IS NULL THEN NULL ELSE ${stored(sql`q.transaction_uuid`)} END AS own,
               CASE WHEN q.reference_uuid IS NULL THEN NULL ELSE ${stored(sql`q.reference_uuid`, true)} END AS reference
          FROM jsonb_to_recordset(${JSON.stringify(calls)}::jsonb)
               AS q(i integer, provider_code text, token_hash text, transaction_uuid text, reference_uuid text)
          JOIN game_sessions s ON s.token_hash = q.token_hash
          JOIN wallets w ON w.guid = s.wallet_guid
          JOIN currencies c ON c.guid = s.currency_guid
          LEFT JOIN currencies pc ON pc.guid = s.play_currency_guid
          LEFT JOIN games g ON g.external_guid = s.game_code
          LEFT JOIN tags tag ON tag.guid = g.system_tag_guid`,
  );
  const byIndex = new Map(rows.map(({ i, ...ctx }) => [Number(i), ctx as CallContext]));
  return calls.map((call) => byIndex.get(call.i));
}

/**
 * A stored call's method as the verbs know it: a void rollback (one that refunded nothing) is a
 * rollback; bet, win, rollback and tombstone are themselves.
 */
export function storedMethod(row: SQL): SQL {
  return sql`CASE ${row}.operation WHEN 'void_rollback' THEN 'rollback' ELSE ${row}.operation END`;
}

/** What the call moved, in W: a bet's stake, a win's payout, a rollback's refund; none for a tombstone. */
function storedAmount(row: SQL): SQL {
  return sql`CASE ${row}.operation WHEN 'bet' THEN ${row}.bet_sum WHEN 'tombstone' THEN NULL ELSE ${row}.win END`;
}

/** The game transaction a stored call is, when it is one (not a claimed key without money). */
function storedGameTransaction(row: SQL): SQL {
  return sql`CASE WHEN ${row}.operation IN ('bet', 'win', 'rollback') THEN ${row}.guid END`;
}
