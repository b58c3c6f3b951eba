import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildCatalogTestApp, type CatalogTestContext } from "../catalog/catalog-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";

// Catalogue management (issue #15, capability 6): every edit shows in the player API and the
// edge-sync calls on the very next request (their caches are keyed by the catalogue version the
// edit bumps), and is audited with before/after.

let ctx: CatalogTestContext;
let staff: TestStaff;
const B = "/api/backoffice/v1";

type AdminGame = {
  guid: string;
  external_guid: string;
  game_name: string;
  studio_guid: string;
  game_status: string;
  game_ordering: number;
  tag_guids: string[];
  visible: boolean;
  can_freespins: boolean;
};

const staffGet = (url: string, who: TestStaff = staff) =>
  ctx.app.inject({ method: "GET", url: `${B}${url}`, headers: who.headers });
const patch = (url: string, payload: unknown, who: TestStaff = staff) =>
  ctx.app.inject({
    method: "PATCH",
    url: `${B}${url}`,
    headers: who.headers,
    payload: payload as Record<string, unknown>,
  });
const player = async (url: string) => {
  const res = await ctx.app.inject({ method: "GET", url: `/api/v1${url}` });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().payload;
};

async function firstGame(filter = ""): Promise<AdminGame> {
  const res = await staffGet(`/catalog/games?per_page=1&status=active${filter}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload[0];
}

async function auditOf(targetId: string) {
  return queryRows<{ action: string; staff_guid: string; before: unknown; after: unknown }>(
    ctx.database.db,
    sql`SELECT action, staff_guid, before, after FROM staff_audit_log WHERE target_id = ${targetId} ORDER BY id`,
  );
}

beforeAll(async () => {
  ctx = await buildCatalogTestApp();
  staff = await createTestStaff(ctx, "marketing");
});
afterAll(async () => {
  await ctx?.close();
});

describe("catalogue management", () => {
  it("lists every game, disabled ones too, with filters, sorting and a pager", async () => {
    const all = (await staffGet("/catalog/games?per_page=100")).json();
    expect(all.metadata.total).toBeGreaterThan(3);
    const game = all.payload[0] as AdminGame;
    expect(game).toMatchObject({
      guid: expect.any(String),
      studio_name: expect.any(String),
      section: expect.any(String),
    });
    await ctx.database.db.execute(sql`UPDATE games SET game_status = 'disabled' WHERE guid = ${game.guid}::uuid`);
    const disabled = (await staffGet("/catalog/games?status=disabled")).json().payload as AdminGame[];
    expect(disabled.map((g) => g.guid)).toContain(game.guid);
    expect(disabled.every((g) => !g.visible)).toBe(true);
    const hidden = (await staffGet("/catalog/games?enabled=false&per_page=100")).json().payload as AdminGame[];
    expect(hidden.map((g) => g.guid)).toContain(game.guid);
    await ctx.database.db.execute(sql`UPDATE games SET game_status = 'active' WHERE guid = ${game.guid}::uuid`);

    const byName = (await staffGet(`/catalog/games?q=${encodeURIComponent(game.game_name.slice(0, 5))}`)).json()
      .payload as AdminGame[];
    expect(byName.map((g) => g.guid)).toContain(game.guid);
    const byStudio = (await staffGet(`/catalog/games?studio_guid=${game.studio_guid}&per_page=100`)).json()
      .payload as AdminGame[];
    expect(byStudio.every((g) => g.studio_guid === game.studio_guid)).toBe(true);
    const names = (
      (await staffGet("/catalog/games?sort=name&order=desc&per_page=100")).json().payload as AdminGame[]
    ).map((g) => g.game_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const page2 = (await staffGet("/catalog/games?per_page=2&page=2")).json();
    expect(page2.metadata).toMatchObject({ page: 2, per_page: 2, total: all.metadata.total });
    expect(page2.payload.map((g: AdminGame) => g.guid)).toEqual(all.payload.slice(2, 4).map((g: AdminGame) => g.guid));
    const past = (await staffGet("/catalog/games?per_page=100&page=999")).json();
    expect(past.payload).toEqual([]);
    expect(past.metadata.total).toBe(all.metadata.total);
  });

  it("disabling a game hides it from the lobby and edge-sync on the next request, enabling brings it back", async () => {
    const game = await firstGame();
    const url = `/catalog/games?external_guid=${encodeURIComponent(game.external_guid)}`;
    // Warm every cache first: the edit must not wait for any of them.
    expect(await player(url)).toHaveLength(1);
    expect(await player(`/edgesync${url}`)).toHaveLength(1);
    const homeGames = async () =>
      ((await player("/edgesync/pages/home")) as { games: { guid: string }[] }[]).flatMap((row) =>
        row.games.map((g) => g.guid),
      );
    const onHome = (await homeGames()).includes(game.guid);

    const off = await patch(`/catalog/games/${game.guid}`, { game_status: "disabled" });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().payload).toMatchObject({ guid: game.guid, game_status: "disabled", visible: false });
    expect(await player(url)).toHaveLength(0);
    expect(await player(`/edgesync${url}`)).toHaveLength(0);
    expect((await homeGames()).includes(game.guid)).toBe(false);

    expect((await patch(`/catalog/games/${game.guid}`, { game_status: "active" })).statusCode).toBe(200);
    expect(await player(url)).toHaveLength(1);
    expect(await player(`/edgesync${url}`)).toHaveLength(1);
    expect((await homeGames()).includes(game.guid)).toBe(onHome);

    const audit = await auditOf(game.guid);
    expect(audit.map((a) => a.action)).toEqual(["catalog.game_update", "catalog.game_update"]);
    expect(audit[0]).toMatchObject({
      staff_guid: staff.staffId,
      before: { game_status: "active", game_ordering: game.game_ordering },
      after: { game_status: "disabled", game_ordering: game.game_ordering },
    });
  });

  it("moving a game first and changing its tags show in the player API at once", async () => {
    const first = (await player("/catalog/games?per_page=1"))[0];
    const game = await firstGame("&sort=ordering&order=desc");
    expect(game.guid).not.toBe(first.guid);
    expect((await patch(`/catalog/games/${game.guid}`, { game_ordering: -999_999 })).statusCode).toBe(200);
    expect((await player("/catalog/games?per_page=1"))[0].guid).toBe(game.guid);

    const tags = (await staffGet("/catalog/tags")).json().payload as { guid: string; type: string; games: number }[];
    const category = tags
      .filter((t) => t.type === "category")
      .slice(0, 2)
      .map((t) => t.guid);
    expect(category).toHaveLength(2);
    const tagged = await patch(`/catalog/games/${game.guid}`, { tag_guids: category });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect([...tagged.json().payload.tag_guids].sort()).toEqual([...category].sort());
    const seen = (await player(`/catalog/games?external_guid=${encodeURIComponent(game.external_guid)}`))[0];
    expect([...seen.project_tag_guids].sort()).toEqual([...category].sort());
    expect(
      (await player(`/catalog/games?tag_guid=${category[0]}&per_page=100`)).map((g: { guid: string }) => g.guid),
    ).toContain(game.guid);

    expect((await patch(`/catalog/games/${game.guid}`, { tag_guids: [] })).json().payload.tag_guids).toEqual([]);
    expect(
      (await player(`/catalog/games?external_guid=${encodeURIComponent(game.external_guid)}`))[0].project_tag_guids,
    ).toEqual([]);
    const audit = await auditOf(game.guid);
    expect(audit.at(-1)).toMatchObject({ before: { tag_guids: expect.any(Array) }, after: { tag_guids: [] } });
  });

  it("refuses bad edits with the field named, and writes nothing", async () => {
    const game = await firstGame();
    const audited = (await auditOf(game.guid)).length;
    const system = ((await staffGet("/catalog/tags")).json().payload as { guid: string; type: string }[]).find(
      (t) => t.type === "system",
    )!;
    const cases: [unknown, string][] = [
      [{}, "body"],
      [{ game_status: "gone" }, "body.game_status"],
      [{ game_ordering: 1.5 }, "body.game_ordering"],
      [{ game_ordering: 5_000_000 }, "body.game_ordering"],
      [{ tag_guids: ["not-a-guid"] }, "body.tag_guids.0"],
      [{ tag_guids: [system.guid] }, "body.tag_guids.0"],
      [{ game_status: "disabled", tag_guids: ["00000000-0000-4000-8000-000000000000"] }, "body.tag_guids.0"],
      [{ enabled: false }, "body"],
    ];
    for (const [body, field] of cases) {
      const res = await patch(`/catalog/games/${game.guid}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().payload.code).toBe("VALIDATION_ERROR");
      const fields = res.json().payload.fields.map((f: { field: string }) => f.field);
      expect(
        fields.some((f: string) => f === field || f.startsWith(`${field}.`) || field === "body"),
        `${JSON.stringify(body)} → ${fields}`,
      ).toBe(true);
    }
    expect((await firstGame(`&q=${encodeURIComponent(game.external_guid)}`)).game_status).toBe("active");
    expect(await auditOf(game.guid)).toHaveLength(audited);
    expect(
      (await patch("/catalog/games/00000000-0000-4000-8000-000000000000", { game_status: "active" })).statusCode,
    ).toBe(404);
    expect((await staffGet("/catalog/games?per_page=101")).statusCode).toBe(400);
  });

  it("disabling a studio hides it and its games at once; audited", async () => {
    const studios = (await staffGet("/catalog/studios")).json().payload as {
      guid: string;
      name: string;
      is_enabled: boolean;
      active_games: number;
    }[];
    const studio = studios.find((s) => s.is_enabled && s.active_games > 0)!;
    const listed = async () => ((await player("/catalog/providers")) as { guid: string }[]).map((p) => p.guid);
    expect(await listed()).toContain(studio.guid);
    expect((await player(`/catalog/games?provider_guid=${studio.guid}`)).length).toBeGreaterThan(0);

    const off = await patch(`/catalog/studios/${studio.guid}`, { is_enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().payload).toMatchObject({ guid: studio.guid, is_enabled: false });
    expect(await listed()).not.toContain(studio.guid);
    expect(await player(`/catalog/games?provider_guid=${studio.guid}`)).toEqual([]);
    expect(await player(`/edgesync/catalog/games?provider_guid=${studio.guid}`)).toEqual([]);
    const games = (await staffGet(`/catalog/games?studio_guid=${studio.guid}`)).json().payload as AdminGame[];
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((g) => !g.visible)).toBe(true);

    expect((await patch(`/catalog/studios/${studio.guid}`, { is_enabled: true })).statusCode).toBe(200);
    expect(await listed()).toContain(studio.guid);
    const audit = await auditOf(studio.guid);
    expect(audit[0]).toMatchObject({
      action: "catalog.studio_update",
      before: { is_enabled: true },
      after: { is_enabled: false },
    });
    expect((await patch(`/catalog/studios/${studio.guid}`, {})).statusCode).toBe(400);
  });

  it("moving a tag reorders the lobby page rows at once", async () => {
    const rows = async () =>
      ((await player("/edgesync/pages/home")) as { tag: { guid: string } }[]).map((r) => r.tag.guid);
    const before = await rows();
    expect(before.length).toBeGreaterThan(1);
    const last = before.at(-1)!;
    const moved = await patch(`/catalog/tags/${last}`, { ordering: -999_999 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await rows())[0]).toBe(last);
    expect((await auditOf(last))[0]).toMatchObject({ action: "catalog.tag_update", after: { ordering: -999_999 } });
  });

  it("switching a game provider off disables all its games at once; on restores each game's own status", async () => {
    const houseGames = async () =>
      (await staffGet("/catalog/games?game_provider=house&per_page=100")).json().payload as (AdminGame & {
        provider_switched_off: boolean;
      })[];
    // Slots can give granted free spins, table games cannot (the bonus campaign editor's game picker reads it).
    const all = await houseGames();
    expect(all.some((g) => g.can_freespins)).toBe(true);
    expect(all.some((g) => !g.can_freespins)).toBe(true);
    const [maintained, disabled] = all.filter((g) => g.game_status === "active");
    expect((await patch(`/catalog/games/${maintained!.guid}`, { game_status: "maintenance" })).statusCode).toBe(200);
    expect((await patch(`/catalog/games/${disabled!.guid}`, { game_status: "disabled" })).statusCode).toBe(200);
    const statuses = new Map((await houseGames()).map((g) => [g.guid, g.game_status]));
    const lobbyHouse = async () =>
      ((await player("/catalog/games?per_page=100")) as { game_provider: string }[]).filter(
        (g) => g.game_provider === "house",
      ).length;
    expect(await lobbyHouse()).toBeGreaterThan(0);

    const off = await patch("/catalog/game-providers/house", { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().payload).toMatchObject({ code: "house", enabled: false, active_games: 0, visible_games: 0 });
    expect(await lobbyHouse()).toBe(0);
    expect(await player("/edgesync/catalog/games?per_page=100")).not.toContainEqual(
      expect.objectContaining({ game_provider: "house" }),
    );
    const switchedOff = await houseGames();
    expect(switchedOff.every((g) => g.game_status === "disabled")).toBe(true);
    expect(switchedOff.find((g) => g.guid === maintained!.guid)!.provider_switched_off).toBe(true);
    expect(switchedOff.find((g) => g.guid === disabled!.guid)!.provider_switched_off).toBe(false);

    const on = await patch("/catalog/game-providers/house", { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().payload.enabled).toBe(true);
    expect(new Map((await houseGames()).map((g) => [g.guid, g.game_status]))).toEqual(statuses);
    expect(await lobbyHouse()).toBeGreaterThan(0);
    expect((await auditOf("house")).map((a) => [a.action, a.before, a.after])).toEqual([
      [
        "catalog.game_provider_update",
        { enabled: true, active_games: expect.any(Number) },
        { enabled: false, active_games: 0 },
      ],
      [
        "catalog.game_provider_update",
        { enabled: false, active_games: 0 },
        { enabled: true, active_games: expect.any(Number) },
      ],
    ]);
    expect((await patch("/catalog/game-providers/nobody", { enabled: false })).statusCode).toBe(404);
    expect((await patch("/catalog/game-providers/a%20b", { enabled: false })).statusCode).toBe(400);
    expect((await patch("/catalog/game-providers/house", { enabled: "no" })).statusCode).toBe(400);
    expect((await patch(`/catalog/games/${maintained!.guid}`, { game_status: "active" })).statusCode).toBe(200);
    expect((await patch(`/catalog/games/${disabled!.guid}`, { game_status: "active" })).statusCode).toBe(200);
  });

  it("lists game providers, and only roles with catalog.manage get in", async () => {
    const providers = (await staffGet("/catalog/game-providers")).json().payload as { code: string; games: number }[];
    expect(providers.find((p) => p.code === "house")!.games).toBeGreaterThan(0);
    for (const role of ["support", "finance", "compliance"] as const) {
      const other = await createTestStaff(ctx, role);
      expect((await staffGet("/catalog/games", other)).statusCode, role).toBe(403);
      expect(
        (await patch(`/catalog/studios/${providers[0]!.code}`, { is_enabled: false }, other)).statusCode,
        role,
      ).toBe(403);
    }
    expect((await staffGet("/catalog/studios", await createTestStaff(ctx, "admin"))).statusCode).toBe(200);
  });
});
