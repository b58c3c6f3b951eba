import {
  adminGame,
  adminGameProvider,
  adminGamesQuery,
  adminStudio,
  adminTag,
  gameParams,
  gameProviderParams,
  studioParams,
  tagParams,
  updateGameBody,
  updateGameProviderBody,
  updateStudioBody,
  updateTagBody,
} from "@croupier/contract/backoffice/catalog-admin";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { list, ok } from "../../lib/envelope.ts";
import { auditActor } from "../staff/record-audit.ts";
import { listAdminGames } from "./list-admin-games.ts";
import { listAdminTags } from "./list-admin-tags.ts";
import { listGameProviders } from "./list-game-providers.ts";
import { listStudios } from "./list-studios.ts";
import { updateGame } from "./update-game.ts";
import { updateGameProvider } from "./update-game-provider.ts";
import { updateStudio } from "./update-studio.ts";
import { updateTag } from "./update-tag.ts";

const tags = ["Back office: catalogue"];
const DEFAULT_PER_PAGE = 50;

// Back-office routes of this module, mounted under /api/backoffice/v1 by routes/backoffice-v1.ts.
// Every route declares config.permission (packages/contract/src/staff-permissions.ts).
// Edits go through the catalogue's tables; migration 0007's statement triggers bump the catalogue
// version in the same transaction, which is what the lobby's and edge-sync's caches are keyed by.
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const config = { permission: "catalog.manage" } as const;

  app.get(
    "/catalog/games",
    {
      config,
      schema: {
        tags,
        summary: "Every game, whatever its status or studio: filter, sort, one page",
        querystring: adminGamesQuery,
        response: { 200: listEnvelope(adminGame) },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, pager } = await listAdminGames(
        db,
        {
          q: q.q || undefined,
          studioGuid: q.studio_guid,
          gameProvider: q.game_provider,
          tagGuid: q.tag_guid,
          systemTagGuid: q.system_tag_guid,
          status: q.status,
          enabled: q.enabled === undefined ? undefined : q.enabled === "true",
        },
        {
          sort: q.sort ?? "ordering",
          descending: q.order === "desc",
          page: Number(q.page ?? 1),
          perPage: Number(q.per_page ?? DEFAULT_PER_PAGE),
        },
      );
      return list(request, items, pager);
    },
  );

  app.patch(
    "/catalog/games/:guid",
    {
      config,
      schema: {
        tags,
        summary: "Change a game's status, lobby position or category tags (players see it at once; audited)",
        params: gameParams,
        body: updateGameBody,
        response: { 200: okEnvelope(adminGame) },
      },
    },
    async (request) => ok(request, await updateGame(db, auditActor(request), request.params.guid, request.body)),
  );

  app.get(
    "/catalog/studios",
    {
      config,
      schema: {
        tags,
        summary: "Every studio, enabled or not, with its game counts",
        response: { 200: okEnvelope(z.array(adminStudio)) },
      },
    },
    async (request) => ok(request, await listStudios(db)),
  );

  app.patch(
    "/catalog/studios/:guid",
    {
      config,
      schema: {
        tags,
        summary: "Enable or disable a studio (all its games with it), or move it in the list (audited)",
        params: studioParams,
        body: updateStudioBody,
        response: { 200: okEnvelope(adminStudio) },
      },
    },
    async (request) => ok(request, await updateStudio(db, auditActor(request), request.params.guid, request.body)),
  );

  app.get(
    "/catalog/game-providers",
    {
      config,
      schema: {
        tags,
        summary: "The game providers the catalogue's games run on, with game counts",
        response: { 200: okEnvelope(z.array(adminGameProvider)) },
      },
    },
    async (request) => ok(request, await listGameProviders(db)),
  );

  app.patch(
    "/catalog/game-providers/:code",
    {
      config,
      schema: {
        tags,
        summary: "Switch a game provider off (all its games disabled) or on (each game's own status back); audited",
        params: gameProviderParams,
        body: updateGameProviderBody,
        response: { 200: okEnvelope(adminGameProvider) },
      },
    },
    async (request) =>
      ok(request, await updateGameProvider(db, auditActor(request), request.params.code, request.body)),
  );

  app.get(
    "/catalog/tags",
    {
      config,
      schema: {
        tags,
        summary: "Every tag (sections, then categories) with its game count",
        response: { 200: okEnvelope(z.array(adminTag)) },
      },
    },
    async (request) => ok(request, await listAdminTags(db)),
  );

  app.patch(
    "/catalog/tags/:guid",
    {
      config,
      schema: {
        tags,
        summary: "Move a tag among the lobby rows and category lists (audited)",
        params: tagParams,
        body: updateTagBody,
        response: { 200: okEnvelope(adminTag) },
      },
    },
    async (request) => ok(request, await updateTag(db, auditActor(request), request.params.guid, request.body)),
  );
};
