import { okEnvelope } from "@croupier/contract/envelope";
import { ROLE_PERMISSIONS, STAFF_PERMISSIONS, STAFF_ROLES } from "@croupier/contract/staff-permissions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { currentStaff } from "../../lib/staff-auth.ts";

const tags = ["Back office: staff"];

const me = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});

// Back-office routes of the staff module, mounted under /api/backoffice/v1 by routes/backoffice-v1.ts.
// Every route declares config.permission (packages/contract/src/staff-permissions.ts).
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me",
    {
      config: { permission: "self" },
      schema: {
        tags,
        summary: "The signed-in staff member and what their role allows",
        response: { 200: okEnvelope(me) },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      return ok(request, {
        id: staff.staffId,
        email: staff.email,
        role: staff.role,
        permissions: [...ROLE_PERMISSIONS[staff.role]],
      });
    },
  );
};
