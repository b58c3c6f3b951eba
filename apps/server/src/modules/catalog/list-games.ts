import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { edgeGame, game } from "@croupier/contract/entities/game";
import type { Pager } from "@croupier/contract/envelope";
import { AppError } from "../../lib/app-error.ts";
import { hotRows, queryRows } from "../../lib/sql-executor.ts";
import { CATALOG_VERSION, peekCatalogCache, readCatalogVersion, storeCatalogCache } from "./catalog-cache.ts";
import type { GameFilters, Paging } from "./catalog-query.ts";
import { currentSnapshot, LIST_IDS_MAX, peekList, snapshotAt, storeFragment, storeList } from "./catalog-snapshot.ts";
import { GAME_ORDER, gameColumns, gameConditions, toEdgeGame, toGame } from "./game-sql.ts";

type ListGamesOptions = { userId: string | null; edge: boolean };

/** One page of games as their JSON texts (the route writes them into the envelope as they are). */
export type GamesPage = { json: string[]; pager: Pager };

// A page is put together from statements that each read the catalogue version; if the
// catalogue changes between them, the page is cut again (then by OFFSET, in one statement).
const ATTEMPTS = 3;

/**
 * GET /catalog/games and /edgesync/catalog/games: one page of the filtered
 * catalogue in lobby order, and the total (ADR 043). The ordered guids of the
 * filter combination are read once per catalogue version and kept (a page is a
 * slice of them, however deep); the games' JSON likewise. A warm page costs one
 * statement: the catalogue version (and, for a player, which of the page's games
 * are favourites), so a change by anyone, in any process, shows at once.
 */
export async function listGames(
  database: DatabaseHandle,
  filters: GameFilters,
  paging: Paging,
  options: ListGamesOptions,
): Promise<GamesPage> {
  if (filters.favorites_only && !options.userId)
    throw new AppError("UNAUTHORIZED", "Please log in to see your favourite games.");
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const page = await pageFromSnapshot(database, filters, paging, options);
    if (page) return page;
  }
  return pageByOffset(database, filters, paging, options);
}

/** The page cut from the kept lists; null when the catalogue changed under it (try again). */
async function pageFromSnapshot(
  database: DatabaseHandle,
  filters: GameFilters,
  paging: Paging,
  options: ListGamesOptions,
): Promise<GamesPage | null> {
  // Favourites are a player's own and change without a catalogue version: listed afresh each time
  // (a player's favourites are few; the statement is the page's).
  const key = filters.favorites_only ? null : JSON.stringify(filters);
  let snapshot = currentSnapshot(database);
  let ids: string[] | null | undefined;
  // True once a statement of this request has shown the snapshot's version is current.
  let verified = false;
  if (key === null) {
    const listed = await queryGameIds(database, filters, options.userId);
    snapshot = snapshotAt(database, listed.version);
    ids = listed.ids;
    verified = true;
  } else {
    ids = snapshot ? peekList(snapshot, key) : undefined;
    // Not kept yet (first sight, or the catalogue changed): this page by OFFSET, as cheap as it
    // always was, while the list is read beside it for the requests that follow.
    if (ids === undefined) buildListInBackground(database, filters, key);
  }
  if (ids === undefined || ids === null || !snapshot) return pageByOffset(database, filters, paging, options);

  const offset = (paging.page - 1) * paging.per_page;
  const slice = ids.slice(offset, offset + paging.per_page);
  const kind = options.edge ? "edge" : "game";
  const missing = slice.filter((guid) => !snapshot.fragments.has(`${kind}:${guid}`));
  const fetched = new Map<string, string>();
  if (missing.length > 0) {
    const rows = await queryRows<Record<string, unknown> & { catalog_version: string }>(
      database.db,
      sql`SELECT ${gameColumns({ userId: null, edge: options.edge })}, ${CATALOG_VERSION} AS catalog_version
       FROM games g JOIN providers p ON p.guid = g.provider_guid
       WHERE g.guid = ANY(${sql.param(missing)}::uuid[])`,
    );
    if (rows.length !== missing.length || rows.some((r) => r.catalog_version !== snapshot.version)) {
      // The catalogue changed since the list was cut: start over from the version now current.
      snapshotAt(database, await readCatalogVersion(database));
      return null;
    }
    verified = true;
    for (const row of rows) {
      const json = gameJson(row, options.edge);
      fetched.set(row.guid as string, json);
      storeFragment(snapshot, `${kind}:${row.guid as string}`, json);
    }
  }

  let favorites: ReadonlySet<string> = new Set();
  if (filters.favorites_only) favorites = new Set(slice);
  else if (options.userId || !verified) {
    const read = await readVersionAndFavorites(database, options.userId, slice);
    if (!verified && read.version !== snapshot.version) {
      snapshotAt(database, read.version);
      return null;
    }
    favorites = read.favorites;
  }

  const json = slice.map((guid) => {
    const text = fetched.get(guid) ?? snapshot.fragments.get(`${kind}:${guid}`)!;
    return favorites.has(guid) ? markFavorite(text) : text;
  });
  return { json, pager: { page: paging.page, per_page: paging.per_page, total: ids.length } };
}

