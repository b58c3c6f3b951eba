import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Player time-outs and self-exclusions (issue #16; registered in routes/api-v1.ts). */
export const exclusionsRoutes: FastifyPluginAsyncZod = async () => {};
