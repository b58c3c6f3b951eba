import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Staff: segments, their rules, manual assignment and player tags (issue #18). */
export const segmentStaffRoutes: FastifyPluginAsyncZod = async (_app) => {};
