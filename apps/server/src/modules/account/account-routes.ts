import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Account dashboard figures and account history (issue #16; registered in routes/api-v1.ts). */
export const accountRoutes: FastifyPluginAsyncZod = async () => {};
