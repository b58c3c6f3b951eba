import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listEnvelope, okEnvelope } from "@croupier/contract/envelope";
import { captchaSettings } from "@croupier/contract/entities/captcha-settings";
import { country } from "@croupier/contract/entities/country";
import { currency } from "@croupier/contract/entities/currency";
import { currencyPair, currencyPairStatus } from "@croupier/contract/entities/currency-pair";
import {
  currencyConvertionPolicySettings,
  projectSettings,
  workspaceDomain,
} from "@croupier/contract/entities/project-settings";
import type { Db } from "@croupier/db/create-database";
import { list, ok } from "../../lib/envelope.ts";
import { requirePlayer } from "../../lib/request-auth.ts";
import { getProject } from "../dictionary/get-project.ts";
import { externalServicesConfig } from "@croupier/contract/entities/external-services-config";
import { getExternalServices } from "../external-services/get-external-services.ts";
import { listCurrencies } from "../dictionary/list-currencies.ts";
import { booleanText, pageQuery, pageRequest, wholeListPager } from "../dictionary/paging.ts";
import { getCaptchaSettings } from "./get-captcha-settings.ts";
import { getProjectSettings } from "./get-project-settings.ts";
import { listAllowedCountries } from "./list-allowed-countries.ts";
import { listCurrencyPairs } from "./list-currency-pairs.ts";
import { resolveDomain, uriQuery } from "./resolve-domain.ts";

const noQuery = z.object({});

/** GET /workspace/settings; /edgesync/settings answers the same. */
export const settingsHandler = (db: Db) => async (request: FastifyRequest & { query: z.infer<typeof uriQuery> }) => {
  const { project } = await resolveDomain(db, request.query.uri);
  return ok(request, await getProjectSettings(db, project));
};

/** GET /workspace/*: this project's configuration as the web app needs it. */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/countries",
    {
      schema: {
        tags: ["workspace"],
        summary: "The countries players may come from",
        security: [],
        description: "The project's allowed countries (every country when it restricts none), returned whole.",
        querystring: noQuery,
        response: { 200: listEnvelope(country) },
      },
    },
    async (request) => {
      const items = await listAllowedCountries(db);
      return list(request, items, wholeListPager(items.length));
    },
  );

  app.get(
    "/currencies",
    {
      schema: {
        tags: ["workspace"],
        summary: "The currencies the project offers",
        security: [],
        querystring: z.object({
          registration: booleanText.optional().describe("true: only currencies offered at sign-up"),
          country_guid: z.uuid().optional().describe("Only currencies offered in this country"),
          ...pageQuery,
        }),
        response: { 200: listEnvelope(currency) },
      },
    },
    async (request) => {
      const { registration, country_guid } = request.query;
      const page = pageRequest(request.query);
      const { items, total } = await listCurrencies(
        db,
        { registration: registration === undefined ? undefined : registration === "true", country_guid },
        page,
      );
      return list(request, items, { page: page.page, per_page: page.per_page, total });
    },
  );

  app.get(
    "/currency_convertion_policy",
    {
      schema: {
        tags: ["workspace"],
        summary: "How games in another currency than the wallet's are played",
        security: [],
        querystring: noQuery,
        response: { 200: okEnvelope(currencyConvertionPolicySettings) },
      },
    },
    async (request) => {
      const project = await getProject(db);
      return ok(request, { currency_convertion_policy: project.currency_convertion_policy });
    },
  );

  app.get(
    "/currency_pairs",
    {
      preHandler: requirePlayer,
      schema: {
        tags: ["workspace"],
        summary: "Currency pairs for conversion (logged-in players only)",
        security: [{ bearerAuth: [] }],
        querystring: z.object({ status: currencyPairStatus.optional(), ...pageQuery }),
        response: { 200: listEnvelope(currencyPair) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const page = pageRequest(request.query);
      const { items, total } = await listCurrencyPairs(db, { status: request.query.status }, page);
      return list(request, items, { page: page.page, per_page: page.per_page, total });
    },
  );

  app.get(
    "/domain",
    {
      schema: {
        tags: ["workspace"],
        summary: "The project serving an address",
        security: [],
        description:
          "404 when the project lists its domains and the host of `uri` is not among them; any host is served when it lists none.",
        querystring: uriQuery,
        response: { 200: okEnvelope(workspaceDomain) },
      },
    },
    async (request) => {
      const { host, project } = await resolveDomain(db, request.query.uri);
      return ok(request, { domain: host, project_guid: project.guid, project_name: project.name });
    },
  );

  app.get(
    "/google_recaptcha",
    {
      schema: {
        tags: ["workspace"],
        summary: "reCAPTCHA site key; payload null when captcha is not configured",
        security: [],
        querystring: noQuery,
        response: { 200: okEnvelope(captchaSettings.nullable()) },
      },
    },
    async (request) => {
      const project = await getProject(db);
      return ok(request, getCaptchaSettings(app.env.RECAPTCHA_SITE_KEY, project));
    },
  );

  app.get(
    "/settings",
    {
      schema: {
        tags: ["workspace"],
        summary: "The settings of the project serving an address",
        security: [],
        description: "404 for a host the project does not serve (see /workspace/domain).",
        querystring: uriQuery,
        response: { 200: okEnvelope(projectSettings) },
      },
    },
    settingsHandler(db),
  );

  app.get(
    "/external-services",
    {
      schema: {
        tags: ["workspace"],
        summary: "The third-party services the player app may load after consent",
        security: [],
        description: "Resolved from the project's external_services setting and the environment (ADR 027); an absent key is off.",
        querystring: noQuery,
        response: { 200: okEnvelope(externalServicesConfig) },
      },
    },
    async (request) => ok(request, await getExternalServices(db, app.env)),
  );
};
