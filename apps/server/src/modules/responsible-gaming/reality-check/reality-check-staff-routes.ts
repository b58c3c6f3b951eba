import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { okEnvelope } from "@croupier/contract/envelope";
import { playerIdParams } from "@croupier/contract/backoffice/players";
import { staffRealityCheck } from "@croupier/contract/entities/reality-check";
import { ok } from "../../../lib/envelope.ts";
import { assertPlayerExists } from "../../player-admin/assert-player-exists.ts";
import { loadRealityCheckSetting } from "./load-reality-check-setting.ts";
import { realityCheckPolicy } from "./reality-check-policy.ts";

const tags = ["Back office: player protection"];

/**
 * The player's reality-check setting for the console (ADR 022). Registered inside the exclusions
 * staff plugin (routes/backoffice-v1.ts registers that one), so the player page's protection tab reads both.
 */
export const realityCheckStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const policy = realityCheckPolicy(app.env.jurisdiction);
  app.get(
    "/players/:id/reality-check",
    {
      config: { permission: "players.read" },
      schema: {
        tags,
        summary: "The player's reality-check interval (or the jurisdiction's default) and their last answer",
        params: playerIdParams,
        response: { 200: okEnvelope(staffRealityCheck) },
      },
    },
    async (request) => {
      await assertPlayerExists(db, request.params.id);
      const { choices: _choices, ...setting } = await loadRealityCheckSetting(db, policy, request.params.id);
      return ok(request, setting);
    },
  );
};
