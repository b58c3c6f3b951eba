import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Player deposit, loss, wager and session-time limits (issue #16; registered in routes/api-v1.ts). */
export const limitsRoutes: FastifyPluginAsyncZod = async () => {};
