import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, decodeJwt, signUp } from "../identity/identity-helpers.ts";
import { bet, currencyGuid, deposit, providerCall } from "../wallet/wallet-helpers.ts";
import { openGame } from "../../src/modules/game-launch/open-game.ts";
import { resolveGame } from "../../src/modules/game-launch/resolve-game.ts";

let ctx: TestContext;
let usd: string;
let btc: string;
let slot: { guid: string; external_guid: string; game_name: string; provider: string };
let liveNoDemo: { guid: string };
let fiatOnly: { guid: string; external_guid: string };

type Player = { token: string; id: string; usdWallet: string };

const PUBLIC_URL = "http://casino.test:8080";

async function newPlayer(cash = "100"): Promise<Player> {
  const s = await signUp(ctx.app, `player-${randomUUID()}@example.com`);
  const wallet = await ctx.app.inject({ method: "GET", url: "/api/v1/billing/wallet", headers: bearer(s.access_token) });
  const usdWallet = wallet.json().payload.guid as string;
  await deposit(ctx.database, usdWallet, cash);
  return { token: s.access_token, id: s.profile.id, usdWallet };
}

const open = (body: Record<string, unknown>, token?: string) =>
  ctx.app.inject({ method: "POST", url: "/api/v1/game/open", payload: body, headers: token ? bearer(token) : {} });

const sessionCount = async () =>
  Number((await ctx.database.query<{ n: string }>("SELECT count(*)::text AS n FROM game_sessions"))[0]!.n);

beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL }, { demo: true });
  usd = await currencyGuid(ctx.database, "USD");
  btc = await currencyGuid(ctx.database, "BTC");
  const one = async <T,>(text: string): Promise<T> => {
    const [row] = await ctx.database.query<T>(text);
    if (!row) throw new Error(`demo catalogue is missing: ${text}`);
    return row;
  };
  slot = await one(
    `SELECT g.guid, g.external_guid, g.game_name, p.name AS provider FROM games g JOIN providers p ON p.guid = g.provider_guid
      WHERE g.external_guid = 'house:slot-pharaoh-gold'`,
  );
  liveNoDemo = await one(`SELECT guid FROM games WHERE NOT can_demo AND cardinality(currency_guids) = 0 LIMIT 1`);
  fiatOnly = await one(`SELECT guid, external_guid FROM games WHERE external_guid = 'house:live-blackjack-blackjack-vip-table'`);
});
afterAll(async () => {
  await ctx?.close();
});

