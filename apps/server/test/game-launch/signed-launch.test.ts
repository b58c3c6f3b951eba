import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyLaunch } from "@croupier/contract/launch-signature";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { houseGamesPlugin } from "@croupier/house-games/plugin";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";
import { providerLaunchUrl } from "../../src/modules/game-launch/provider-launch-url.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { deposit, HOUSE_SECRET } from "../wallet/wallet-helpers.ts";

// Issue #13 item 3 (ADR 010): ONE jurisdiction switch. The platform signs the operator's jurisdiction and a
// pseudonymous player reference into every launch URL; the provider believes them only with a valid
// signature, so a player cannot edit the URL to pick a laxer jurisdiction or another player's limits.

let database: TestDatabase;
let app: App;
const SLOT = "house:slot-pharaoh-gold";
const OTHER_SLOT = "house:slot-scarab-sun";
const games = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SERVE_WEB: "false",
    DEMO_MODE: "true",
    JURISDICTION: "gb",
  });
  app = await buildApp({ env, database, logger: false });
  // The house provider as server.ts mounts it, its wallet calls going to this app in process.
  await app.register(houseGamesPlugin, {
    prefix: "/house",
    database,
    platformUrl: "http://platform.test",
    secret: HOUSE_SECRET,
    env: {},
    config: { liveTables: false },
    recoveryIntervalMs: 0,
    fetch: async (url, init) => {
      const res = await app.inject({
        method: "POST",
        url: new URL(url).pathname,
        headers: init.headers,
        payload: init.body,
      });
      return { status: res.statusCode, text: async () => res.body };
    },
  });
  await app.ready();
  for (const code of [SLOT, OTHER_SLOT]) {
    const [row] = await database.query<{ guid: string }>("SELECT guid FROM games WHERE external_guid = $1", [code]);
    games.set(code, row!.guid);
  }
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function newPlayer() {
  const s = await signUp(app, `launch-${randomUUID()}@example.com`);
  const wallet = (
    await app.inject({ method: "GET", url: "/api/v1/billing/wallet", headers: bearer(s.access_token) })
  ).json().payload.guid as string;
  await deposit(database, wallet, "50");
  // The gb profile wants identity and age verified before real play (ADR 025).
  await database.query("UPDATE users SET is_verified = true WHERE guid = $1", [s.profile.id]);
  return { token: s.access_token, id: s.profile.id as string };
}

async function launch(gameCode: string, player?: { token: string }) {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/game/open",
    headers: player ? bearer(player.token) : {},
    payload: { is_demo: !player, game_guid: games.get(gameCode), language_code: "en", device: "desktop" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().payload.game_url as string);
}

/** What the house client sends to open its session: the launch URL's parameters, as given. */
function sessionBody(url: URL, edits: Record<string, string> = {}) {
  const q = Object.fromEntries(url.searchParams);
  const body: Record<string, string> = { game_code: decodeURIComponent(url.pathname.split("/").pop()!), mode: q.mode! };
  for (const key of ["token", "jurisdiction", "player", "launch_sig"]) if (q[key] !== undefined) body[key] = q[key]!;
  return { ...body, ...edits };
}

const openSession = (body: Record<string, string>) =>
  app.inject({ method: "POST", url: "/house/api/sessions", payload: body });

