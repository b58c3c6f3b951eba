import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Staff view and changes of a player's limits (issue #16; registered in routes/backoffice-v1.ts). */
export const limitsStaffRoutes: FastifyPluginAsyncZod = async () => {};