// Lists read at once per process: after a catalogue change every filter combination in use is
// read again, and this bounds the extra load on the database meanwhile (the rest page by OFFSET).
const BUILDS_MAX = 4;
const building = new WeakMap<object, Set<string>>();

/** Reads the filter combination's list and keeps it under the version it was read at; one read per key at a time. */
function buildListInBackground(database: DatabaseHandle, filters: GameFilters, key: string): void {
  let keys = building.get(database.db);
  if (!keys) {
    keys = new Set();
    building.set(database.db, keys);
  }
  if (keys.has(key) || keys.size >= BUILDS_MAX) return;
  const running = keys;
  running.add(key);
  queryGameIds(database, filters, null)
    .then((listed) => storeList(snapshotAt(database, listed.version), key, listed.ids))
    // Only a cache fill failed (the database went away, the app is closing): the next request tries again.
    .catch(() => {})
    .finally(() => running.delete(key));
}

/**
 * Every matching guid in lobby order and the catalogue version, in one
 * statement (one snapshot); ids null when there are more than LIST_IDS_MAX.
 * The guids come as one comma-separated text: the driver's array parser
 * measured about 25 ms of CPU for 10,000 of them, splitting a text about 2 ms.
 */
async function queryGameIds(
  database: DatabaseHandle,
  filters: GameFilters,
  userId: string | null,
): Promise<{ version: string; ids: string[] | null }> {
  const where = sql.join(gameConditions(filters, userId), sql` AND `);
  const [row] = await queryRows<{ version: string; ids: string }>(
    database.db,
    sql`SELECT ${CATALOG_VERSION} AS version, array_to_string(ARRAY(
       SELECT g.guid::text FROM games g JOIN providers p ON p.guid = g.provider_guid
       WHERE ${where}
       ORDER BY ${GAME_ORDER}
       LIMIT ${LIST_IDS_MAX + 1}
     ), ',') AS ids`,
  );
  const ids = row!.ids === "" ? [] : row!.ids.split(",");
  return { version: row!.version, ids: ids.length > LIST_IDS_MAX ? null : ids };
}

/** The catalogue version and which of the games are the player's favourites, in one statement. */
async function readVersionAndFavorites(
  database: DatabaseHandle,
  userId: string | null,
  guids: string[],
): Promise<{ version: string; favorites: ReadonlySet<string> }> {
  if (!userId || guids.length === 0) return { version: await readCatalogVersion(database), favorites: new Set() };
  // hotRows: a player's every lobby page runs it; the statement text never varies.
  const [row] = await hotRows<{ version: string; favorites: string[] }>(
    database,
    sql`SELECT ${CATALOG_VERSION} AS version, ARRAY(
       SELECT f.game_guid::text FROM favorites f
       WHERE f.user_guid = ${userId} AND f.game_guid = ANY(${sql.param(guids)}::uuid[])
     ) AS favorites`,
  );
  return { version: row!.version, favorites: new Set(row!.favorites) };
}

