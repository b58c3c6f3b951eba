import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Every /api/v1 route, one plugin per server module. */
export const apiV1Routes: FastifyPluginAsyncZod = async (_app) => {};
