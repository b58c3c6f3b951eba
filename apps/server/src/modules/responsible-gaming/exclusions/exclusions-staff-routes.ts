import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Staff view of exclusions and operator exclusions (issue #16; registered in routes/backoffice-v1.ts). */
export const exclusionsStaffRoutes: FastifyPluginAsyncZod = async () => {};
