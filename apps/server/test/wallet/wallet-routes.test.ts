import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { bet, currencyGuid, hasPostgres, houseGame, providerCall, win } from "./wallet-helpers.ts";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { deposit } from "./wallet-helpers.ts";

let ctx: TestContext;
let alice: { token: string; id: string };
let bob: { token: string; id: string };
let usd: string;
let eur: string;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  const a = await signUp(ctx.app, `alice-${randomUUID()}@example.com`);
  const b = await signUp(ctx.app, `bob-${randomUUID()}@example.com`);
  alice = { token: a.access_token, id: a.profile.id };
  bob = { token: b.access_token, id: b.profile.id };
  usd = await currencyGuid(ctx.database, "USD");
  eur = await currencyGuid(ctx.database, "EUR");
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, token: string) => ctx.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(token) });

describe("billing wallet calls", () => {
  it("are for logged-in players only", async () => {
    for (const url of ["/billing/wallets", "/billing/wallet", `/billing/wallet/freespins?wallet_guid=${randomUUID()}`, "/games/game-transaction"]) {
      expect((await ctx.app.inject({ method: "GET", url: `/api/v1${url}` })).statusCode, url).toBe(401);
    }
  });

  it("creates the first wallet in the profile currency, active; later ones inactive until activated", async () => {
    expect((await get("/billing/wallets?page=1&per_page=10000", alice.token)).json()).toMatchObject({ payload: [], metadata: { total: 0 } });
    const first = (await get("/billing/wallet", alice.token)).json().payload;
    expect(first).toMatchObject({ currency_guid: usd, customer_guid: alice.id, is_active: true, balance: "0.00", bonus_balance: "0.00" });
    const again = (await get("/billing/wallet", alice.token)).json().payload;
    expect(again.guid).toBe(first.guid);

    const euro = (await get(`/billing/wallet?currency_guid=${eur}`, alice.token)).json().payload;
    expect(euro).toMatchObject({ currency_guid: eur, is_active: false });
    const list = (await get("/billing/wallets?page=1&per_page=10000", alice.token)).json();
    expect(list.metadata).toMatchObject({ page: 1, per_page: 10000, total: 2 });
    expect(list.payload.filter((w: { is_active: boolean }) => w.is_active)).toHaveLength(1);

    const switched = (await get(`/billing/wallet?currency_guid=${eur}&set_active=true`, alice.token)).json().payload;
    expect(switched).toMatchObject({ guid: euro.guid, is_active: true });
    const after = (await get("/billing/wallets", alice.token)).json().payload as { guid: string; is_active: boolean }[];
    expect(after.filter((w) => w.is_active).map((w) => w.guid)).toEqual([euro.guid]);
  });

  it("activates by wallet_guid in the query or the body; another player's wallet is a 404", async () => {
    const wallets = (await get("/billing/wallets", alice.token)).json().payload as { guid: string; currency_guid: string }[];
    const usdWallet = wallets.find((w) => w.currency_guid === usd)!;
    const eurWallet = wallets.find((w) => w.currency_guid === eur)!;
    const viaQuery = await ctx.app.inject({ method: "PATCH", url: `/api/v1/billing/wallet/activate?wallet_guid=${usdWallet.guid}`, headers: bearer(alice.token) });
    expect(viaQuery.json().payload).toMatchObject({ guid: usdWallet.guid, is_active: true });
    const viaBody = await ctx.app.inject({ method: "PATCH", url: "/api/v1/billing/wallet/activate", headers: bearer(alice.token), payload: { wallet_guid: eurWallet.guid } });
    expect(viaBody.json().payload).toMatchObject({ guid: eurWallet.guid, is_active: true });
    const missing = await ctx.app.inject({ method: "PATCH", url: "/api/v1/billing/wallet/activate", headers: bearer(alice.token) });
    expect(missing.statusCode).toBe(400);

    const bobs = await ctx.app.inject({ method: "PATCH", url: `/api/v1/billing/wallet/activate?wallet_guid=${usdWallet.guid}`, headers: bearer(bob.token) });
    expect(bobs.statusCode).toBe(404);
    expect((await get(`/billing/wallet/freespins?wallet_guid=${usdWallet.guid}`, bob.token)).statusCode).toBe(404);
    expect((await get(`/billing/wallet?currency_guid=${randomUUID()}`, bob.token)).statusCode).toBe(404);
    // Bob's attempt changed nothing of Alice's.
    const still = (await get("/billing/wallets", alice.token)).json().payload as { guid: string; is_active: boolean }[];
    expect(still.filter((w) => w.is_active).map((w) => w.guid)).toEqual([eurWallet.guid]);
  });

  it("reports the free-spin state of the player's own wallet", async () => {
    const wallet = (await get(`/billing/wallet?currency_guid=${usd}`, bob.token)).json().payload;
    await ctx.database.query("UPDATE wallets SET free_spin_count = 3, free_spin_total = 5, free_spin_win_amount = 1.5 WHERE guid = $1", [wallet.guid]);
    const state = await get(`/billing/wallet/freespins?wallet_guid=${wallet.guid}`, bob.token);
    expect(state.json().payload).toEqual({ win_amount: "1.50", spins_left: 3, spins_total: 5 });
  });

  it("limits per_page to 10000", async () => {
    expect((await get("/billing/wallets?page=1&per_page=10001", alice.token)).statusCode).toBe(400);
  });

  it.skipIf(!hasPostgres)("keeps exactly one active wallet under concurrent activations and creations (PostgreSQL)", async () => {
    const player = await signUp(ctx.app, `carol-${randomUUID()}@example.com`);
    const codes = ["USD", "EUR", "GBP"];
    const guids = await Promise.all(codes.map((c) => currencyGuid(ctx.database, c)));
    await Promise.all(
      Array.from({ length: 24 }, (_, i) => get(`/billing/wallet?currency_guid=${guids[i % 3]}&set_active=true`, player.access_token)),
    );
    const wallets = (await get("/billing/wallets", player.access_token)).json().payload as { guid: string; is_active: boolean }[];
    expect(wallets).toHaveLength(3);
    expect(wallets.filter((w) => w.is_active)).toHaveLength(1);
    await Promise.all(
      wallets.flatMap((w) =>
        Array.from({ length: 6 }, () =>
          ctx.app.inject({ method: "PATCH", url: `/api/v1/billing/wallet/activate?wallet_guid=${w.guid}`, headers: bearer(player.access_token) }),
        ),
      ),
    );
    const after = (await get("/billing/wallets", player.access_token)).json().payload as { is_active: boolean }[];
    expect(after.filter((w) => w.is_active)).toHaveLength(1);
  });
});

