import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { GameConversion, GameOpenResult } from "@croupier/contract/entities/game-launch";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { issueGameSession } from "../game-sessions/issue-game-session.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { getGameConversion } from "./get-game-conversion.ts";
import { providerLaunchUrl, safeExitUrl } from "./provider-launch-url.ts";
import { checkJurisdictionLaunch } from "../uk-profile/check-jurisdiction-launch.ts";
import type { LaunchGame } from "./resolve-game.ts";

export type OpenGameInput = {
  game: LaunchGame;
  /** null for a visitor. */
  playerGuid: string | null;
  /** The caller's login session (request.auth.sessionId): real play ends with it (ADR 011). */
  loginSessionGuid: string | null;
  isDemo: boolean;
  languageCode: string;
  currencyGuid?: string;
  exchangeGuid?: string;
  exitUrl?: string;
  device: "desktop" | "mobile";
  policy: GameConversion["policy"];
};

/**
 * Refused because the wallet's currency is not one the game accepts and no
 * in-game conversion applies (policy not ingame_convertion, or no pair with a
 * stored rate). The error carries the conversion view so the caller can offer
 * another wallet (ADR 006).
 */
export class ConversionRequiredError extends AppError {
  readonly conversion: GameConversion;
  constructor(message: string, conversion: GameConversion) {
    super("CONFLICT", message);
    this.conversion = conversion;
  }
}

type WalletRow = { guid: string; currency_guid: string; code: string; status: string; user_status: string };
type CurrencyRow = { guid: string; code: string };

/**
 * POST /game/open. Demo: play money, no wallet calls, so no session is stored
 * and visitors may play when the game has can_demo. Real: a logged-in,
 * unlocked player with an active wallet (or the wallet in currency_guid)
 * whose currency the game accepts, or (policy ingame_convertion) one a stored
 * rate converts into a game currency; a game session binding player, wallet,
 * currency, game and any exchange snapshot is issued and its token goes into
 * the launch URL, which carries the currency the game plays in (ADR 006).
 */
export async function openGame(db: Db, env: Env, input: OpenGameInput): Promise<GameOpenResult> {
  const { game } = input;
  if (game.game_status === "maintenance") throw new AppError("CONFLICT", `${game.game_name} is under maintenance. Please try again later.`);
  const gameInfo = {
    game_guid: game.guid,
    game_external_guid: game.external_guid,
    background_image: game.game_background_image,
    can_free_spins: game.can_freespins,
  };
  const exitUrl = safeExitUrl(env, input.exitUrl);

  if (input.isDemo) {
    if (!game.can_demo) throw new AppError("FORBIDDEN", `${game.game_name} has no demo mode. Log in to play for real money.`);
    const currency = await demoCurrency(db, game, input.currencyGuid);
    return {
      session_id: randomUUID(),
      game_url: providerLaunchUrl(env, game.game_provider, game.external_guid, {
        token: null,
        mode: "demo",
        lang: input.languageCode,
        currency: currency.code,
        device: input.device,
        exitUrl,
      }),
      game_html: null,
      game_info: gameInfo,
      mode: "demo",
      currency_guid: currency.guid,
      currency_code: currency.code,
    };
  }

  if (!input.playerGuid || !input.loginSessionGuid) throw new AppError("UNAUTHORIZED", "Please log in to play for real money.");
  const wallet = await playerWallet(db, input.playerGuid, input.currencyGuid);
  if (wallet.user_status !== "active") throw new AppError("PLAYER_BLOCKED", "Your account is suspended. Please contact support.");
  if (wallet.status !== "active") throw new AppError("PLAYER_BLOCKED", `Your ${wallet.code} wallet is blocked. Please contact support.`);

  const accepted = game.currency_guids.length === 0 || game.currency_guids.includes(wallet.currency_guid);
  let exchange: ConversionPairChoice | null = null;
  if (!accepted || input.exchangeGuid) {
    exchange = input.policy === "ingame_convertion" ? await conversionPair(db, game, wallet.currency_guid, input.exchangeGuid) : null;
    if (!exchange) {
      const conversion = await getGameConversion(db, { game, playerGuid: input.playerGuid, policy: input.policy });
      const codes = conversion.project_game_currencies.map((c) => c.code).join(", ");
      const message =
        input.policy !== "ingame_convertion"
          ? accepted
            ? `In-game currency conversion is switched off. Play ${game.game_name} with your ${wallet.code} wallet.`
            : `${game.game_name} does not accept ${wallet.code}. Switch to a wallet in ${codes} to play.`
          : input.exchangeGuid
            ? `That currency pair cannot convert ${wallet.code} into a currency ${game.game_name} plays in (${codes}).`
            : `${game.game_name} plays in ${codes}, not ${wallet.code}, and no exchange rate converts ${wallet.code} into one of them: switch to a wallet in one of these currencies to play.`;
      throw new ConversionRequiredError(message, { ...conversion, conversion_required: !accepted });
    }
  }

  // The jurisdiction's launch rules (ADR 025): verified before play; a slot learns the stake limit.
  const launchRules = await checkJurisdictionLaunch(db, env.jurisdiction, {
    playerGuid: input.playerGuid,
    gameGuid: game.guid,
    playCurrencyGuid: exchange ? exchange.currency_guid : wallet.currency_guid,
  });
  const session = await issueGameSession(db, {
    playerGuid: input.playerGuid,
    loginSessionGuid: input.loginSessionGuid,
    walletGuid: wallet.guid,
    providerCode: game.game_provider,
    gameCode: game.external_guid,
    gameGuid: game.guid,
    ttlSeconds: env.GAME_SESSION_TTL_SECONDS,
    exchange: exchange ? { pairGuid: exchange.pair_guid, playCurrencyGuid: exchange.currency_guid } : undefined,
  });
  const playCurrency = exchange ? { guid: exchange.currency_guid, code: exchange.code } : { guid: wallet.currency_guid, code: wallet.code };
  return {
    session_id: session.sessionGuid,
    game_url: providerLaunchUrl(env, game.game_provider, game.external_guid, {
      token: session.token,
      playerGuid: input.playerGuid,
      mode: "real",
      lang: input.languageCode,
      currency: playCurrency.code,
      device: input.device,
      exitUrl,
      maxStake: launchRules.max_stake,
    }),
    game_html: null,
    game_info: gameInfo,
    mode: "real",
    currency_guid: playCurrency.guid,
    currency_code: playCurrency.code,
  };
}

