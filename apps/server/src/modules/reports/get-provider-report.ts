import { sql } from "drizzle-orm";
import type { ProviderReport, ProviderReportRow } from "@croupier/contract/backoffice/reports";
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

/** GET /reports/providers: stakes, wins, GGR, rounds and players per game provider and currency, GGR first. */
export async function getProviderReport(executor: SqlExecutor, window: ReportWindow): Promise<ProviderReport> {
  const rows = await queryRows<ProviderReportRow>(
    executor,
    sql`WITH m AS (${windowMoves(window, HOUSE_SIDE)})
        SELECT f.provider, c.code AS currency, ${money(sql`f.stakes`)} AS stakes, ${money(sql`f.wins`)} AS wins,
               ${money(sql`f.ggr`)} AS ggr, f.rounds, f.players
          FROM (SELECT ${GAME_PROVIDER} AS provider, m.currency_guid, ${STAKES} AS stakes, ${WINS} AS wins, ${GGR} AS ggr,
                       ${ROUNDS} AS rounds, ${BETTING_PLAYERS} AS players
                  FROM m GROUP BY 1, 2) f
          JOIN currencies c ON c.guid = f.currency_guid
         ORDER BY c.code, f.ggr DESC, f.provider`,
  );
  return { from: window.from, to: window.to, time_zone: window.timeZone, rows };
}
