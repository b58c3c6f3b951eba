import { asc, count, desc } from "drizzle-orm";
import type { Language } from "@croupier/contract/entities/language";
import type { Db } from "@croupier/db/create-database";
import { languages } from "@croupier/db/schema/dictionary";
import type { PageRequest } from "./paging.ts";

/** Languages, the default first, then by code. */
export async function listLanguages(db: Db, page: PageRequest): Promise<{ items: Language[]; total: number }> {
  const [totalRow] = await db.select({ total: count() }).from(languages);
  const items = await db
    .select({
      guid: languages.guid,
      code: languages.code,
      name: languages.name,
      external_id: languages.external_id,
      is_default: languages.is_default,
    })
    .from(languages)
    .orderBy(desc(languages.is_default), asc(languages.code))
    .limit(page.per_page)
    .offset(page.offset);
  return { items, total: Number(totalRow?.total ?? 0) };
}
