import { z } from "zod";

export const language = z
  .object({
    guid: z.uuid(),
    /** BCP 47 language tag: "en". */
    code: z.string().max(8),
    /** Name in the language itself: "English". */
    name: z.string().max(80),
    external_id: z.string().max(64),
    is_default: z.boolean(),
  })
  .describe("Language");
export type Language = z.infer<typeof language>;
