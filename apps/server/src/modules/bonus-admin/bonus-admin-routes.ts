import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Campaigns, labels and players' bonuses for staff (permission bonuses.manage), under /api/backoffice/v1. */
export const bonusAdminRoutes: FastifyPluginAsyncZod = async () => {};
