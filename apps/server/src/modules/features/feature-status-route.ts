import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { featureFlags } from "../../env.ts";
import { ok } from "../../lib/envelope.ts";
import { authPlugin } from "../../plugins/auth.ts";
import { resolveFeatureStatus } from "./resolve-feature-status.ts";

const querystring = z.object({
  feature: z.enum(featureFlags),
  // Sent by the web app (seed); the player is taken from the bearer token, never from here.
  userId: z.string().max(128).optional(),
});

/**
 * GET /api/feature-status: payload is true when the flag is on for the caller. Segment rows
 * (feature_flag_segments) decide for the caller's segments; otherwise FEATURE_FLAGS does.
 */
export const featureStatusRoute: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: a bearer token names the player whose segments count.
  await app.register(authPlugin);

  app.get(
    "/feature-status",
    {
      schema: {
        tags: ["features"],
        summary: "Whether a feature flag is on for the caller (per segment, then FEATURE_FLAGS)",
        security: [{ bearerAuth: [] }, {}],
        querystring,
        response: {
          200: z.object({
            status: z.literal("ok"),
            payload: z.boolean(),
            metadata: z.object({ request_id: z.string() }).loose(),
          }),
        },
      },
    },
    async (request) =>
      ok(
        request,
        await resolveFeatureStatus(app.database.db, {
          feature: request.query.feature,
          userId: request.auth?.userId ?? null,
          globallyOn: app.env.features.has(request.query.feature),
        }),
      ),
  );
};
