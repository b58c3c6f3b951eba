import { asc, count, eq } from "drizzle-orm";
import type { DeviceType, Tag, TagType } from "@croupier/contract/entities/tag";
import type { Db } from "@croupier/db/create-database";
import { tags } from "@croupier/db/schema/dictionary";
import type { PageRequest } from "./paging.ts";

export type TagRow = typeof tags.$inferSelect;

export function toTag(row: TagRow): Tag {
  return {
    guid: row.guid,
    name: row.name,
    type: row.type,
    ordering: row.ordering,
    tag_icon_url: row.tag_icon_url,
    category_hex: row.category_hex,
    device_types: row.device_types as DeviceType[],
    system_tags: row.system_tags,
    show_as_category: row.show_as_category,
    show_as_label: row.show_as_label,
    show_in_bottom: row.show_in_bottom,
    show_in_top: row.show_in_top,
    show_in_collections: row.show_in_collections,
    show_in_slots_section: row.show_in_slots_section,
    show_in_live_section: row.show_in_live_section,
  };
}

/** Tags by ordering then name; optionally only one type (system sections or categories). */
export async function listTags(
  db: Db,
  filter: { type?: TagType },
  page: PageRequest,
): Promise<{ items: Tag[]; total: number }> {
  const where = filter.type ? eq(tags.type, filter.type) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(tags).where(where);
  const rows = await db
    .select()
    .from(tags)
    .where(where)
    .orderBy(asc(tags.ordering), asc(tags.name), asc(tags.guid))
    .limit(page.per_page)
    .offset(page.offset);
  return { items: rows.map(toTag), total: Number(totalRow?.total ?? 0) };
}
