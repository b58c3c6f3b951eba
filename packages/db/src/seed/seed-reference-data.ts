import type { Db } from "../create-database.ts";
import {
  countries,
  currencies,
  currencyNetworks,
  currencyPairs,
  languages,
  projectSettings,
  tags,
} from "../schema/dictionary.ts";
import countryRows from "./data/countries.json" with { type: "json" };
import { deterministicGuid } from "./deterministic-guid.ts";
import { CURRENCIES, LANGUAGES, PAIR_QUOTE, PROJECT, SYSTEM_TAGS } from "./reference-data.ts";

type CountryRow = {
  iso2: string;
  iso3: string;
  country: string;
  country_full_name: string;
  phone_codes: string[];
  continent_code: string;
};

export const projectGuid = deterministicGuid(PROJECT.key);
export const countryGuid = (iso2: string) => deterministicGuid(`country:${iso2}`);
export const currencyGuid = (code: string) => deterministicGuid(`currency:${code}`);
export const tagGuid = (name: string) => deterministicGuid(`tag:system:${name}`);

/**
 * Countries, currencies with networks and pairs, languages, the project
 * settings row and the system tags. Every row has a deterministic guid and is
 * inserted with ON CONFLICT DO NOTHING, so re-running adds only what is new and
 * never overwrites what an operator changed.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(projectSettings)
      .values({
        guid: projectGuid,
        name: PROJECT.name,
        allowed_countries: [...PROJECT.allowed_countries],
        default_country_iso2: PROJECT.default_country_iso2,
        currency_convertion_policy: PROJECT.currency_convertion_policy,
        external_services: {},
      })
      .onConflictDoNothing();

    await tx
      .insert(countries)
      .values(
        (countryRows as CountryRow[]).map((c) => {
          const guid = countryGuid(c.iso2);
          return {
            guid,
            // No external system feeds countries yet: the external id mirrors ours.
            external_guid: guid,
            iso2: c.iso2,
            iso3: c.iso3,
            country: c.country,
            country_full_name: c.country_full_name,
            country_code: c.phone_codes.join(","),
            continent_code: c.continent_code,
            is_default: c.iso2 === PROJECT.default_country_iso2,
          };
        }),
      )
      .onConflictDoNothing();

    await tx
      .insert(currencies)
      .values(
        CURRENCIES.map((c, index) => {
          const guid = currencyGuid(c.code);
          return {
            guid,
            external_guid: guid,
            code: c.code,
            name: c.name,
            symbol: c.symbol,
            type: c.type,
            decimals: c.decimals,
            is_default: c.is_default ?? false,
            ordering: index + 1,
            ...c.limits,
          };
        }),
      )
      .onConflictDoNothing();

    const networks = CURRENCIES.flatMap((c) =>
      (c.networks ?? []).map((n) => ({
        guid: deterministicGuid(`currency-network:${c.code}:${n.code}`),
        currency_guid: currencyGuid(c.code),
        code: n.code,
        name: n.name,
        confirmations: n.confirmations,
      })),
    );
    if (networks.length > 0) await tx.insert(currencyNetworks).values(networks).onConflictDoNothing();

    const quote = CURRENCIES.find((c) => c.code === PAIR_QUOTE)!;
    await tx
      .insert(currencyPairs)
      .values(
        CURRENCIES.filter((c) => c.code !== PAIR_QUOTE).map((base) => {
          const guid = deterministicGuid(`currency-pair:${base.code}/${quote.code}`);
          return {
            guid,
            external_guid: guid,
            base_guid: currencyGuid(base.code),
            quote_guid: currencyGuid(quote.code),
            base_asset: base.code,
            quote_asset: quote.code,
            status: "active" as const,
            type: base.type === quote.type ? base.type : ("mixed" as const),
          };
        }),
      )
      .onConflictDoNothing();

    await tx
      .insert(languages)
      .values(
        LANGUAGES.map((l) => {
          const guid = deterministicGuid(`language:${l.code}`);
          return { guid, external_id: guid, code: l.code, name: l.name, is_default: l.is_default };
        }),
      )
      .onConflictDoNothing();

    await tx
      .insert(tags)
      .values(
        SYSTEM_TAGS.map((t) => ({
          guid: tagGuid(t.name),
          name: t.name,
          type: "system" as const,
          ordering: t.ordering,
        })),
      )
      .onConflictDoNothing();
  });
}
