import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { createBonusSweeper, type BonusSweeper } from "./bonus-sweeper.ts";

declare module "fastify" {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The bonus engine's timers; tests drive them with bonusSweeper.tick(). */
    bonusSweeper: BonusSweeper;
  }
}

/** The bonus engine's background work (the sweeper: auto-activation, expiries, completion, scheduled campaigns), started with the app. */
export const bonusEnginePlugin: FastifyPluginAsync = fp(async (app) => {
  const sweeper = createBonusSweeper(app.database.db, app.log);
  app.decorate("bonusSweeper", sweeper);
  app.addHook("onReady", async () => sweeper.start());
  app.addHook("onClose", async () => sweeper.stop());
});
