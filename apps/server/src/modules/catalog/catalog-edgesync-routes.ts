import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pageEntry } from "@croupier/contract/entities/catalog";
import { edgeGame } from "@croupier/contract/entities/game";
import { provider } from "@croupier/contract/entities/provider";
import { tag } from "@croupier/contract/entities/tag";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { z } from "zod";
import { list } from "../../lib/envelope.ts";
import { setCatalogCache } from "./cache-headers.ts";
import { devicesQuery, edgeListQuery, gamesQuery, parseFlag, parseGameFilters } from "./catalog-query.ts";
import { sendGameList, sendOkJson } from "./game-list-body.ts";
import { getPageContentJson, lobbyPages } from "./get-page-content.ts";
import { listCatalogTags } from "./list-catalog-tags.ts";
import { listGames } from "./list-games.ts";
import { listProviders } from "./list-providers.ts";

const wholeList = (n: number) => ({ page: 1, per_page: Math.max(n, 1), total: n });

/**
 * The edge-sync content service's catalogue calls (registered under /edgesync
 * next to the dictionary and settings calls of the edgesync module): lobby
 * pages and the catalogue with denormalised fields, public and cacheable.
 */
export const catalogEdgesyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.database;

  for (const page of lobbyPages) {
    app.get(
      `/pages/${page}`,
      {
        schema: {
          tags: ["edgesync"],
          summary: `Lobby page "${page}": tag rows with their first games`,
          security: [],
          description:
            "Rows are the category tags flagged for the page (home: show_in_top, live: show_in_live_section, slots: show_in_slots_section) in tag ordering; live and slots rows hold only games of that section. Each row has up to 24 games in lobby order; tag.count is the row's full game count.",
          querystring: devicesQuery,
          response: { 200: okEnvelope(z.array(pageEntry)) },
        },
      },
      async (request, reply) => {
        const payload = await getPageContentJson(database, page, {
          can_desktop: parseFlag(request.query.can_desktop),
          can_mobile: parseFlag(request.query.can_mobile),
        });
        setCatalogCache(reply, false);
        // Checked against the schema when it was made (getPageContentJson): written as it is.
        return sendOkJson(request, reply, payload);
      },
    );
  }

  app.get(
    "/catalog/games",
    {
      schema: {
        tags: ["edgesync"],
        summary: "Games with the edge-sync fields (same filters as /catalog/games)",
        security: [{ bearerAuth: [] }, {}],
        querystring: gamesQuery,
        response: { 200: listEnvelope(edgeGame) },
      },
    },
    async (request, reply) => {
      const { filters, paging } = parseGameFilters(request.query);
      const userId = request.auth?.userId ?? null;
      const page = await listGames(database, filters, paging, { userId, edge: true });
      setCatalogCache(reply, userId !== null);
      return sendGameList(request, reply, page);
    },
  );

  app.get(
    "/catalog/providers",
    {
      schema: {
        tags: ["edgesync"],
        summary: "Studios with active games in the section and device",
        security: [],
        querystring: edgeListQuery,
        response: { 200: listEnvelope(provider) },
      },
    },
    async (request, reply) => {
      const items = await listProviders(database, scopeOf(request.query));
      setCatalogCache(reply, false);
      return list(request, items, wholeList(items.length));
    },
  );

  app.get(
    "/catalog/tags",
    {
      schema: {
        tags: ["edgesync"],
        summary: "Tags with active games in the section and device",
        security: [],
        querystring: edgeListQuery,
        response: { 200: listEnvelope(tag) },
      },
    },
    async (request, reply) => {
      const items = await listCatalogTags(database, scopeOf(request.query));
      setCatalogCache(reply, false);
      return list(request, items, wholeList(items.length));
    },
  );
};

function scopeOf(query: z.infer<typeof edgeListQuery>) {
  return {
    can_desktop: parseFlag(query.can_desktop),
    can_mobile: parseFlag(query.can_mobile),
    system_tag: query.system_tag,
  };
}
