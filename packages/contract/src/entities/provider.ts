import { z } from "zod";
import { deviceType } from "./tag.ts";

export const provider = z
  .object({
    guid: z.uuid(),
    name: z.string().max(80),
    icon: z.string().max(300).nullable(),
    ordering: z.number().int(),
    /** Number of games of the studio that match the request (section, device). */
    count: z.number().int().min(0),
    /** Devices at least one of its games runs on. */
    device_types: z.array(deviceType),
    /** Guids of the system tags (lobby sections) its games belong to. */
    system_tags: z.array(z.uuid()),
  })
  .describe("Provider");
export type Provider = z.infer<typeof provider>;
