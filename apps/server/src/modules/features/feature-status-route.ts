import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { featureFlags } from "../../env.ts";
import { ok } from "../../lib/envelope.ts";

const querystring = z.object({
  feature: z.enum(featureFlags),
  // Reserved for per-player rollouts; flags are global for now.
  userId: z.string().max(128).optional(),
});

/** GET /api/feature-status: payload is true when the flag is on (FEATURE_FLAGS). */
export const featureStatusRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/feature-status",
    {
      schema: {
        tags: ["features"],
        summary: "Whether a feature flag is on",
        security: [],
        querystring,
        response: { 200: z.object({ status: z.literal("ok"), payload: z.boolean(), metadata: z.object({ request_id: z.string() }).loose() }) },
      },
    },
    async (request) => ok(request, app.env.features.has(request.query.feature)),
  );
};
