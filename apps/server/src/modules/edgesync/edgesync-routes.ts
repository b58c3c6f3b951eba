import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { country } from "@croupier/contract/entities/country";
import { projectSettings } from "@croupier/contract/entities/project-settings";
import { tag } from "@croupier/contract/entities/tag";
import { cacheSuccessfulAnswers } from "../dictionary/cache-control.ts";
import { countriesHandler, countriesQuery, tagsHandler, tagsQuery } from "../dictionary/dictionary-routes.ts";
import { uriQuery } from "../workspace/resolve-domain.ts";
import { settingsHandler } from "../workspace/workspace-routes.ts";

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
        security: [],
        querystring: countriesQuery,
        response: { 200: listEnvelope(country) },
      },
    },
    countriesHandler(db),
  );

  app.get(
    "/dictionary/tags",
    {
      schema: {
        tags: ["edgesync"],
        summary: "Tags (as /dictionary/tags)",
        security: [],
        querystring: tagsQuery,
        response: { 200: listEnvelope(tag) },
      },
    },
    tagsHandler(db),
  );

  app.get(
    "/settings",
    {
      schema: {
        tags: ["edgesync"],
        summary: "Domain settings: tags, allowed countries, conversion policy, external services",
        security: [],
        description: "404 for a host the project does not serve (see /workspace/domain).",
        querystring: uriQuery,
        response: { 200: okEnvelope(projectSettings) },
      },
    },
    settingsHandler(db),
  );
};
