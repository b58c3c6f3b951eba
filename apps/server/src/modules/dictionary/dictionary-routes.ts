import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listEnvelope } from "@croupier/contract/envelope";
import { continentCode, country, iso2Code } from "@croupier/contract/entities/country";
import { currency, currencyType } from "@croupier/contract/entities/currency";
import { language } from "@croupier/contract/entities/language";
import { phoneCode } from "@croupier/contract/entities/phone-code";
import { tag, tagType } from "@croupier/contract/entities/tag";
import type { Db } from "@croupier/db/create-database";
import { list } from "../../lib/envelope.ts";
import { cacheSuccessfulAnswers } from "./cache-control.ts";
import { listCountries } from "./list-countries.ts";
import { listCurrencies } from "./list-currencies.ts";
import { listLanguages } from "./list-languages.ts";
import { listPhoneCodes } from "./list-phone-codes.ts";
import { listTags } from "./list-tags.ts";
import { pageQuery, pageRequest, wholeListPager } from "./paging.ts";

export const countriesQuery = z.object({
  continent_code: continentCode.optional().describe("Only countries on this continent"),
  iso: iso2Code.optional().describe("Only the country with this ISO alpha-2 code"),
});

export const tagsQuery = z.object({
  type: tagType.optional().describe("Only system tags (lobby sections) or only category tags"),
  ...pageQuery,
});

/** GET /dictionary/countries; /edgesync/dictionary/countries answers the same. */
export const countriesHandler =
  (db: Db) => async (request: FastifyRequest & { query: z.infer<typeof countriesQuery> }) => {
    const { continent_code, iso } = request.query;
    const items = await listCountries(db, { continent_code, iso2: iso ? [iso] : undefined });
    return list(request, items, wholeListPager(items.length));
  };

/** GET /dictionary/tags; /edgesync/dictionary/tags answers the same. */
export const tagsHandler = (db: Db) => async (request: FastifyRequest & { query: z.infer<typeof tagsQuery> }) => {
  const page = pageRequest(request.query);
  const { items, total } = await listTags(db, { type: request.query.type }, page);
  return list(request, items, { page: page.page, per_page: page.per_page, total });
};

const WHOLE_LIST_NOTE =
  "Returned whole (ISO 3166-1 bounds it to about 250 countries): the pager reports page 1 with per_page equal to total.";

/** GET /dictionary/*: reference data, the same for every caller; cacheable for 10 minutes. */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  cacheSuccessfulAnswers(app);
  const db = app.database.db;

  app.get(
    "/countries",
    {
      schema: {
        tags: ["dictionary"],
        summary: "Every ISO 3166-1 country",
        security: [],
        description: WHOLE_LIST_NOTE,
        querystring: countriesQuery,
        response: { 200: listEnvelope(country) },
      },
    },
    countriesHandler(db),
  );

  app.get(
    "/currencies",
    {
      schema: {
        tags: ["dictionary"],
        summary: "Every currency, with transfer networks for crypto",
        security: [],
        querystring: z.object({ type: currencyType.optional().describe("Only fiat or only crypto"), ...pageQuery }),
        response: { 200: listEnvelope(currency) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { items, total } = await listCurrencies(db, { type: request.query.type }, page);
      return list(request, items, { page: page.page, per_page: page.per_page, total });
    },
  );

  app.get(
    "/languages",
    {
      schema: {
        tags: ["dictionary"],
        summary: "Languages, the default first",
        security: [],
        querystring: z.object(pageQuery),
        response: { 200: listEnvelope(language) },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { items, total } = await listLanguages(db, page);
      return list(request, items, { page: page.page, per_page: page.per_page, total });
    },
  );

  app.get(
    "/phone_codes",
    {
      schema: {
        tags: ["dictionary"],
        summary: "Phone codes with their countries",
        security: [],
        description: `${phoneCode.description ?? ""} ${WHOLE_LIST_NOTE}`,
        querystring: z.object({
          code: z
            .string()
            .regex(/^\+?\d{1,6}$/, "must be a phone code of 1 to 6 digits")
            .optional()
            .describe('Only entries for this code ("44" or "+44")'),
        }),
        response: { 200: listEnvelope(phoneCode) },
      },
    },
    async (request) => {
      const code = request.query.code?.replace(/^\+/, "");
      const items = await listPhoneCodes(db, { code });
      return list(request, items, wholeListPager(items.length));
    },
  );

  app.get(
    "/tags",
    {
      schema: {
        tags: ["dictionary"],
        summary: "Tags: the system tags (Live, Slots) and the catalogue's category tags",
        security: [],
        querystring: tagsQuery,
        response: { 200: listEnvelope(tag) },
      },
    },
    tagsHandler(db),
  );
};
