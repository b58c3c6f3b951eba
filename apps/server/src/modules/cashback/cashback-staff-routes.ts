import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Staff: cashback runs of a campaign, run now (issue #18). */
export const cashbackStaffRoutes: FastifyPluginAsyncZod = async (_app) => {};
