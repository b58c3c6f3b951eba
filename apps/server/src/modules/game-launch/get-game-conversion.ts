import { sql } from "drizzle-orm";
import type { ConversionPair, GameConversion, GameCurrency } from "@croupier/contract/entities/game-launch";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import type { LaunchGame } from "./resolve-game.ts";

// Far more than the project has currencies; the lists are not paged.
const LIST_MAX = 200;

type WalletRow = { currency_guid: string; is_active: boolean };

/**
 * GET /games/conversion/{guid} and POST /games/conversion: which currencies
 * the game accepts, whether the player's active wallet is one of them, and
 * the currency pairs (with a stored rate) that link the wallet currency to a
 * game currency. Only direct pairs count: a rate is never chained through a
 * third currency, so the price shown is the price that would be used.
 */
export async function getGameConversion(
  db: Db,
  input: { game: LaunchGame; playerGuid: string | null; policy: GameConversion["policy"] },
): Promise<GameConversion> {
  const { game } = input;
  const accepted = game.currency_guids;
  const acceptsAll = accepted.length === 0;
  const acceptedSql = sql`ARRAY[${sql.join(
    accepted.map((guid) => sql`${guid}::uuid`),
    sql`, `,
  )}]::uuid[]`;

  const currencies = await queryRows<GameCurrency>(
    db,
    sql`SELECT guid, code, name, symbol, decimals FROM currencies
         WHERE ${acceptsAll ? sql`true` : sql`guid = ANY(${acceptedSql})`}
         ORDER BY ordering, code LIMIT ${LIST_MAX}`,
  );
  const gameCurrencyGuids = new Set(currencies.map((c) => c.guid));

  const wallets = input.playerGuid
    ? await queryRows<WalletRow>(
        db,
        sql`SELECT currency_guid, is_active FROM wallets
             WHERE customer_guid = ${input.playerGuid}::uuid AND status = 'active'
             ORDER BY is_active DESC, created_at LIMIT ${LIST_MAX}`,
      )
    : [];
  const active = wallets.find((w) => w.is_active) ?? null;
  const walletCurrency = active?.currency_guid ?? null;
  const conversionRequired = walletCurrency !== null && !gameCurrencyGuids.has(walletCurrency);

  // A game that accepts every currency never needs a pair.
  const pairs =
    acceptsAll || currencies.length === 0
      ? []
      : await queryRows<ConversionPair>(
          db,
          sql`SELECT cp.guid, cp.external_guid, cp.base_asset, cp.base_guid, cp.quote_asset, cp.quote_guid,
                     trim_scale(er.price)::text AS price,
                     to_char(er.quoted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS quoted_at
                FROM currency_pairs cp JOIN exchange_rates er ON er.currency_pair_guid = cp.guid
               WHERE cp.status = 'active'
                 AND (
                   (cp.base_guid = ANY(${acceptedSql}) AND ${walletSide(sql`cp.quote_guid`, walletCurrency, acceptedSql)})
                   OR (cp.quote_guid = ANY(${acceptedSql}) AND ${walletSide(sql`cp.base_guid`, walletCurrency, acceptedSql)})
                 )
               ORDER BY cp.base_asset, cp.quote_asset LIMIT ${LIST_MAX}`,
        );

  return {
    game_guid: game.guid,
    policy: input.policy,
    wallet_currency_guid: walletCurrency,
    conversion_required: conversionRequired,
    supported_currency_pairs: pairs,
    project_game_currencies: currencies,
    playable_wallet_currency_guids: wallets.map((w) => w.currency_guid).filter((guid) => gameCurrencyGuids.has(guid)),
  };
}

/** The other side of a pair: the player's wallet currency, or (visitors) any currency the game does not accept. */
function walletSide(column: ReturnType<typeof sql>, walletCurrency: string | null, acceptedSql: ReturnType<typeof sql>) {
  return walletCurrency ? sql`${column} = ${walletCurrency}::uuid` : sql`NOT (${column} = ANY(${acceptedSql}))`;
}
