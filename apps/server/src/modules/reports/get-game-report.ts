import { sql, type SQL } from "drizzle-orm";
import type { GameReportRow, gameReportSorts } from "@croupier/contract/backoffice/reports";
import type { Pager } from "@croupier/contract/envelope";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import {
  BETTING_PLAYERS,
  GAME_PROVIDER,
  GGR,
  HOUSE_SIDE,
  money,
  ROUNDS,
  STAKES,
  WINS,
  windowMoves,
  type ReportWindow,
} from "./report-window.ts";

export type GameReportSort = (typeof gameReportSorts)[number];

const ORDER: Record<GameReportSort, SQL> = {
  ggr: sql`f.ggr`,
  stakes: sql`f.stakes`,
  wins: sql`f.wins`,
  rounds: sql`f.rounds`,
  players: sql`f.players`,
  game_name: sql`COALESCE(g.game_name, f.game_code)`,
};

/**
 * GET /reports/games: the per-provider figures split by game (through the game transaction each
 * bet, win and rollback transfer records), one page of them and the number of rows in all.
 */
export async function getGameReport(
  executor: SqlExecutor,
  window: ReportWindow,
  options: { provider?: string; sort: GameReportSort; order?: "asc" | "desc"; page: number; perPage: number },
): Promise<{ rows: GameReportRow[]; pager: Pager }> {
  const ascending = (options.order ?? (options.sort === "game_name" ? "asc" : "desc")) === "asc";
  const direction = ascending ? sql`ASC` : sql`DESC`;
  const provider = options.provider === undefined ? sql`true` : sql`${GAME_PROVIDER} = ${options.provider}`;
  const statement = (limit: number, offset: number) => sql`WITH m AS (${windowMoves(window, HOUSE_SIDE)}),
        f AS (
          SELECT ${GAME_PROVIDER} AS provider, m.currency_guid, gt.game_code, gt.game_guid,
                 ${STAKES} AS stakes, ${WINS} AS wins, ${GGR} AS ggr, ${ROUNDS} AS rounds, ${BETTING_PLAYERS} AS players
            FROM m JOIN game_transactions gt ON gt.guid = m.game_transaction_guid
           WHERE ${provider}
           GROUP BY 1, 2, 3, 4)
        SELECT f.provider, c.code AS currency, f.game_guid, f.game_code, g.game_name, s.name AS studio,
               ${money(sql`f.stakes`)} AS stakes, ${money(sql`f.wins`)} AS wins, ${money(sql`f.ggr`)} AS ggr,
               f.rounds, f.players, count(*) OVER ()::int AS total
          FROM f
          JOIN currencies c ON c.guid = f.currency_guid
          LEFT JOIN games g ON g.guid = f.game_guid
          LEFT JOIN providers s ON s.guid = g.provider_guid
         ORDER BY ${ORDER[options.sort]} ${direction}, f.game_code, c.code
         LIMIT ${limit} OFFSET ${offset}`;
  const run = (limit: number, offset: number) =>
    queryRows<GameReportRow & { total: number }>(executor, statement(limit, offset));
  const rows = await run(options.perPage, (options.page - 1) * options.perPage);
  // A page past the end carries no window total: take it from the first row.
  const total = rows[0]?.total ?? (options.page > 1 ? ((await run(1, 0))[0]?.total ?? 0) : 0);
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    pager: { page: options.page, per_page: options.perPage, total },
  };
}
