import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Player: rakeback balance and claim (issue #18). */
export const rakebackRoutes: FastifyPluginAsyncZod = async (_app) => {};
