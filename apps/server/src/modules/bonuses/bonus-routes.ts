import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The player's bonus calls of seed 001 (GET /bonus, /bonuses/list, activate, cancel, /bonus_hub, labels, /workspace/bonuses), under /api/v1. */
export const bonusRoutes: FastifyPluginAsyncZod = async () => {};