describe("POST /game/open, real play", () => {
  it("issues a game session on the player's active wallet and puts its token into the provider launch URL", async () => {
    const player = await newPlayer("100");
    const before = await sessionCount();
    const res = await open(
      { is_demo: false, game_guid: slot.guid, language_code: "en", exit_url: "/slots", device: "mobile" },
      player.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json().payload;
    expect(payload).toMatchObject({
      game_html: null,
      mode: "real",
      currency_guid: usd,
      currency_code: "USD",
      game_info: { game_guid: slot.guid, game_external_guid: slot.external_guid, can_free_spins: true },
    });
    expect(payload.game_info.background_image).toMatch(/^\/catalog\/games\//);

    const url = new URL(payload.game_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/house/play/${encodeURIComponent(slot.external_guid)}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      mode: "real",
      lang: "en",
      currency: "USD",
      device: "mobile",
      exit_url: "/slots",
      parent_origin: PUBLIC_URL,
    });
    const token = url.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await sessionCount()).toBe(before + 1);
    const [row] = await ctx.database.query<{ guid: string; customer_guid: string; wallet_guid: string; game_code: string; provider_code: string }>(
      "SELECT guid, customer_guid, wallet_guid, game_code, provider_code FROM game_sessions WHERE guid = $1",
      [payload.session_id],
    );
    expect(row).toMatchObject({ customer_guid: player.id, wallet_guid: player.usdWallet, game_code: slot.external_guid, provider_code: "house" });

    // The provider's wallet calls with that token reach this player's wallet.
    const balance = await providerCall(ctx.app, "balance", { token, game_code: slot.external_guid });
    expect(balance).toMatchObject({ status: "OK", currency: "USD", balance: "100.00" });
  });

  it("names the game by its page URL as well as by guid", async () => {
    const player = await newPlayer();
    const path = `/game/${slot.provider.toLowerCase().replace(/[\s/]/g, "-")}/${slot.game_name.toLowerCase().replace(/[\s/]/g, "-")}`;
    const res = await open({ game_url: `https://elsewhere.example${path}?x=1` }, player.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.game_info.game_guid).toBe(slot.guid);
  });

  it("plays on the wallet named by currency_guid, and 404s a currency the player holds no wallet in", async () => {
    const player = await newPlayer();
    const eur = await currencyGuid(ctx.database, "EUR");
    const none = await open({ game_guid: slot.guid, currency_guid: eur }, player.token);
    expect(none.statusCode).toBe(404);
    expect(none.json().payload.message).toMatch(/no wallet in this currency/);
    await ctx.app.inject({ method: "GET", url: `/api/v1/billing/wallet?currency_guid=${eur}`, headers: bearer(player.token) });
    const res = await open({ game_guid: slot.guid, currency_guid: eur }, player.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ currency_code: "EUR", currency_guid: eur });
  });

  it("refuses a visitor: real play needs a login, and no session is issued", async () => {
    const before = await sessionCount();
    const res = await open({ is_demo: false, game_guid: slot.guid });
    expect(res.statusCode).toBe(401);
    expect(res.json().payload).toMatchObject({ code: "UNAUTHORIZED", message: "Please log in to play for real money." });
    expect(await sessionCount()).toBe(before);
  });

  it("refuses a locked player with the reason, over HTTP and in the service itself", async () => {
    const player = await newPlayer();
    await ctx.database.query("UPDATE users SET status = 'locked' WHERE guid = $1", [player.id]);
    const before = await sessionCount();
    const res = await open({ game_guid: slot.guid }, player.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().payload.message).toMatch(/Your account is locked/);

    // The lock landing between the token check and the launch: the launch itself refuses.
    const game = await resolveGame(ctx.database.db, { gameGuid: slot.guid });
    await expect(
      openGame(ctx.database.db, ctx.app.env, {
        game,
        playerGuid: player.id,
        loginSessionGuid: decodeJwt(player.token).sid as string,
        isDemo: false,
        languageCode: "en",
        device: "desktop",
        policy: "ingame_convertion",
      }),
    ).rejects.toMatchObject({ code: "PLAYER_BLOCKED", message: "Your account is suspended. Please contact support." });
    expect(await sessionCount()).toBe(before);
  });

  it("refuses a wallet currency the game does not accept when conversion is off, with the conversion view the UI can show", async () => {
    const player = await newPlayer();
    await ctx.app.inject({ method: "GET", url: `/api/v1/billing/wallet?currency_guid=${btc}&set_active=true`, headers: bearer(player.token) });
    const before = await sessionCount();
    const game = await resolveGame(ctx.database.db, { gameGuid: fiatOnly.guid });
    const refusal = await openGame(ctx.database.db, ctx.app.env, {
      game,
      playerGuid: player.id,
      loginSessionGuid: decodeJwt(player.token).sid as string,
      isDemo: false,
      languageCode: "en",
      device: "desktop",
      policy: "disabled",
    }).catch((error: unknown) => error as { code: string; message: string; conversion: Record<string, unknown> });
    expect(refusal).toMatchObject({ code: "CONFLICT" });
    const error = refusal as unknown as { message: string; conversion: Record<string, unknown> & { project_game_currencies: { code: string }[] } };
    expect(error.message).toMatch(/does not accept BTC. Switch to a wallet in USD, EUR, GBP, CAD, AUD to play/);
    expect(error.conversion).toMatchObject({
      game_guid: fiatOnly.guid,
      policy: "disabled",
      wallet_currency_guid: btc,
      conversion_required: true,
      playable_wallet_currency_guids: [usd],
    });
    expect(error.conversion.project_game_currencies.map((c) => c.code)).toEqual(["USD", "EUR", "GBP", "CAD", "AUD"]);
    expect(error.conversion.supported_currency_pairs).toEqual([
      expect.objectContaining({ base_asset: "BTC", quote_asset: "USD", base_guid: btc, quote_guid: usd, price: "65000" }),
    ]);
    expect(await sessionCount()).toBe(before);

    // The same game with the player's USD wallet, as the conversion view suggests.
    const withUsd = await open({ game_guid: fiatOnly.guid, currency_guid: usd }, player.token);
    expect(withUsd.statusCode, withUsd.body).toBe(200);
    expect(withUsd.json().payload.currency_code).toBe("USD");

    // With the demo project's ingame_convertion policy the BTC wallet plays the game in USD (game-conversion-play.test.ts).
    const converted = await open({ game_guid: fiatOnly.guid }, player.token);
    expect(converted.statusCode, converted.body).toBe(200);
    expect(converted.json().payload.currency_code).toBe("USD");
  });

  it("refuses an exchange_guid that names no pair linking the wallet to a game currency, instead of ignoring it", async () => {
    const player = await newPlayer();
    const before = await sessionCount();
    const res = await open({ game_guid: slot.guid, exchange_guid: randomUUID() }, player.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().payload.message).toMatch(/That currency pair cannot convert USD/);
    expect(await sessionCount()).toBe(before);
  });

  it("keeps only same-site exit URLs", async () => {
    const player = await newPlayer();
    const external = await open({ game_guid: slot.guid, exit_url: "https://evil.example/phish" }, player.token);
    expect(new URL(external.json().payload.game_url).searchParams.has("exit_url")).toBe(false);
    const sameOrigin = await open({ game_guid: slot.guid, exit_url: `${PUBLIC_URL}/live?x=1` }, player.token);
    expect(new URL(sameOrigin.json().payload.game_url).searchParams.get("exit_url")).toBe("/live?x=1");
  });
});

