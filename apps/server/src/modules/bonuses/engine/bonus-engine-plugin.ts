import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { BONUS_SWEEP_INTERVAL_MS, createBonusSweeper } from "./bonus-sweeper.ts";

/**
 * The bonus engine's background work (the sweeper: auto-activation, expiries, completion, scheduled
 * campaigns), started with the app and stopped with it. Tests run runBonusSweep themselves.
 */
export const bonusEnginePlugin: FastifyPluginAsync = fp(async (app) => {
  // Under NODE_ENV=test a background pass would end other suites' hand-made bonuses mid-test.
  const interval = app.env.BONUS_SWEEP_INTERVAL_MS ?? (app.env.NODE_ENV === "test" ? 0 : BONUS_SWEEP_INTERVAL_MS);
  const sweeper = createBonusSweeper(app.database.db, app.log, interval);
  app.addHook("onReady", async () => sweeper.start());
  app.addHook("onClose", async () => sweeper.stop());
}, { name: "croupier-bonus-engine" });
