import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { okEnvelope } from "@croupier/contract/envelope";
import {
  limitIdParams,
  playerLimit,
  playerLimits,
  removeLimitResult,
  setLimitBody,
  setLimitResult,
} from "@croupier/contract/entities/limits";
import { ok } from "../../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../../lib/request-auth.ts";
import { cancelLimitChange } from "./cancel-limit-change.ts";
import { confirmLimitChange } from "./confirm-limit-change.ts";
import { createLimitsSweeper } from "./limits-sweeper.ts";
import { listPlayerLimits } from "./list-player-limits.ts";
import { removePlayerLimit } from "./remove-player-limit.ts";
import { setPlayerLimit } from "./set-player-limit.ts";

const tags = ["responsible gaming"];
const security = [{ bearerAuth: [] }];

/**
 * Player deposit, loss, wager and session-time limits under /api/v1/responsible-gaming/limits
 * (issue #16, ADR 021; registered in routes/api-v1.ts). Also runs the limits' sweeper (sessions
 * over their limit end, pending changes ready to confirm are announced).
 */
export const limitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const sweeper = createLimitsSweeper(db, app.log);
  app.addHook("onReady", async () => sweeper.start());
  app.addHook("onClose", async () => sweeper.stop());

  app.get(
    "/responsible-gaming/limits",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "The player's limits with usage in the current window and any pending change",
        response: { 200: okEnvelope(playerLimits) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(request, await listPlayerLimits(db, playerId(request)));
    },
  );

  app.put(
    "/responsible-gaming/limits",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Set one limit: a new or lower limit applies at once, a higher one after a 24-hour cooling-off and confirmation",
        body: setLimitBody,
        response: { 200: okEnvelope(setLimitResult) },
      },
    },
    async (request) => ok(request, await setPlayerLimit(db, playerId(request), request.body, { kind: "player" })),
  );

  app.delete(
    "/responsible-gaming/limits/:guid",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Ask to remove a limit: it holds through a 24-hour cooling-off, then needs confirmation",
        params: limitIdParams,
        response: { 200: okEnvelope(removeLimitResult) },
      },
    },
    async (request) => ok(request, { limit: await removePlayerLimit(db, playerId(request), request.params.guid) }),
  );

  app.post(
    "/responsible-gaming/limits/:guid/confirm",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Confirm a pending increase or removal after its cooling-off (limit null: removed)",
        params: limitIdParams,
        response: { 200: okEnvelope(z.object({ limit: playerLimit.nullable() })) },
      },
    },
    async (request) => ok(request, { limit: await confirmLimitChange(db, playerId(request), request.params.guid) }),
  );

  app.post(
    "/responsible-gaming/limits/:guid/cancel",
    {
      preHandler: requirePlayer,
      schema: {
        tags,
        security,
        summary: "Drop a pending increase or removal; the limit in force stays",
        params: limitIdParams,
        response: { 200: okEnvelope(removeLimitResult) },
      },
    },
    async (request) => ok(request, { limit: await cancelLimitChange(db, playerId(request), request.params.guid) }),
  );
};
