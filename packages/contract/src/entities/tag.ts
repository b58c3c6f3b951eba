import { z } from "zod";

export const tagType = z.enum(["system", "category"]);
export type TagType = z.infer<typeof tagType>;

export const deviceType = z.enum(["mobile", "desktop"]);
export type DeviceType = z.infer<typeof deviceType>;

export const tag = z
  .object({
    guid: z.uuid(),
    name: z.string().max(80),
    /** "system" tags (Live, Slots) split the lobby into sections; "category" tags group games within one. */
    type: tagType,
    ordering: z.number().int(),
    tag_icon_url: z.string().max(300).nullable(),
    /** "#rrggbb". */
    category_hex: z.string().max(7).nullable(),
    device_types: z.array(deviceType),
    /** Guids of the system tags (sections) this tag appears in. */
    system_tags: z.array(z.uuid()),
    show_as_category: z.boolean(),
    show_as_label: z.boolean(),
    show_in_bottom: z.boolean(),
    show_in_top: z.boolean(),
    show_in_collections: z.boolean(),
    show_in_slots_section: z.boolean(),
    show_in_live_section: z.boolean(),
    /** Number of games carrying the tag, where the catalogue counts them. */
    count: z.number().int().min(0).optional(),
  })
  .describe("Tag");
export type Tag = z.infer<typeof tag>;
