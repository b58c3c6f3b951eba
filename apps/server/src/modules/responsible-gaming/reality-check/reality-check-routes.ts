import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The player's reality-check interval and summary (issue #16; registered in routes/api-v1.ts). */
export const realityCheckRoutes: FastifyPluginAsyncZod = async () => {};