type ConversionPairChoice = { pair_guid: string; currency_guid: string; code: string };

/**
 * The currency pair an in-game conversion plays through: an active pair with
 * a stored rate linking the wallet currency directly to a currency the game
 * accepts (exchange_guid when given, else the game's first such currency in
 * the project's order). null when there is none.
 */
async function conversionPair(
  db: Db,
  game: LaunchGame,
  walletCurrencyGuid: string,
  exchangeGuid: string | undefined,
): Promise<ConversionPairChoice | null> {
  const acceptsAll = game.currency_guids.length === 0;
  const rows = await queryRows<ConversionPairChoice>(
    db,
    sql`SELECT cp.guid AS pair_guid, c.guid AS currency_guid, c.code
          FROM currency_pairs cp
          JOIN exchange_rates er ON er.currency_pair_guid = cp.guid
          JOIN currencies c ON c.guid = CASE WHEN cp.base_guid = ${walletCurrencyGuid}::uuid THEN cp.quote_guid ELSE cp.base_guid END
         WHERE cp.status = 'active' AND er.price > 0
           AND (cp.base_guid = ${walletCurrencyGuid}::uuid OR cp.quote_guid = ${walletCurrencyGuid}::uuid)
           AND c.guid <> ${walletCurrencyGuid}::uuid
           AND ${
             acceptsAll
               ? sql`true`
               : sql`c.guid = ANY(ARRAY[${sql.join(
                   game.currency_guids.map((g) => sql`${g}::uuid`),
                   sql`, `,
                 )}]::uuid[])`
           }
           AND ${exchangeGuid ? sql`cp.guid = ${exchangeGuid}::uuid` : sql`true`}
         ORDER BY c.ordering, c.code
         LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** The wallet real play uses: the one in currency_guid when given, else the active one. */
async function playerWallet(db: Db, playerGuid: string, currencyGuid: string | undefined): Promise<WalletRow> {
  const rows = await queryRows<WalletRow>(
    db,
    sql`SELECT w.guid, w.currency_guid, c.code, w.status, u.status AS user_status
          FROM users u
          JOIN wallets w ON w.customer_guid = u.guid
          JOIN currencies c ON c.guid = w.currency_guid
         WHERE u.guid = ${playerGuid}::uuid
           AND ${currencyGuid ? sql`w.currency_guid = ${currencyGuid}::uuid` : sql`w.is_active`}
         LIMIT 1`,
  );
  const wallet = rows[0];
  if (wallet) return wallet;
  // No wallet yet: a locked player still hears why they cannot play.
  const [user] = await queryRows<{ status: string }>(db, sql`SELECT status FROM users WHERE guid = ${playerGuid}::uuid`);
  if (user && user.status !== "active") throw new AppError("PLAYER_BLOCKED", "Your account is suspended. Please contact support.");
  if (currencyGuid) throw notFound("You have no wallet in this currency.");
  throw new AppError("CONFLICT", "Open a wallet first: real play needs an active wallet.");
}

/** Demo play money: the requested currency if the game accepts it, else the project default (or the game's first). */
async function demoCurrency(db: Db, game: LaunchGame, requested: string | undefined): Promise<CurrencyRow> {
  const rows = await queryRows<CurrencyRow & { is_requested: boolean }>(
    db,
    sql`SELECT guid, code, (guid = ${requested ?? null}::uuid) IS TRUE AS is_requested FROM currencies
         WHERE ${
           game.currency_guids.length === 0
             ? sql`true`
             : sql`guid = ANY(ARRAY[${sql.join(
                 game.currency_guids.map((g) => sql`${g}::uuid`),
                 sql`, `,
               )}]::uuid[])`
         }
         ORDER BY (guid = ${requested ?? null}::uuid) IS TRUE DESC, is_default DESC, ordering, code
         LIMIT 1`,
  );
  const row = rows[0];
  if (!row) throw new AppError("SERVICE_UNAVAILABLE", "The game has no currency to play in.");
  return { guid: row.guid, code: row.code };
}
