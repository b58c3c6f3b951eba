import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Back-office routes of this module, mounted under /api/backoffice/v1 by routes/backoffice-v1.ts.
// Every route declares config.permission (packages/contract/src/staff-permissions.ts).
export const catalogAdminRoutes: FastifyPluginAsyncZod = async () => {};
