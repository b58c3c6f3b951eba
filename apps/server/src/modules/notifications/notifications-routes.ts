import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** In-app notifications and the unread count (issue #16; registered in routes/api-v1.ts). */
export const notificationsRoutes: FastifyPluginAsyncZod = async () => {};
