import { z } from "zod";
import { iso2Code } from "./country.ts";
import { tag } from "./tag.ts";

/** How a wallet in one currency plays a game offered in another ("convertion" is the contract's spelling). */
export const currencyConvertionPolicy = z.enum(["disabled", "ingame_convertion", "wallet_convertion"]);
export type CurrencyConvertionPolicy = z.infer<typeof currencyConvertionPolicy>;

export const externalServices = z
  .object({
    ga: z.object({ id: z.string().max(64) }).optional(),
    hotjar: z.object({ id: z.string().max(64) }).optional(),
    livechat: z.object({ user_id: z.string().max(64) }).optional(),
  })
  .describe("Third-party services the web app loads; a missing key means the service is off");
export type ExternalServices = z.infer<typeof externalServices>;

export const projectSettings = z
  .object({
    project_guid: z.uuid(),
    name: z.string().max(120),
    /** Guids of the countries players may come from (always the full list, never "empty means all"). */
    country_guids: z.array(z.uuid()),
    /** ISO alpha-2 codes of the same countries, in the same order. */
    allowed_countries: z.array(iso2Code),
    /** ISO alpha-2 of the default country. */
    default_country: iso2Code,
    currency_convertion_policy: currencyConvertionPolicy,
    external_services: externalServices,
    /** The system tags (lobby sections). */
    tags: z.array(tag),
  })
  .describe("Project (domain) settings");
export type ProjectSettings = z.infer<typeof projectSettings>;

export const workspaceDomain = z
  .object({
    /** The host the request named, lower case, without port. */
    domain: z.string().max(253),
    project_guid: z.uuid(),
    project_name: z.string().max(120),
  })
  .describe("The project serving a domain");
export type WorkspaceDomain = z.infer<typeof workspaceDomain>;

export const currencyConvertionPolicySettings = z.object({ currency_convertion_policy: currencyConvertionPolicy });
