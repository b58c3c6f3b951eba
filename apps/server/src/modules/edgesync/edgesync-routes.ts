import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { country } from "@croupier/contract/entities/country";
import { projectSettings } from "@croupier/contract/entities/project-settings";
import { tag } from "@croupier/contract/entities/tag";
import { list, ok } from "../../lib/envelope.ts";
import { cacheSuccessfulAnswers } from "../dictionary/cache-control.ts";
import { countriesQuery, tagsQuery } from "../dictionary/dictionary-routes.ts";
import { listCountries } from "../dictionary/list-countries.ts";
import { listTags } from "../dictionary/list-tags.ts";
import { pageRequest, wholeListPager } from "../dictionary/paging.ts";
import { getProjectSettings } from "../workspace/get-project-settings.ts";
import { resolveDomain, uriQuery } from "../workspace/resolve-domain.ts";

/**
 * GET /edgesync/dictionary/* and /edgesync/settings: the edge-sync content
 * service's copies of the dictionary and the domain settings, meant to sit
 * behind a CDN; every success is cacheable for 10 minutes.
 */
export const edgesyncRoutes: FastifyPluginAsyncZod = async (app) => {
  cacheSuccessfulAnswers(app);
  const db = app.database.db;

  app.get(
    "/dictionary/countries",
    {
      schema: {
        tags: ["edgesync"],
        summary: "Every ISO 3166-1 country (as /dictionary/countries)",
        querystring: countriesQuery,
        response: { 200: listEnvelope(country) },
      },
    },
    async (request) => {
      const { continent_code, iso } = request.query;
      const items = await listCountries(db, { continent_code, iso2: iso ? [iso] : undefined });
      return list(request, items, wholeListPager(items.length));
    },
  );

  app.get(
    "/dictionary/tags",
    {
      schema: {
        tags: ["edgesync"],
        summary: "Tags (as /dictionary/tags)",
        querystring: tagsQuery,
        response: { 200: listEnvelope(tag) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { items, total } = await listTags(db, { type: request.query.type }, page);
      return list(request, items, { page: page.page, per_page: page.per_page, total });
    },
  );

  app.get(
    "/settings",
    {
      schema: {
        tags: ["edgesync"],
        summary: "Domain settings: tags, allowed countries, conversion policy, external services",
        description: "404 for a host the project does not serve (see /workspace/domain).",
        querystring: uriQuery,
        response: { 200: okEnvelope(projectSettings) },
      },
    },
    async (request) => {
      const { project } = await resolveDomain(db, request.query.uri);
      return ok(request, await getProjectSettings(db, project));
    },
  );
};
