import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Player: GET /loyalty/mining/user-speed, loyalty status, coins, coin bonuses (issue #18). */
export const loyaltyRoutes: FastifyPluginAsyncZod = async (_app) => {};
