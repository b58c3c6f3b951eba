import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";
import { announceReadyLimitChanges } from "./announce-ready-limit-changes.ts";
import { endSessionsOverLimit } from "./end-sessions-over-limit.ts";

/** How often the sweep runs: a session over its limit can do nothing meanwhile (bets are refused at once). */
export const LIMITS_SWEEP_INTERVAL_MS = 15_000;

export type LimitsSweeper = { tick: () => Promise<void>; start: () => void; stop: () => Promise<void> };

/**
 * The limits' background work (ADR 021): end login sessions over their session-time limit and
 * announce pending changes ready to confirm. Both are driven by rows in the database and guarded
 * updates, so a restart or a second process changes nothing but the delay.
 */
export function createLimitsSweeper(db: Db, log: FastifyBaseLogger): LimitsSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  const tick = async () => {
    await endSessionsOverLimit(db);
    await announceReadyLimitChanges(db);
  };

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => log.error({ err: error }, "limits sweep failed"))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(loop, LIMITS_SWEEP_INTERVAL_MS);
      });
  };

  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(loop, LIMITS_SWEEP_INTERVAL_MS);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