describe("signed launch parameters", () => {
  it("real play: jurisdiction, a stable pseudonymous player reference and launch_sig over token, game, jurisdiction and player", async () => {
    const player = await newPlayer();
    const url = await launch(SLOT, player);
    const q = Object.fromEntries(url.searchParams);
    expect(q.jurisdiction).toBe("gb");
    expect(q.player).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(q.player).not.toContain(player.id);
    expect(q.player).not.toContain(player.id.replaceAll("-", ""));
    expect(
      verifyLaunch(
        HOUSE_SECRET,
        { token: q.token!, game_code: SLOT, jurisdiction: "gb", player: q.player! },
        q.launch_sig,
      ),
    ).toBe(true);

    // One player is one reference across sessions and games; another player is another.
    const again = await launch(OTHER_SLOT, player);
    expect(again.searchParams.get("player")).toBe(q.player);
    expect(again.searchParams.get("token")).not.toBe(q.token);
    const other = await launch(SLOT, await newPlayer());
    expect(other.searchParams.get("player")).not.toBe(q.player);
  });

  it("the house provider opens the session under the signed jurisdiction and refuses any edited launch", async () => {
    const player = await newPlayer();
    const url = await launch(SLOT, player);
    const stranger = await launch(SLOT, await newPlayer());
    const edits: Record<string, string>[] = [
      { jurisdiction: "none" },
      { jurisdiction: "mt" },
      { player: stranger.searchParams.get("player")! },
      { launch_sig: stranger.searchParams.get("launch_sig")! },
      { game_code: OTHER_SLOT },
      { token: stranger.searchParams.get("token")! },
    ];
    for (const edit of edits) {
      const res = await openSession(sessionBody(url, edit));
      expect(res.statusCode, JSON.stringify(edit)).toBe(401);
      expect(res.json().payload.code).toBe("INVALID_LAUNCH");
    }
    const { launch_sig: _dropped, ...unsigned } = sessionBody(url);
    expect((await openSession(unsigned)).statusCode).toBe(401);

    const opened = await openSession(sessionBody(url));
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().payload.jurisdiction).toEqual({ code: "gb", min_spin_interval_ms: 2500, autoplay: false });
  });

  it("demo launches carry the jurisdiction too, signed without a token or player", async () => {
    const url = await launch(SLOT);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ mode: "demo", jurisdiction: "gb" });
    expect(q.token).toBeUndefined();
    expect(q.player).toBeUndefined();
    expect(
      verifyLaunch(HOUSE_SECRET, { token: null, game_code: SLOT, jurisdiction: "gb", player: null }, q.launch_sig),
    ).toBe(true);
    expect((await openSession(sessionBody(url, { jurisdiction: "none" }))).statusCode).toBe(401);
    const opened = await openSession(sessionBody(url));
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().payload.jurisdiction).toMatchObject({ code: "gb", autoplay: false });
  });

  it("external providers get the same parameters, signed with their own secret", () => {
    const env = loadEnv({
      JURISDICTION: "mt",
      PROVIDERS: "acme:acme-provider-secret-0001",
      GAME_LAUNCH_URLS: "acme=https://acme.example/launch/{game_code}",
    });
    const url = new URL(
      providerLaunchUrl(env, "acme", "acme:fruit", {
        token: "tok",
        mode: "real",
        lang: "en",
        currency: "EUR",
        device: "mobile",
        exitUrl: null,
        playerGuid: randomUUID(),
      }),
    );
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ token: "tok", jurisdiction: "mt" });
    expect(
      verifyLaunch(
        "acme-provider-secret-0001",
        { token: "tok", game_code: "acme:fruit", jurisdiction: "mt", player: q.player! },
        q.launch_sig,
      ),
    ).toBe(true);
    expect(
      verifyLaunch(
        HOUSE_SECRET,
        { token: "tok", game_code: "acme:fruit", jurisdiction: "mt", player: q.player! },
        q.launch_sig,
      ),
    ).toBe(false);
  });
});

describe("JURISDICTION: one validated switch", () => {
  it("accepts the profile codes (any case, empty = none) and refuses anything else, naming the variable", () => {
    expect(loadEnv({}).jurisdiction.code).toBe("none");
    expect(loadEnv({ JURISDICTION: "" }).jurisdiction.code).toBe("none");
    expect(loadEnv({ JURISDICTION: "GB" }).jurisdiction).toMatchObject({
      code: "gb",
      min_slot_spin_interval_ms: 2500,
      autoplay: false,
      withdrawal_reversal: false,
    });
    // A UK operator who wrote "uk" used to get no rules at all, silently.
    expect(() => loadEnv({ JURISDICTION: "uk" })).toThrow(/JURISDICTION/);
    expect(() => loadEnv({ JURISDICTION: "de" })).toThrow(/JURISDICTION/);
  });
});
