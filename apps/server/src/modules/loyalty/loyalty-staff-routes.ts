import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Staff: loyalty levels, mining settings, player coins (issue #18). */
export const loyaltyStaffRoutes: FastifyPluginAsyncZod = async (_app) => {};
