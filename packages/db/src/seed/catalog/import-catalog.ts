import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../create-database.ts";
import { currencies, tags } from "../../schema/dictionary.ts";
import { games, gameTags, providers } from "../../schema/catalog.ts";

/**
 * The catalogue import (docs/catalog-import-format.md). The shape mirrors the
 * contract's catalogImportFile (which validates files from outside); optional
 * fields take the same defaults here so the committed demo file can be loaded
 * without the contract package.
 */
export type CatalogData = {
  providers?: {
    external_guid: string;
    name: string;
    icon?: string | null;
    ordering?: number;
    is_enabled?: boolean;
  }[];
  tags?: {
    name: string;
    icon?: string | null;
    category_hex?: string | null;
    ordering?: number;
    show_as_category?: boolean;
    show_as_label?: boolean;
    show_in_bottom?: boolean;
    show_in_top?: boolean;
    show_in_collections?: boolean;
    show_in_slots_section?: boolean;
    show_in_live_section?: boolean;
    device_types?: ("mobile" | "desktop")[];
    system_tags?: string[];
  }[];
  games?: {
    external_guid: string;
    provider: string;
    game_provider: string;
    section: string;
    game_name: string;
    icon?: string | null;
    background_image?: string | null;
    ordering?: number;
    status?: "active" | "maintenance" | "disabled";
    can_desktop?: boolean;
    can_mobile?: boolean;
    can_demo?: boolean;
    can_freespins?: boolean;
    can_jackpot?: boolean;
    fee_group_guid?: string | null;
    bonus_wage?: string;
    bonus_play_allowed?: boolean;
    currencies?: string[];
    tags?: string[];
  }[];
};

export type ImportMode =
  /** Operator import: new rows are added and changed rows updated. */
  | "upsert"
  /** Seeding: only rows that do not exist yet are added, so staff edits survive a restart. */
  | "insert-missing";

export type ImportCounts = { inserted: number; updated: number; unchanged: number };
export type ImportReport = {
  providers: ImportCounts;
  tags: ImportCounts;
  games: ImportCounts;
  /** Games whose tag set was replaced. */
  retagged_games: number;
};

export class CatalogImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalogue cannot be imported:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "CatalogImportError";
  }
}

// Keeps each statement well under PostgreSQL's 65535 bind parameters.
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const counts = (): ImportCounts => ({ inserted: 0, updated: 0, unchanged: 0 });

