import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { baseMetadata, okEnvelope } from "@croupier/contract/envelope";
import {
  featureFlagTarget,
  featureFlagTargetBody,
  featureFlagTargetParams,
} from "@croupier/contract/backoffice/site-rules";
import { ok } from "../../lib/envelope.ts";
import { auditActor } from "../staff/record-audit.ts";
import { listFeatureTargets } from "./list-feature-targets.ts";
import { setFeatureTarget } from "./set-feature-target.ts";

const tags = ["Back office: site rules"];
const okNull = z.object({ status: z.literal("ok"), payload: z.null(), metadata: baseMetadata });

/**
 * Feature flags per segment under /api/backoffice/v1/feature-flags/segments (issue #19, ADR 028):
 * a row decides for the players in its segment, over FEATURE_FLAGS. Audited; this instance applies
 * a change at once, others within FEATURE_TARGETS_CACHE_MS.
 */
export const featureTargetsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/feature-flags/segments",
    {
      config: { permission: "site.manage" },
      schema: {
        tags,
        summary: "Every flag switched on or off for a segment",
        response: { 200: okEnvelope(z.array(featureFlagTarget)) },
      },
    },
    async (request) => ok(request, await listFeatureTargets(db)),
  );

  app.put(
    "/feature-flags/:feature/segments/:segment_guid",
    {
      config: { permission: "site.manage" },
      schema: {
        tags,
        summary: "Switch a flag on or off for a segment (audited)",
        params: featureFlagTargetParams,
        body: featureFlagTargetBody,
        response: { 200: okNull },
      },
    },
    async (request) => {
      const { feature, segment_guid } = request.params;
      await setFeatureTarget(
        db,
        { feature, segmentGuid: segment_guid, enabled: request.body.enabled },
        auditActor(request),
      );
      return ok(request, null);
    },
  );

  app.delete(
    "/feature-flags/:feature/segments/:segment_guid",
    {
      config: { permission: "site.manage" },
      schema: {
        tags,
        summary: "Let FEATURE_FLAGS decide for the segment again (audited)",
        params: featureFlagTargetParams,
        response: { 200: okNull },
      },
    },
    async (request) => {
      const { feature, segment_guid } = request.params;
      await setFeatureTarget(db, { feature, segmentGuid: segment_guid, enabled: null }, auditActor(request));
      return ok(request, null);
    },
  );
};
