import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { hashGameSessionToken, newGameSessionToken } from "./game-session-token.ts";

export const DEFAULT_GAME_SESSION_TTL_SECONDS = 4 * 60 * 60;

export type IssueGameSessionInput = {
  playerGuid: string;
  /** The wallet the game plays on; must be the player's own. */
  walletGuid: string;
  /** Provider code as configured (PROVIDERS / "house"). */
  providerCode: string;
  /** The game's external_guid: every provider call must carry exactly this game_code. */
  gameCode: string;
  /** The catalogue's guid of the game, when the catalogue knows it. */
  gameGuid?: string | null;
  ttlSeconds?: number;
  /**
   * The login session (JWT sid) that opens the game: once it ends or expires, bets and balance calls
   * answer TOKEN_EXPIRED (ADR 011). POST /game/open always passes it; only tools and tests that seat a
   * player without logging in omit it, and such a session lives its TTL.
   */
  loginSessionGuid?: string;
  /**
   * In-game conversion (ADR 006): play in `playCurrencyGuid` through the
   * currency pair `pairGuid`, which must link it directly to the wallet's
   * currency and have a stored rate. The rate is snapshotted on the session.
   */
  exchange?: { pairGuid: string; playCurrencyGuid: string };
};

export type IssuedGameSession = { sessionGuid: string; token: string; expiresAt: string; currencyGuid: string };

/**
 * Issues the game session token a provider presents on every wallet call.
 * POST /game/open calls this after choosing the game and the wallet, then
 * puts `token` into game_url (`?token=…`); the provider reads it from there.
 * The token binds player, wallet, currency and game; it expires after
 * ttlSeconds or when the login session ends (bets are then refused with
 * TOKEN_EXPIRED, wins and rollbacks still land). The login session must be
 * the player's and live. The plain token is returned once and never stored.
 */
export async function issueGameSession(db: Db, input: IssueGameSessionInput): Promise<IssuedGameSession> {
  const token = newGameSessionToken();
  const ttl = input.ttlSeconds ?? DEFAULT_GAME_SESSION_TTL_SECONDS;
  const play = input.exchange?.playCurrencyGuid ?? null;
  const login = input.loginSessionGuid ?? null;
  // The price as W per 1 G: the pair's price when G is its base, its inverse when G is its quote.
  const rows = await queryRows<{ guid: string; expires_at: string; currency_guid: string }>(
    db,
    sql`INSERT INTO game_sessions (token_hash, provider_code, customer_guid, wallet_guid, currency_guid, game_code, game_guid, expires_at,
                                   play_currency_guid, exchange_guid, exchange_price, login_session_guid)
        SELECT ${hashGameSessionToken(token)}, ${input.providerCode}, w.customer_guid, w.guid, w.currency_guid,
               ${input.gameCode}, ${input.gameGuid ?? null}::uuid, now() + make_interval(secs => ${ttl}),
               x.play_currency_guid, x.pair_guid, x.price, ${login}::uuid
          FROM wallets w
          LEFT JOIN LATERAL (
            SELECT cp.guid AS pair_guid, ${play}::uuid AS play_currency_guid,
                   CASE WHEN cp.base_guid = ${play}::uuid AND cp.quote_guid = w.currency_guid THEN er.price
                        WHEN cp.base_guid = w.currency_guid AND cp.quote_guid = ${play}::uuid THEN round(1 / er.price, 18) END AS price
              FROM currency_pairs cp JOIN exchange_rates er ON er.currency_pair_guid = cp.guid
             WHERE cp.guid = ${input.exchange?.pairGuid ?? null}::uuid AND cp.status = 'active') x ON true
         WHERE w.guid = ${input.walletGuid}::uuid AND w.customer_guid = ${input.playerGuid}::uuid
           AND (${play}::uuid IS NULL OR x.price > 0)
           -- A login session that has already ended opens nothing (a request racing its own logout).
           AND (${login}::uuid IS NULL OR EXISTS (
                 SELECT 1 FROM sessions ls
                  WHERE ls.guid = ${login}::uuid AND ls.user_guid = w.customer_guid
                    AND ls.finished_at IS NULL AND ls.refresh_expires_at > now()))
        RETURNING guid, currency_guid,
                  to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at`,
  );
  const row = rows[0];
  if (!row) throw input.exchange ? new AppError("CONFLICT", "This currency pair cannot convert your wallet's currency.") : notFound("No such wallet.");
  return { sessionGuid: row.guid, token, expiresAt: row.expires_at, currencyGuid: row.currency_guid };
}
