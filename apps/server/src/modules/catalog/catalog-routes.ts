import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { favoriteRequest, favoriteResult } from "@croupier/contract/entities/catalog";
import { game } from "@croupier/contract/entities/game";
import { provider } from "@croupier/contract/entities/provider";
import { tag } from "@croupier/contract/entities/tag";
import { listEnvelope, okEnvelope, PER_PAGE_MAX } from "@croupier/contract/envelope";
import { AppError } from "../../lib/app-error.ts";
import { list, ok } from "../../lib/envelope.ts";
import { playerId, requirePlayer } from "../../lib/request-auth.ts";
import { PLAYER_CACHE, setCatalogCache } from "./cache-headers.ts";
import { devicesQuery, gamesQuery, parseFlag, parseGameFilters } from "./catalog-query.ts";
import { sendGameList } from "./game-list-body.ts";
import { listCatalogTags } from "./list-catalog-tags.ts";
import { listGames } from "./list-games.ts";
import { listProviders } from "./list-providers.ts";
import { setFavorite } from "./set-favorite.ts";

const wholeList = (n: number) => ({ page: 1, per_page: Math.max(n, 1), total: n });

/** /catalog: games with every contract filter, studios, tags and the player's favourites. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.database;

  app.get(
    "/games",
    {
      schema: {
        tags: ["catalog"],
        summary: "Games, filtered and paged in lobby order",
        security: [{ bearerAuth: [] }, {}],
        description: `All filters combine with AND. per_page defaults to 24 and is capped at ${PER_PAGE_MAX}; a larger value, an unknown parameter or a malformed value is a 400 naming the parameter. Without game_status only active games are listed. is_favorite is filled for a logged-in player; favorites_only=true needs one (401 otherwise).`,
        querystring: gamesQuery,
        response: { 200: listEnvelope(game) },
      },
    },
    async (request, reply) => {
      const { filters, paging } = parseGameFilters(request.query);
      const userId = request.auth?.userId ?? null;
      const page = await listGames(database, filters, paging, { userId, edge: false });
      setCatalogCache(reply, userId !== null);
      return sendGameList(request, reply, page);
    },
  );

  app.get(
    "/providers",
    {
      schema: {
        tags: ["catalog"],
        summary: "Studios with active games, with game counts, devices and sections",
        security: [],
        querystring: devicesQuery,
        response: { 200: listEnvelope(provider) },
      },
    },
    async (request, reply) => {
      const items = await listProviders(database, {
        can_desktop: parseFlag(request.query.can_desktop),
        can_mobile: parseFlag(request.query.can_mobile),
      });
      setCatalogCache(reply, false);
      return list(request, items, wholeList(items.length));
    },
  );

  app.get(
    "/tags",
    {
      schema: {
        tags: ["catalog"],
        summary: "Tags with active games, with game counts",
        security: [],
        querystring: devicesQuery,
        response: { 200: listEnvelope(tag) },
      },
    },
    async (request, reply) => {
      const items = await listCatalogTags(database, {
        can_desktop: parseFlag(request.query.can_desktop),
        can_mobile: parseFlag(request.query.can_mobile),
      });
      setCatalogCache(reply, false);
      return list(request, items, wholeList(items.length));
    },
  );

  app.post(
    "/favorites",
    {
      preHandler: requirePlayer,
      schema: {
        tags: ["catalog"],
        summary: "Adds a game (by external guid) to the player's favourites; idempotent",
        security: [{ bearerAuth: [] }],
        body: favoriteRequest,
        response: { 200: okEnvelope(favoriteResult) },
      },
    },
    async (request, reply) => {
      const result = await setFavorite(database, playerId(request), request.body.game_guid, true);
      reply.header("cache-control", PLAYER_CACHE);
      return ok(request, result);
    },
  );

  app.delete(
    "/favorites",
    {
      preHandler: requirePlayer,
      schema: {
        tags: ["catalog"],
        summary: "Removes a game (by external guid) from the player's favourites; idempotent",
        description: "game_guid in the JSON body or the query string.",
        security: [{ bearerAuth: [] }],
        querystring: favoriteRequest.partial().strict(),
        body: favoriteRequest.partial().nullish(),
        response: { 200: okEnvelope(favoriteResult) },
      },
    },
    async (request, reply) => {
      const guid = request.body?.game_guid ?? request.query.game_guid;
      if (!guid)
        throw new AppError("VALIDATION_ERROR", "Invalid input: body.game_guid", {
          fields: [{ field: "body.game_guid", message: "is required" }],
        });
      const result = await setFavorite(database, playerId(request), guid, false);
      reply.header("cache-control", PLAYER_CACHE);
      return ok(request, result);
    },
  );
};
