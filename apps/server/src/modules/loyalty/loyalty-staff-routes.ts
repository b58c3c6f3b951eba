import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  coinAdjustmentInput,
  loyaltyLevel,
  loyaltyLevelInput,
  loyaltyLevelParams,
  miningSettings,
  miningSettingsInput,
  playerLoyalty,
  playerLoyaltyParams,
} from "@croupier/contract/backoffice/loyalty";
import { okEnvelope } from "@croupier/contract/envelope";
import { ok } from "../../lib/envelope.ts";
import { auditActor } from "../staff/record-audit.ts";
import { adjustPlayerCoins } from "./adjust-player-coins.ts";
import { deleteLoyaltyLevel } from "./delete-loyalty-level.ts";
import { getPlayerLoyalty } from "./get-player-loyalty.ts";
import { listLoyaltyLevels } from "./list-loyalty-levels.ts";
import { loadMiningSettings } from "./load-mining-settings.ts";
import { saveLoyaltyLevel } from "./save-loyalty-level.ts";
import { updateMiningSettings } from "./update-mining-settings.ts";

const tags = ["Back office: loyalty"];
const noQuery = z.object({});

/**
 * Staff: loyalty levels, mining settings, a player's coins and level, manual coin adjustments (issue
 * #18, ADR 036). Marketing work: bonuses.manage for every call; every change is audited with it.
 */
export const loyaltyStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { permission: "bonuses.manage" } as const;

  app.get(
    "/loyalty/levels",
    { config, schema: { tags, summary: "Loyalty levels, lowest threshold first", querystring: noQuery, response: { 200: okEnvelope(z.array(loyaltyLevel)) } } },
    async (request) => ok(request, await listLoyaltyLevels(db)),
  );

  app.post(
    "/loyalty/levels",
    { config, schema: { tags, summary: "Create a level (audited)", body: loyaltyLevelInput, response: { 200: okEnvelope(loyaltyLevel) } } },
    async (request) => ok(request, await saveLoyaltyLevel(db, auditActor(request), request.body, "create")),
  );

  app.put(
    "/loyalty/levels/:level",
    {
      config,
      schema: {
        tags,
        summary: "Edit a level (audited); players are re-levelled by the loyalty job",
        params: loyaltyLevelParams,
        body: loyaltyLevelInput.omit({ level: true }),
        response: { 200: okEnvelope(loyaltyLevel) },
      },
    },
    async (request) => ok(request, await saveLoyaltyLevel(db, auditActor(request), { ...request.body, level: request.params.level }, "update")),
  );

  app.delete(
    "/loyalty/levels/:level",
    {
      config,
      schema: { tags, summary: "Remove a level (audited)", params: loyaltyLevelParams, response: { 200: okEnvelope(z.object({ level: z.number().int() })) } },
    },
    async (request) => ok(request, await deleteLoyaltyLevel(db, auditActor(request), request.params.level)),
  );

  app.get(
    "/loyalty/mining-settings",
    { config, schema: { tags, summary: "Coin mining settings", querystring: noQuery, response: { 200: okEnvelope(miningSettings) } } },
    async (request) => {
      const { levels_version: _version, ...settings } = await loadMiningSettings(db);
      return ok(request, settings);
    },
  );

  app.put(
    "/loyalty/mining-settings",
    {
      config,
      schema: { tags, summary: "Replace the coin mining settings (audited)", body: miningSettingsInput, response: { 200: okEnvelope(miningSettings) } },
    },
    async (request) => ok(request, await updateMiningSettings(db, auditActor(request), request.body)),
  );

  app.get(
    "/loyalty/players/:player_guid",
    {
      config,
      schema: {
        tags,
        summary: "A player's level, volume, coin balance and latest coin transfers",
        params: playerLoyaltyParams,
        querystring: noQuery,
        response: { 200: okEnvelope(playerLoyalty) },
      },
    },
    async (request) => ok(request, await getPlayerLoyalty(db, request.params.player_guid)),
  );

  app.post(
    "/loyalty/players/:player_guid/coins",
    {
      config,
      schema: {
        tags,
        summary: "Adjust a player's coins by hand, with a reason (audited; never below 0)",
        params: playerLoyaltyParams,
        body: coinAdjustmentInput,
        response: { 200: okEnvelope(playerLoyalty) },
      },
    },
    async (request) => ok(request, await adjustPlayerCoins(db, auditActor(request), request.params.player_guid, request.body)),
  );
};
