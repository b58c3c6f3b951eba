import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Player: POST /promocodes/activate, POST /promocodes/enrich, GET /promocodes (issue #18). */
export const promoCodeRoutes: FastifyPluginAsyncZod = async (_app) => {};