describe("POST /game/open, demo play and unknown games", () => {
  it("lets a visitor play a can_demo game with play money: no token, no stored session", async () => {
    const before = await sessionCount();
    const res = await open({ is_demo: true, game_guid: slot.guid, language_code: "en" });
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json().payload;
    expect(payload).toMatchObject({ mode: "demo", currency_code: "USD", game_html: null });
    const url = new URL(payload.game_url);
    expect(url.searchParams.has("token")).toBe(false);
    expect(url.searchParams.get("mode")).toBe("demo");
    expect(await sessionCount()).toBe(before);
  });

  it("refuses demo play of a game without a demo mode", async () => {
    const res = await open({ is_demo: true, game_guid: liveNoDemo.guid });
    expect(res.statusCode).toBe(403);
    expect(res.json().payload.message).toMatch(/has no demo mode/);
  });

  it("404s an unknown game, a disabled one and a page URL naming none; 400s a URL that is no game page", async () => {
    expect((await open({ is_demo: true, game_guid: randomUUID() })).statusCode).toBe(404);
    expect((await open({ is_demo: true, game_url: "/game/no-such-studio/no-such-game" })).statusCode).toBe(404);
    expect((await open({ is_demo: true, game_url: "/slots" })).statusCode).toBe(400);
    expect((await open({ is_demo: true })).statusCode).toBe(400);
    const [disabled] = await ctx.database.query<{ guid: string }>(
      "UPDATE games SET game_status = 'disabled' WHERE external_guid = 'house:slot-pharaoh-gold' RETURNING guid",
    );
    try {
      expect((await open({ is_demo: true, game_guid: disabled!.guid })).statusCode).toBe(404);
      await ctx.database.query("UPDATE games SET game_status = 'maintenance' WHERE guid = $1", [disabled!.guid]);
      const maintenance = await open({ is_demo: true, game_guid: disabled!.guid });
      expect(maintenance.statusCode).toBe(409);
      expect(maintenance.json().payload).toEqual({ code: "CONFLICT", message: "Pharaoh Gold is under maintenance. Please try again later." });
    } finally {
      await ctx.database.query("UPDATE games SET game_status = 'active' WHERE guid = $1", [disabled!.guid]);
    }
  });
});

describe("game sessions stay with their player", () => {
  it("another player's session and rounds are invisible", async () => {
    const alice = await newPlayer("50");
    const bob = await newPlayer("50");
    const opened = (await open({ game_guid: slot.guid }, alice.token)).json().payload;
    const token = new URL(opened.game_url).searchParams.get("token")!;
    const seat = { playerGuid: alice.id, walletGuid: alice.usdWallet, token, gameCode: slot.external_guid, currency: "USD" };
    expect((await providerCall(ctx.app, "bet", bet(seat, "2.50"))).status).toBe("OK");

    const list = (token: string) =>
      ctx.app.inject({ method: "GET", url: "/api/v1/games/game-transaction?page=1&per_page=50", headers: bearer(token) });
    const mine = (await list(alice.token)).json();
    expect(mine.payload).toHaveLength(1);
    expect(mine.payload[0]).toMatchObject({ session_id: opened.session_id, bet_sum: "2.50", user_guid: alice.id });
    const theirs = (await list(bob.token)).json();
    expect(theirs.payload).toEqual([]);
    expect(theirs.metadata.total).toBe(0);

    // Bob cannot launch on Alice's wallet: currency_guid picks among Bob's own wallets only.
    const bobOpen = (await open({ game_guid: slot.guid, currency_guid: usd }, bob.token)).json().payload;
    const [row] = await ctx.database.query<{ customer_guid: string; wallet_guid: string }>(
      "SELECT customer_guid, wallet_guid FROM game_sessions WHERE guid = $1",
      [bobOpen.session_id],
    );
    expect(row).toEqual({ customer_guid: bob.id, wallet_guid: bob.usdWallet });
  });
});