/** Loads providers, category tags and games in one transaction; all references are checked first. */
export async function importCatalog(db: Db, data: CatalogData, mode: ImportMode = "upsert"): Promise<ImportReport> {
  const fileProviders = data.providers ?? [];
  const fileTags = data.tags ?? [];
  const fileGames = data.games ?? [];
  const report: ImportReport = { providers: counts(), tags: counts(), games: counts(), retagged_games: 0 };

  return db.transaction(async (tx) => {
    const systemTags = new Map(
      (await tx.select({ guid: tags.guid, name: tags.name }).from(tags).where(eq(tags.type, "system"))).map((t) => [
        t.name,
        t.guid,
      ]),
    );
    const currencyByCode = new Map(
      (await tx.select({ guid: currencies.guid, code: currencies.code }).from(currencies)).map((c) => [c.code, c.guid]),
    );
    const existingProviders = new Map(
      (
        await tx
          .select({ guid: providers.guid, external_guid: providers.external_guid })
          .from(providers)
          .where(
            inArray(
              providers.external_guid,
              [...new Set(fileGames.map((g) => g.provider))].filter(
                (p) => !fileProviders.some((fp) => fp.external_guid === p),
              ),
            ),
          )
      ).map((p) => [p.external_guid, p.guid]),
    );
    const existingCategoryTags = new Set(
      (await tx.select({ name: tags.name }).from(tags).where(eq(tags.type, "category"))).map((t) => t.name),
    );

    // Check every reference before writing anything, and report all problems at once.
    const problems: string[] = [];
    const fileProviderIds = new Set(fileProviders.map((p) => p.external_guid));
    const fileTagNames = new Set(fileTags.map((t) => t.name));
    for (const t of fileTags) {
      if (systemTags.has(t.name)) problems.push(`tag "${t.name}" is a system tag and cannot be imported as a category`);
      for (const s of t.system_tags ?? [])
        if (!systemTags.has(s)) problems.push(`tag "${t.name}": unknown system tag "${s}"`);
    }
    for (const g of fileGames) {
      const where = `game ${g.external_guid}`;
      if (!fileProviderIds.has(g.provider) && !existingProviders.has(g.provider))
        problems.push(`${where}: unknown provider "${g.provider}"`);
      if (!systemTags.has(g.section)) problems.push(`${where}: unknown section "${g.section}" (a system tag name)`);
      for (const c of g.currencies ?? [])
        if (!currencyByCode.has(c)) problems.push(`${where}: unknown currency "${c}"`);
      for (const t of g.tags ?? [])
        if (!fileTagNames.has(t) && !existingCategoryTags.has(t)) problems.push(`${where}: unknown tag "${t}"`);
    }
    if (problems.length > 0) throw new CatalogImportError(problems.slice(0, 50));

    // Providers.
    for (const batch of chunks(fileProviders)) {
      const rows = batch.map((p) => ({
        external_guid: p.external_guid,
        name: p.name,
        icon: p.icon ?? null,
        ordering: p.ordering ?? 0,
        is_enabled: p.is_enabled ?? true,
      }));
      const insert = tx.insert(providers).values(rows);
      const written =
        mode === "upsert"
          ? await insert
              .onConflictDoUpdate({
                target: providers.external_guid,
                set: {
                  name: sql`excluded.name`,
                  icon: sql`excluded.icon`,
                  ordering: sql`excluded.ordering`,
                  is_enabled: sql`excluded.is_enabled`,
                  updated_at: sql`now()`,
                },
                setWhere: sql`(${providers.name}, ${providers.icon}, ${providers.ordering}, ${providers.is_enabled})
                  IS DISTINCT FROM (excluded.name, excluded.icon, excluded.ordering, excluded.is_enabled)`,
              })
              .returning({ inserted: sql<boolean>`(xmax = 0)` })
          : await insert.onConflictDoNothing().returning({ inserted: sql<boolean>`true` });
      tally(report.providers, batch.length, written);
    }
    const providerGuid = new Map(existingProviders);
    for (const batch of chunks([...fileProviderIds]))
      for (const p of await tx
        .select({ guid: providers.guid, external_guid: providers.external_guid })
        .from(providers)
        .where(inArray(providers.external_guid, batch)))
        providerGuid.set(p.external_guid, p.guid);

    // Category tags: sections and devices default to those of the tag's games in this file.
    const sectionsOfTag = new Map<string, Set<string>>();
    const devicesOfTag = new Map<string, Set<"mobile" | "desktop">>();
    for (const g of fileGames)
      for (const t of g.tags ?? []) {
        const s = sectionsOfTag.get(t) ?? new Set();
        s.add(systemTags.get(g.section)!);
        sectionsOfTag.set(t, s);
        const d = devicesOfTag.get(t) ?? new Set();
        if (g.can_mobile ?? true) d.add("mobile");
        if (g.can_desktop ?? true) d.add("desktop");
        devicesOfTag.set(t, d);
      }
    for (const batch of chunks(fileTags)) {
      const rows = batch.map((t) => ({
        name: t.name,
        type: "category" as const,
        tag_icon_url: t.icon ?? null,
        category_hex: t.category_hex?.toLowerCase() ?? null,
        ordering: t.ordering ?? 0,
        show_as_category: t.show_as_category ?? false,
        show_as_label: t.show_as_label ?? false,
        show_in_bottom: t.show_in_bottom ?? false,
        show_in_top: t.show_in_top ?? false,
        show_in_collections: t.show_in_collections ?? false,
        show_in_slots_section: t.show_in_slots_section ?? false,
        show_in_live_section: t.show_in_live_section ?? false,
        device_types: t.device_types ?? sortDevices(devicesOfTag.get(t.name)),
        system_tags: t.system_tags
          ? t.system_tags.map((s) => systemTags.get(s)!)
          : [...(sectionsOfTag.get(t.name) ?? [])].sort(),
      }));
      const columns = [
        "tag_icon_url",
        "category_hex",
        "ordering",
        "show_as_category",
        "show_as_label",
        "show_in_bottom",
        "show_in_top",
        "show_in_collections",
        "show_in_slots_section",
        "show_in_live_section",
        "device_types",
        "system_tags",
      ] as const;
      const insert = tx.insert(tags).values(rows);
      const written =
        mode === "upsert"
          ? await insert
              .onConflictDoUpdate({
                target: tags.name,
                set: {
                  ...Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded.${c}`)])),
                  updated_at: sql`now()`,
                },
                // Never turns a system tag into a category (checked above as well).
                setWhere: sql.raw(
                  `tags.type = 'category' AND (${columns.map((c) => `tags.${c}`).join(", ")}) IS DISTINCT FROM (${columns
                    .map((c) => `excluded.${c}`)
                    .join(", ")})`,
                ),
              })
              .returning({ inserted: sql<boolean>`(xmax = 0)` })
          : await insert.onConflictDoNothing().returning({ inserted: sql<boolean>`true` });
      tally(report.tags, batch.length, written);
    }
    const tagGuid = new Map(
      (await tx.select({ guid: tags.guid, name: tags.name }).from(tags).where(eq(tags.type, "category"))).map((t) => [
        t.name,
        t.guid,
      ]),
    );

    // Games.
    const gameColumns = [
      "provider_guid",
      "game_provider",
      "system_tag_guid",
      "game_name",
      "game_icon",
      "game_background_image",
      "game_ordering",
      "game_status",
      "can_desktop",
      "can_mobile",
      "can_demo",
      "can_freespins",
      "can_jackpot",
      "fee_group_guid",
      "bonus_wage",
      "bonus_play_allowed",
      "currency_guids",
    ] as const;
    for (const batch of chunks(fileGames)) {
      const rows = batch.map((g) => ({
        external_guid: g.external_guid,
        provider_guid: providerGuid.get(g.provider)!,
        game_provider: g.game_provider,
        system_tag_guid: systemTags.get(g.section)!,
        game_name: g.game_name,
        game_icon: g.icon ?? null,
        game_background_image: g.background_image ?? null,
        game_ordering: g.ordering ?? 0,
        game_status: g.status ?? "active",
        can_desktop: g.can_desktop ?? true,
        can_mobile: g.can_mobile ?? true,
        can_demo: g.can_demo ?? false,
        can_freespins: g.can_freespins ?? false,
        can_jackpot: g.can_jackpot ?? false,
        fee_group_guid: g.fee_group_guid ?? null,
        bonus_wage: g.bonus_wage ?? "100",
        bonus_play_allowed: g.bonus_play_allowed ?? true,
        currency_guids: (g.currencies ?? []).map((c) => currencyByCode.get(c)!),
      }));
      const insert = tx.insert(games).values(rows);
      const written =
        mode === "upsert"
          ? await insert
              .onConflictDoUpdate({
                target: games.external_guid,
                set: {
                  ...Object.fromEntries(gameColumns.map((c) => [c, sql.raw(`excluded.${c}`)])),
                  updated_at: sql`now()`,
                },
                setWhere: sql.raw(
                  `(${gameColumns.map((c) => `games.${c}`).join(", ")}) IS DISTINCT FROM (${gameColumns
                    .map((c) => `excluded.${c}`)
                    .join(", ")})`,
                ),
              })
              .returning({ inserted: sql<boolean>`(xmax = 0)` })
          : await insert.onConflictDoNothing().returning({ inserted: sql<boolean>`true` });
      tally(report.games, batch.length, written);
    }

    // Tag links: a game's tag set becomes exactly the file's list. In insert-missing
    // mode only games without any link yet are tagged.
    for (const batch of chunks(fileGames)) {
      const ids = await tx
        .select({ guid: games.guid, external_guid: games.external_guid })
        .from(games)
        .where(
          inArray(
            games.external_guid,
            batch.map((g) => g.external_guid),
          ),
        );
      const guidOf = new Map(ids.map((r) => [r.external_guid, r.guid]));
      const current = new Map<string, Set<string>>();
      for (const link of await tx
        .select()
        .from(gameTags)
        .where(
          inArray(
            gameTags.game_guid,
            ids.map((r) => r.guid),
          ),
        )) {
        const s = current.get(link.game_guid) ?? new Set();
        s.add(link.tag_guid);
        current.set(link.game_guid, s);
      }
      const retag: string[] = [];
      const links: { game_guid: string; tag_guid: string }[] = [];
      for (const g of batch) {
        const guid = guidOf.get(g.external_guid)!;
        const wanted = new Set((g.tags ?? []).map((t) => tagGuid.get(t)!));
        const have = current.get(guid) ?? new Set<string>();
        const same = wanted.size === have.size && [...wanted].every((t) => have.has(t));
        if (same || (mode === "insert-missing" && have.size > 0)) continue;
        retag.push(guid);
        for (const t of wanted) links.push({ game_guid: guid, tag_guid: t });
      }
      if (retag.length === 0) continue;
      await tx.delete(gameTags).where(inArray(gameTags.game_guid, retag));
      for (const linkBatch of chunks(links, 2000)) await tx.insert(gameTags).values(linkBatch).onConflictDoNothing();
      report.retagged_games += retag.length;
    }
    return report;
  });
}

function tally(target: ImportCounts, total: number, written: { inserted: boolean }[]) {
  const inserted = written.filter((w) => w.inserted).length;
  target.inserted += inserted;
  target.updated += written.length - inserted;
  target.unchanged += total - written.length;
}

function sortDevices(devices: Set<"mobile" | "desktop"> | undefined): ("mobile" | "desktop")[] {
  if (!devices || devices.size === 0) return ["mobile", "desktop"];
  return (["mobile", "desktop"] as const).filter((d) => devices.has(d));
}
