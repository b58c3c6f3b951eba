import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { badRequest, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";

export type LaunchGame = {
  guid: string;
  external_guid: string;
  game_provider: string;
  game_name: string;
  game_status: "active" | "maintenance" | "disabled";
  game_background_image: string | null;
  can_demo: boolean;
  can_freespins: boolean;
  /** Empty: every currency of the project. */
  currency_guids: string[];
  provider_enabled: boolean;
};

/** `/game/{provider_name}/{game_name}` (a path or a full URL) → its two route names, or null. */
export function gamePathNames(gameUrl: string): { provider: string; game: string } | null {
  let path: string;
  try {
    path = new URL(gameUrl, "http://croupier.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/game\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    return { provider: decodeURIComponent(match[1]!).toLowerCase(), game: decodeURIComponent(match[2]!).toLowerCase() };
  } catch {
    return null;
  }
}

// The web app's routeName(): lower case, every whitespace and slash a hyphen.
const routeNameSql = (column: SQL) => sql`regexp_replace(lower(${column}), '[[:space:]/]', '-', 'g')`;

/**
 * The catalogue game a launch or conversion call names: by guid, else by the
 * game page URL's provider and game route names. Disabled games and games of
 * a hidden studio are unknown to players: 404, like a guid that never existed.
 */
export async function resolveGame(db: Db, input: { gameGuid?: string; gameUrl?: string }): Promise<LaunchGame> {
  let where: SQL;
  if (input.gameGuid) {
    where = sql`g.guid = ${input.gameGuid}::uuid`;
  } else {
    const names = input.gameUrl ? gamePathNames(input.gameUrl) : null;
    if (!names) throw badRequest("game_url must be a game page address: /game/{provider_name}/{game_name}.");
    where = sql`${routeNameSql(sql`p.name`)} = ${names.provider} AND ${routeNameSql(sql`g.game_name`)} = ${names.game}`;
  }
  const rows = await queryRows<LaunchGame>(
    db,
    sql`SELECT g.guid, g.external_guid, g.game_provider, g.game_name, g.game_status, g.game_background_image,
               g.can_demo, g.can_freespins, g.currency_guids::text[] AS currency_guids, p.is_enabled AS provider_enabled
          FROM games g JOIN providers p ON p.guid = g.provider_guid
         WHERE ${where}
         ORDER BY g.game_ordering, g.guid
         LIMIT 1`,
  );
  const game = rows[0];
  if (!game || game.game_status === "disabled" || !game.provider_enabled) throw notFound("No such game.");
  return { ...game, currency_guids: pgArray(game.currency_guids) };
}

/** PGlite and pg both parse text[]; an unparsed literal ("{a,b}") is handled too. */
function pgArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",") : [];
}
