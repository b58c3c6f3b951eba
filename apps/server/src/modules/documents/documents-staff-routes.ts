import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Staff document review queue, viewer and decisions (issue #16; registered in routes/backoffice-v1.ts). */
export const documentsStaffRoutes: FastifyPluginAsyncZod = async () => {};
