import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { gameConversion, gameConversionBody, gameOpenBody, gameOpenResult } from "@croupier/contract/entities/game-launch";
import { ok } from "../../lib/envelope.ts";
import { requestPublicUrl } from "../../lib/request-public-url.ts";
import { getProject } from "../dictionary/get-project.ts";
import { getGameConversion } from "./get-game-conversion.ts";
import { ConversionRequiredError, openGame } from "./open-game.ts";
import { resolveGame } from "./resolve-game.ts";

/** The conversion refusal: the error envelope, with the conversion view in metadata for the UI. */
const conversionRefusal = errorEnvelope.extend({
  metadata: errorEnvelope.shape.metadata.extend({ conversion: gameConversion }),
});

/**
 * POST /game/open, GET /games/conversion/{guid}, POST /games/conversion.
 * Open to visitors (demo play, conversion info); real play checks the player inside.
 */
export const gameLaunchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/game/open",
    {
      schema: {
        tags: ["games"],
        summary: "Open a game: the provider's launch URL carrying a new game session token (real) or play money (demo)",
        description:
          "Real play needs a logged-in player with an active wallet (or the wallet in currency_guid) whose currency the game accepts. " +
          "Otherwise, under the ingame_convertion policy, the game plays in a currency it accepts that a stored rate links directly to the " +
          "wallet's (or the pair in exchange_guid): the rate is fixed on the session and the URL carries that currency (ADR 006). " +
          "With no such pair, or another policy: 409 CONFLICT with metadata.conversion (see GET /games/conversion/{guid}). " +
          "Demo play (is_demo) is open to visitors when the game has can_demo.",
        security: [{ bearerAuth: [] }, {}],
        body: gameOpenBody,
        response: { 200: okEnvelope(gameOpenResult), 409: conversionRefusal.or(errorEnvelope) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const db = app.database.db;
      const [game, project] = await Promise.all([
        resolveGame(db, { gameGuid: body.game_guid, gameUrl: body.game_url }),
        getProject(db),
      ]);
      const playerGuid = request.auth?.userId ?? null;
      // A refused token (expired, ended, locked) is reported as such rather than as "please log in".
      if (!body.is_demo && !playerGuid && request.authError) throw request.authError;
      try {
        // Launch URLs on the origin the player used when that is a loopback name and PUBLIC_URL is unset.
        const env = { ...app.env, PUBLIC_URL: requestPublicUrl(app.env, request) };
        const result = await openGame(db, env, {
          game,
          playerGuid,
          // The game session lives no longer than this login session (ADR 011).
          loginSessionGuid: request.auth?.sessionId ?? null,
          isDemo: body.is_demo,
          languageCode: body.language_code,
          currencyGuid: body.currency_guid,
          exchangeGuid: body.exchange_guid,
          exitUrl: body.exit_url,
          device: body.device,
          policy: project.currency_convertion_policy,
        });
        return ok(request, result);
      } catch (error) {
        if (!(error instanceof ConversionRequiredError)) throw error;
        return reply.status(409).send({
          status: "error" as const,
          payload: { code: error.code, message: error.message },
          metadata: { request_id: request.id, conversion: error.conversion },
        });
      }
    },
  );

  const conversionOf = async (playerGuid: string | null, input: { gameGuid?: string; gameUrl?: string }) => {
    const db = app.database.db;
    const [game, project] = await Promise.all([resolveGame(db, input), getProject(db)]);
    return getGameConversion(db, { game, playerGuid, policy: project.currency_convertion_policy });
  };

  app.get(
    "/games/conversion/:guid",
    {
      schema: {
        tags: ["games"],
        summary: "Currencies a game accepts, and the currency pairs (with rates) linking the player's wallet to them",
        security: [{ bearerAuth: [] }, {}],
        params: z.object({ guid: z.uuid() }),
        response: { 200: okEnvelope(gameConversion) },
      },
    },
    async (request) => ok(request, await conversionOf(request.auth?.userId ?? null, { gameGuid: request.params.guid })),
  );

  app.post(
    "/games/conversion",
    {
      schema: {
        tags: ["games"],
        summary: "The same as GET /games/conversion/{guid}, naming the game by guid or by its game page URL",
        security: [{ bearerAuth: [] }, {}],
        body: gameConversionBody,
        response: { 200: okEnvelope(gameConversion) },
      },
    },
    async (request) =>
      ok(
        request,
        await conversionOf(request.auth?.userId ?? null, { gameGuid: request.body.game_guid, gameUrl: request.body.game_url }),
      ),
  );
};
