import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../ledger/sql-executor.ts";
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
};

export type IssuedGameSession = { sessionGuid: string; token: string; expiresAt: string; currencyGuid: string };

/**
 * Issues the game session token a provider presents on every wallet call.
 * POST /game/open calls this after choosing the game and the wallet, then
 * puts `token` into game_url (`?token=…`); the provider reads it from there.
 * The token binds player, wallet, currency and game; it expires after
 * ttlSeconds (bets are then refused with TOKEN_EXPIRED, wins and rollbacks
 * still land). The plain token is returned once and never stored.
 */
export async function issueGameSession(db: Db, input: IssueGameSessionInput): Promise<IssuedGameSession> {
  const token = newGameSessionToken();
  const ttl = input.ttlSeconds ?? DEFAULT_GAME_SESSION_TTL_SECONDS;
  const rows = await queryRows<{ guid: string; expires_at: string; currency_guid: string }>(
    db,
    sql`INSERT INTO game_sessions (token_hash, provider_code, customer_guid, wallet_guid, currency_guid, game_code, game_guid, expires_at)
        SELECT ${hashGameSessionToken(token)}, ${input.providerCode}, w.customer_guid, w.guid, w.currency_guid,
               ${input.gameCode}, ${input.gameGuid ?? null}::uuid, now() + make_interval(secs => ${ttl})
          FROM wallets w
         WHERE w.guid = ${input.walletGuid}::uuid AND w.customer_guid = ${input.playerGuid}::uuid
        RETURNING guid, currency_guid,
                  to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at`,
  );
  const row = rows[0];
  if (!row) throw notFound("No such wallet.");
  return { sessionGuid: row.guid, token, expiresAt: row.expires_at, currencyGuid: row.currency_guid };
}
