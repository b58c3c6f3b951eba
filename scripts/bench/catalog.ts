/**
 * npm run bench:catalog — GET /catalog/games on a 10,000-game catalogue.
 *
 * Builds a fresh database (a new PostgreSQL database on the server of
 * DATABASE_URL or TEST_DATABASE_URL, dropped afterwards; otherwise in-memory
 * PGlite), imports a generated catalogue through the real import, then prints
 * p50/p99 for the filter combinations the lobby sends: in-process through
 * app.inject (server time: routing, validation, SQL, serialisation) and over
 * HTTP on a loopback port, the CPU per request (this process: the server, and
 * with PGlite the database too), and the first request after a catalogue
 * change (cold: every kept list and page is dropped). Target (issue #20):
 * worst p99 ≤ 5 ms server time, deep pages included (ADR 043).
 *
 * Options: --games=10000 --iterations=300 --cold=20
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { createTestDatabase } from "../../packages/db/src/testing/create-test-database.ts";
import { importCatalog, type CatalogData } from "../../packages/db/src/seed/catalog/import-catalog.ts";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import { signToken } from "../../apps/server/src/modules/identity/tokens/jwt.ts";

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split("=")[1]) : fallback;
};
const GAMES = arg("games", 10_000);
const ITERATIONS = arg("iterations", 300);
const COLD = arg("cold", 20);
const TARGET_MS = 5;

// Deterministic data: the same catalogue every run.
let state = 42;
const rand = () => {
  state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
};
const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)]!;

const WORDS = [
  "Gold",
  "Dragon",
  "Lucky",
  "Fortune",
  "Wild",
  "Mega",
  "Star",
  "Fruit",
  "Moon",
  "Royal",
  "Viking",
  "Pearl",
  "Temple",
  "Neon",
  "Frost",
  "Jewel",
  "Thunder",
  "Spin",
  "Magic",
  "Treasure",
  "Tiger",
  "Ocean",
  "Rocket",
  "Candy",
];

function generateCatalogue(): CatalogData {
  const providers = Array.from({ length: 40 }, (_, i) => ({
    external_guid: `bench:studio-${i}`,
    name: `Bench Studio ${i}`,
    ordering: i,
  }));
  const tags = Array.from({ length: 30 }, (_, i) => ({
    name: `Bench tag ${i}`,
    ordering: i,
    show_as_category: true,
    show_in_top: i < 6,
    show_in_slots_section: i < 20,
    show_in_live_section: i >= 15,
    show_as_label: i % 10 === 0,
  }));
  const games = Array.from({ length: GAMES }, (_, i) => {
    const live = rand() < 0.2;
    const tagCount = Math.floor(rand() * 4);
    const gameTags = new Set<string>();
    for (let t = 0; t < tagCount; t++) gameTags.add(pick(tags).name);
    return {
      external_guid: `bench:game-${i}`,
      provider: pick(providers).external_guid,
      game_provider: "bench",
      section: live ? "Live" : "Slots",
      game_name: `${pick(WORDS)} ${pick(WORDS)} ${i}`,
      ordering: Math.floor(rand() * 1000),
      can_desktop: rand() < 0.95,
      can_mobile: rand() < 0.9,
      can_demo: !live,
      can_freespins: !live && rand() < 0.6,
      can_jackpot: rand() < 0.1,
      bonus_wage: live ? "10" : "100",
      currencies: rand() < 0.1 ? ["USD", "EUR"] : [],
      tags: [...gameTags],
    };
  });
  return { providers, tags, games };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const fmt = (ms: number) => ms.toFixed(2).padStart(7);

async function main() {
  const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
  else delete process.env.TEST_DATABASE_URL;
  const database = await createTestDatabase();
  console.log(
    `Database: ${database.kind === "postgres" ? `PostgreSQL (fresh database ${database.name})` : "PGlite (in memory)"}`,
  );

  const started = performance.now();
  const catalogue = generateCatalogue();
  const report = await importCatalog(database.db, catalogue);
  // What autovacuum does shortly after a bulk import: statistics and the visibility map.
  await database.query("VACUUM ANALYZE");
  console.log(
    `Imported ${report.games.inserted} games, ${report.providers.inserted} studios, ${report.tags.inserted} tags in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();

  const [user] = await database.query<{ guid: string }>(
    `INSERT INTO users (email) VALUES ('bench@example.test') RETURNING guid`,
  );
  const [session] = await database.query<{ guid: string }>(
    `INSERT INTO sessions (user_guid, refresh_expires_at, logged_in_at) VALUES ($1, now() + interval '1 day', now()) RETURNING guid`,
    [user!.guid],
  );
  await database.query(
    `INSERT INTO favorites (user_guid, game_guid) SELECT $1, guid FROM games ORDER BY external_guid LIMIT 60`,
    [user!.guid],
  );
  const token = await signToken(env, {
    typ: "access",
    sessionId: session!.guid,
    userId: user!.guid,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
  });
  const player = { authorization: `Bearer ${token}` };

  const ids = async (sql: string) => (await database.query<{ guid: string }>(sql))[0]!.guid;
  const slots = await ids(`SELECT guid FROM tags WHERE name = 'Slots'`);
  const live = await ids(`SELECT guid FROM tags WHERE name = 'Live'`);
  const tag = await ids(`SELECT guid FROM tags WHERE name = 'Bench tag 3'`);
  const provider = await ids(`SELECT guid FROM providers WHERE name = 'Bench Studio 7'`);

  const scenarios: { name: string; url: string; headers?: Record<string, string> }[] = [
    { name: "lobby, first page", url: "/api/v1/catalog/games?per_page=24" },
    { name: "section + device", url: `/api/v1/catalog/games?system_tag_guid=${slots}&can_mobile=true&per_page=24` },
    {
      name: "section + tag + device",
      url: `/api/v1/catalog/games?system_tag_guid=${slots}&tag_guid=${tag}&can_desktop=true&per_page=24`,
    },
    {
      name: "section + provider",
      url: `/api/v1/catalog/games?system_tag_guid=${live}&provider_guid=${provider}&can_mobile=true&per_page=24`,
    },
    { name: "search by name", url: "/api/v1/catalog/games?game_name=drag&can_desktop=true&per_page=24" },
    {
      name: "section+tag+provider+name+device",
      url: `/api/v1/catalog/games?system_tag_guid=${slots}&tag_guid=${tag}&provider_guid=${provider}&game_name=o&can_mobile=true&per_page=24`,
    },
    { name: "deep page (page 300)", url: "/api/v1/catalog/games?per_page=24&page=300" },
    {
      name: "player: is_favorite filled",
      url: `/api/v1/catalog/games?system_tag_guid=${slots}&per_page=24`,
      headers: player,
    },
    {
      name: "player: favourites only",
      url: "/api/v1/catalog/games?favorites_only=true&can_mobile=true&per_page=24",
      headers: player,
    },
    { name: "edge: pages/home", url: "/api/v1/edgesync/pages/home?can_desktop=true" },
    { name: "edge: catalog/providers", url: `/api/v1/edgesync/catalog/providers?system_tag=${slots}&can_mobile=true` },
  ];

  const results: { name: string; total: number; inject: number[]; http: number[]; cpu: number; cold: number[] }[] = [];
  for (const s of scenarios) {
    const first = await app.inject({ method: "GET", url: s.url, headers: s.headers });
    if (first.statusCode !== 200) throw new Error(`${s.name}: HTTP ${first.statusCode} ${first.body.slice(0, 200)}`);
    const total = Number(first.json().metadata.total ?? first.json().payload.length);
    for (let i = 0; i < 30; i++) await app.inject({ method: "GET", url: s.url, headers: s.headers });
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < ITERATIONS; i++) {
      const t0 = performance.now();
      await app.inject({ method: "GET", url: s.url, headers: s.headers });
      times.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    // The first request after a catalogue change: what a staff edit or an import costs the next visitor.
    const cold: number[] = [];
    for (let i = 0; i < COLD; i++) {
      await database.query("UPDATE catalog_version SET version = version + 1");
      const t0 = performance.now();
      await app.inject({ method: "GET", url: s.url, headers: s.headers });
      cold.push(performance.now() - t0);
    }
    results.push({
      name: s.name,
      total,
      inject: times.sort((a, b) => a - b),
      http: [],
      cpu: (cpu.user + cpu.system) / 1000 / ITERATIONS,
      cold: cold.sort((a, b) => a - b),
    });
  }

  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  for (const [i, s] of scenarios.entries()) {
    for (let w = 0; w < 20; w++) await (await fetch(address + s.url, { headers: s.headers })).arrayBuffer();
    const times: number[] = [];
    for (let n = 0; n < ITERATIONS; n++) {
      const t0 = performance.now();
      await (await fetch(address + s.url, { headers: s.headers })).arrayBuffer();
      times.push(performance.now() - t0);
    }
    results[i]!.http = times.sort((a, b) => a - b);
  }
  await app.close();
  await database.close();

  console.log(`\n${GAMES} games, ${ITERATIONS} sequential requests per row (after warm-up); milliseconds`);
  console.log(
    `cpu: this process's CPU per inject request (${database.kind === "postgres" ? "server only; PostgreSQL's is not counted" : "server and PGlite"}); cold: p50 of ${COLD} first requests after a catalogue change`,
  );
  // p99 on a shared 2-core machine mostly measures the neighbours: print how busy it was.
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores\n`,
  );
  console.log(
    `${"scenario".padEnd(34)} ${"total".padStart(6)} | inject p50     p99 |     cpu |    cold | http p50     p99`,
  );
  let worst = 0;
  for (const r of results) {
    const p99 = percentile(r.inject, 99);
    if (!r.name.startsWith("edge")) worst = Math.max(worst, p99);
    console.log(
      `${r.name.padEnd(34)} ${String(r.total).padStart(6)} | ${fmt(percentile(r.inject, 50))} ${fmt(p99)} | ${fmt(r.cpu)} | ${fmt(percentile(r.cold, 50))} | ${fmt(percentile(r.http, 50))} ${fmt(percentile(r.http, 99))}`,
    );
  }
  console.log(
    `\nGET /catalog/games worst p99 (server time, inject): ${worst.toFixed(2)} ms — target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? "met" : "NOT met"}`,
  );
  console.log("TODO: SSR p50/p99 of / and /slots/{provider} — add here once the web lobby lands (issue 4, lobby UI).");
}

await main();
