import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Staff: promo codes of a campaign, chosen and batch-generated, CSV export (issue #18). */
export const promoCodeStaffRoutes: FastifyPluginAsyncZod = async (_app) => {};
