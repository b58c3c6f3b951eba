import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "@croupier/db/create-database";
import { runSegmentSweep } from "../segments/run-segment-sweep.ts";
import { runCashbackJob } from "../cashback/run-cashback-job.ts";
import { runRakebackAccrual } from "../rakeback/run-rakeback-accrual.ts";
import { runLoyaltyJob } from "../loyalty/run-loyalty-job.ts";

/** How often the promotions' background passes run by default. */
export const PROMOTION_JOBS_INTERVAL_MS = 10_000;

type Job = (db: Db, log: FastifyBaseLogger) => Promise<Record<string, number>>;

const JOBS: ReadonlyArray<readonly [string, Job]> = [
  ["segments", runSegmentSweep],
  ["cashback", runCashbackJob],
  ["rakeback", runRakebackAccrual],
  ["loyalty", runLoyaltyJob],
];

/** One pass of every job; a failing job is logged and never stops the others. */
export async function runPromotionJobs(db: Db, log: FastifyBaseLogger): Promise<Record<string, Record<string, number>>> {
  const report: Record<string, Record<string, number>> = {};
  for (const [name, job] of JOBS) {
    try {
      const counts = await job(db, log);
      if (Object.keys(counts).length > 0) report[name] = counts;
    } catch (error) {
      log.error({ err: error, job: name }, "promotion job failed");
    }
  }
  return report;
}

/**
 * The promotions' background loop (issue #18): segments, cashback periods, rakeback accrual, loyalty
 * volume and coin mining. Every job keeps its state in rows (cursors, run rows, unique keys), so any
 * number of processes may run it and a restart loses nothing. Off under NODE_ENV=test, where tests
 * call the jobs themselves.
 */
export const promotionJobsPlugin: FastifyPluginAsync = fp(async (app) => {
  const interval_ms = app.env.PROMOTION_JOBS_INTERVAL_MS ?? (app.env.NODE_ENV === "test" ? 0 : PROMOTION_JOBS_INTERVAL_MS);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  const loop = () => {
    if (stopped) return;
    running = runPromotionJobs(app.database.db, app.log)
      .then((report) => {
        if (Object.keys(report).length > 0) app.log.info({ promotion_jobs: report }, "promotion jobs");
      })
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(loop, interval_ms);
      });
  };
  app.addHook("onReady", async () => {
    if (interval_ms <= 0) return;
    stopped = false;
    timer = setTimeout(loop, interval_ms);
  });
  app.addHook("onClose", async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}, { name: "croupier-promotion-jobs" });
