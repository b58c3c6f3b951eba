import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { iso } from "./cashback-sql.ts";
import { closeDueCashbackPeriods } from "./close-due-cashback-periods.ts";
import { countCashbackRun } from "./count-cashback-run.ts";
import { payCashbackRun } from "./pay-cashback-run.ts";

/** Unfinished runs looked at per pass and step. */
export const CASHBACK_RUNS_PER_PASS = 5;

/**
 * Closes due cashback periods and pays each player's cashback once (issue #18, ADR 035). One bounded
 * pass: close the periods whose end passed, tally the closed periods' cash play from the ledger once
 * their open-transaction horizon has passed, then grant the tallied cashback. Every step keeps its
 * state in rows (runs, cursors, payouts, unique source keys), so any number of processes may run it
 * at once and a crash resumes where it stopped. Returns counts of what it did (empty when nothing).
 */
export async function runCashbackJob(db: Db, log: FastifyBaseLogger): Promise<Record<string, number>> {
  const report: Record<string, number> = {};
  const count = (name: string, n: number) => {
    if (n > 0) report[name] = (report[name] ?? 0) + n;
  };
  count("periods_closed", await closeDueCashbackPeriods(db));

  const counting = await queryRows<{ guid: string; version_guid: string; period_start: string; period_end: string }>(
    db,
    sql`SELECT guid, version_guid, period_start::text AS period_start, period_end::text AS period_end
          FROM cashback_runs WHERE status = 'counting' ORDER BY created_at, guid LIMIT ${CASHBACK_RUNS_PER_PASS}`,
  );
  for (const run of counting) count("transfers_counted", await countCashbackRun(db, run));

  // A paused campaign's runs wait; an ended one's are handed to the engine, which pays the periods
  // that lie within the campaign's life (earnedUntil = period end) and refuses the others.
  const paying = await queryRows<{ guid: string; version_guid: string; period_end: string }>(
    db,
    sql`SELECT r.guid, r.version_guid, ${iso(sql`r.period_end`)} AS period_end FROM cashback_runs r JOIN bonus_campaigns bc ON bc.bonus_guid = r.bonus_guid
         WHERE r.status = 'paying' AND bc.status <> 'paused' ORDER BY r.created_at, r.guid LIMIT ${CASHBACK_RUNS_PER_PASS}`,
  );
  for (const run of paying) {
    const paid = await payCashbackRun(db, run, log);
    count("paid", paid.paid);
    count("skipped", paid.skipped);
    count("failed", paid.failed);
    count("runs_completed", paid.completed);
  }
  return report;
}
