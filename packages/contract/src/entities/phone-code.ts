import { z } from "zod";

export const phoneCode = z
  .object({
    /** Dialling code without "+": "44", "1787". */
    code: z.string().regex(/^\d{1,6}$/),
    country_guid: z.uuid(),
    /** ISO 3166-1 alpha-2 of the country: "GB". */
    iso: z.string().length(2),
    /** Short English country name. */
    country: z.string().max(120),
  })
  .describe(
    "One entry per (phone code, country) pair: a code shared by several countries (1, 7, 44…) appears once per country, " +
      "a country with several codes (Puerto Rico: 1787, 1939) once per code. Sorted by code, then country name, so a client " +
      "matching a dialled number picks the longest code and, among equal codes, the country whose iso matches its own.",
  );
export type PhoneCode = z.infer<typeof phoneCode>;
