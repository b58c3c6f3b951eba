import { z } from "zod";

export const continentCodes = ["AF", "AN", "AS", "EU", "NA", "OC", "SA"] as const;
export const continentCode = z.enum(continentCodes);
export type ContinentCode = z.infer<typeof continentCode>;

/** ISO 3166-1 alpha-2, upper case. */
export const iso2Code = z.string().regex(/^[A-Z]{2}$/, "must be a two-letter upper-case ISO 3166-1 code");

export const country = z
  .object({
    guid: z.uuid(),
    /** The project (operator) this installation serves. */
    project_guid: z.uuid(),
    external_guid: z.string().max(64),
    /** True for the project's default country (project settings). */
    is_default: z.boolean(),
    /** Short English name: "United Kingdom". */
    country: z.string().max(120),
    /** Official English name: "United Kingdom of Great Britain and Northern Ireland". */
    country_full_name: z.string().max(200),
    country_code: z
      .string()
      .max(120)
      .describe('Phone codes without "+", comma-separated: "44", or "1787,1939" for Puerto Rico'),
    iso_codes: z.string().max(7).describe('ISO 3166-1 alpha-2 and alpha-3, slash-separated: "GB/GBR"'),
    continent_code: continentCode,
  })
  .describe("Country");
export type Country = z.infer<typeof country>;
