import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okEnvelope } from "@croupier/contract/envelope";
import { playerIdParams } from "@croupier/contract/backoffice/players";
import { setLimitResult, staffPlayerLimits, staffSetLimitBody } from "@croupier/contract/entities/limits";
import { ok } from "../../../lib/envelope.ts";
import { auditActor } from "../../staff/record-audit.ts";
import { loadStaffPlayerLimits } from "./load-staff-player-limits.ts";
import { setPlayerLimit } from "./set-player-limit.ts";

const tags = ["Back office: responsible gaming"];

/**
 * Staff view and changes of a player's limits under /api/backoffice/v1/players/:id/limits
 * (issue #16, ADR 021; registered in routes/backoffice-v1.ts). Staff may only make a limit
 * stricter (a new one, or lower): it applies at once, audited with its reason.
 */
export const limitsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/players/:id/limits",
    {
      config: { permission: "players.read" },
      schema: {
        tags,
        summary: "A player's limits, their usage, pending changes and the history of changes",
        params: playerIdParams,
        response: { 200: okEnvelope(staffPlayerLimits) },
      },
    },
    async (request) => ok(request, await loadStaffPlayerLimits(db, request.params.id)),
  );

  app.put(
    "/players/:id/limits",
    {
      config: { permission: "protection.manage" },
      schema: {
        tags,
        summary: "Set a stricter limit on the player's behalf (new or lower; applies at once; audited)",
        params: playerIdParams,
        body: staffSetLimitBody,
        response: { 200: okEnvelope(setLimitResult) },
      },
    },
    async (request) => {
      const { reason, ...body } = request.body;
      return ok(request, await setPlayerLimit(db, request.params.id, body, { kind: "staff", audit: auditActor(request), reason }));
    },
  );
};
