import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Staff: rakeback accruals and claims (issue #18). */
export const rakebackStaffRoutes: FastifyPluginAsyncZod = async (_app) => {};
