import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Player: GET /bonuses/cashback/list (issue #18). */
export const cashbackRoutes: FastifyPluginAsyncZod = async (_app) => {};
