import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";
import { runBonusSweep, type BonusSweepReport } from "./run-bonus-sweep.ts";

/** How often the engine's timers run by default: the longest a due activation, expiry or completion waits. */
export const BONUS_SWEEP_INTERVAL_MS = 5_000;

export type BonusSweeper = { tick: () => Promise<BonusSweepReport>; start: () => void; stop: () => Promise<void> };

/**
 * The bonus engine's background loop (ADR 031): runBonusSweep every BONUS_SWEEP_INTERVAL_MS, one
 * pass at a time, stopped (and awaited) on app close. All state lives in rows with guarded updates
 * and unique ledger keys, so any number of processes may run it.
 */
export function createBonusSweeper(db: Db, log: FastifyBaseLogger, intervalMs = BONUS_SWEEP_INTERVAL_MS): BonusSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const tick = () => runBonusSweep(db, { scheduled: { log } });

  const loop = () => {
    if (stopped) return;
    running = tick()
      .then((report) => {
        if (Object.keys(report).length > 0) log.info({ bonus_sweep: report }, "bonus sweep");
      })
      .catch((error: unknown) => log.error({ err: error }, "bonus sweep failed"))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(loop, intervalMs);
      });
  };

  return {
    tick,
    start() {
      if (!stopped || intervalMs <= 0) return;
      stopped = false;
      timer = setTimeout(loop, intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