describe("GET /games/game-transaction", () => {
  it("lists the player's own game transactions with the contract's filters", async () => {
    const wallet = (await get(`/billing/wallet?currency_guid=${usd}&set_active=true`, alice.token)).json().payload;
    await deposit(ctx.database, wallet.guid, "100");
    const game = await houseGame(ctx.database);
    const session = await issueGameSession(ctx.database.db, { playerGuid: alice.id, walletGuid: wallet.guid, providerCode: "house", gameCode: game.code, gameGuid: game.guid });
    const seat = { playerGuid: alice.id, walletGuid: wallet.guid, token: session.token, gameCode: game.code, currency: "USD" };
    const b1 = bet(seat, "2");
    const b2 = bet(seat, "20");
    await providerCall(ctx.app, "bet", b1);
    await providerCall(ctx.app, "bet", b2);
    await providerCall(ctx.app, "win", win(seat, b2, "50", { round_closed: true }));

    const all = (await get("/games/game-transaction?page=1&per_page=10", alice.token)).json();
    expect(all.metadata).toMatchObject({ page: 1, per_page: 10, total: 3 });
    expect(all.payload[0]).toMatchObject({
      user_guid: alice.id,
      game_guid: game.guid,
      currency_guid: usd,
      win: "50.00",
      bet_sum: "0.00",
      bet_win: "50.00",
      balance_before: "78.00",
      balance_after: "128.00",
      isbet: false,
      finish: true,
      betid: b2.round_id,
      game_name: expect.any(String),
      correlation_guid: expect.any(String),
    });
    const q = (query: string) => get(`/games/game-transaction?${query}`, alice.token).then((r) => r.json().payload as { tradeid: string }[]);
    expect((await q("bet_sum_from=10")).map((t) => t.tradeid)).toEqual([b2.transaction_uuid]);
    expect((await q("bet_sum_from=1&bet_sum_to=5")).map((t) => t.tradeid)).toEqual([b1.transaction_uuid]);
    expect(await q("win_sum_from=49.99")).toHaveLength(1);
    expect(await q(`game_guid=${game.guid}`)).toHaveLength(3);
    expect(await q(`game_guid=${randomUUID()}`)).toHaveLength(0);
    expect(await q("created_at_from=2000-01-01T00:00:00Z&created_at_to=2000-01-02")).toHaveLength(0);
    expect(await q(`created_at_to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`)).toHaveLength(3);
    expect(await q("per_page=1&page=2")).toHaveLength(1);
    expect((await get("/games/game-transaction?bet_sum_from=-1", alice.token)).statusCode).toBe(400);
    expect((await get("/games/game-transaction?per_page=201", alice.token)).statusCode).toBe(400);
    // Bob sees none of Alice's.
    expect((await get("/games/game-transaction", bob.token)).json().metadata.total).toBe(0);
  });
});