/** The game's JSON exactly as the route's response schema would serialise it (checked against it here, once). */
function gameJson(row: Record<string, unknown>, edge: boolean): string {
  return JSON.stringify(edge ? edgeGame.parse(toEdgeGame(row)) : game.parse(toGame(row)));
}

function markFavorite(json: string): string {
  // Spreading keeps the key order; is_favorite keeps its place.
  return JSON.stringify({ ...(JSON.parse(json) as Record<string, unknown>), is_favorite: true });
}

/**
 * The page by OFFSET in one statement: for filter combinations matching more
 * than LIST_IDS_MAX games, and when the catalogue kept changing under the kept lists.
 */
async function pageByOffset(
  database: DatabaseHandle,
  filters: GameFilters,
  paging: Paging,
  options: ListGamesOptions,
): Promise<GamesPage> {
  const offset = (paging.page - 1) * paging.per_page;

  // The page is chosen on the narrow row first; the per-game subqueries (tags,
  // favourite, edge fields) then run for the page's rows only, not for every
  // row an OFFSET skips. Unnamed statements (queryRows, not hotRows): each is planned for its own
  // values, and a client can vary the filter combinations without bound.
  const where = sql.join(gameConditions(filters, options.userId), sql` AND `);
  const pageQuery = queryRows<Record<string, unknown> & { catalog_version: string | null }>(
    database.db,
    sql`WITH page AS (
       SELECT g.guid, g.game_ordering, g.game_name FROM games g JOIN providers p ON p.guid = g.provider_guid
       WHERE ${where}
       ORDER BY ${GAME_ORDER}
       LIMIT ${paging.per_page} OFFSET ${offset}
     )
     SELECT ${gameColumns(options)}, ${CATALOG_VERSION} AS catalog_version
     FROM page JOIN games g ON g.guid = page.guid JOIN providers p ON p.guid = g.provider_guid
     ORDER BY page.game_ordering, page.game_name, page.guid`,
  );

  // A partly filled page already tells the total. Otherwise the count of the
  // filter combination, cached under the catalogue version: the page query
  // reads the version in its own snapshot, so a cached total is used only when
  // it counts exactly the rows the page was cut from. A first sight of the
  // combination counts at the same time as the page (PostgreSQL runs both on
  // separate connections). Favourites are per player and unversioned: always counted.
  const countStatement = sql`SELECT count(*)::int AS total, ${CATALOG_VERSION} AS catalog_version
     FROM games g JOIN providers p ON p.guid = g.provider_guid
     WHERE ${where}`;
  // The count statement is a function of the filters alone (the player only enters it through
  // favourites, which are not cached), so they are the key.
  const cacheKey = filters.favorites_only ? null : `total ${JSON.stringify(filters)}`;
  const known = cacheKey ? peekCatalogCache<number>(database, cacheKey) : undefined;
  const count = async () => {
    const [row] = await queryRows<{ total: number; catalog_version: string | null }>(database.db, countStatement);
    if (cacheKey && row?.catalog_version) storeCatalogCache(database, cacheKey, row.catalog_version, row.total);
    return row?.total ?? 0;
  };
  const eagerCount = database.kind === "postgres" && !known ? count() : null;
  eagerCount?.catch(() => {});
  const rows = await pageQuery;
  let total = offset + rows.length;
  if (rows.length === paging.per_page || (rows.length === 0 && offset > 0)) {
    const version = rows[0]?.catalog_version ?? undefined;
    total = known && version !== undefined && known.version === version ? known.value : await (eagerCount ?? count());
  }
  return {
    json: rows.map((row) => gameJson(row, options.edge)),
    pager: { page: paging.page, per_page: paging.per_page, total },
  };
}
