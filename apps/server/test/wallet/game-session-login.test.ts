import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetRequest } from "@croupier/contract/entities/provider-wallet";
import { setCustomerStatus } from "../../src/modules/identity/profile/set-customer-status.ts";
import { runFastCall } from "../../src/modules/provider-wallet/run-fast-call.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, decodeJwt, login, mailedLink, signUp } from "../identity/identity-helpers.ts";
import { bet, deposit, houseGame, providerCall, rollback, walletState, win, type Seat } from "./wallet-helpers.ts";

// Issue 13 item 5 (ADR 011): a game session lives no longer than the login session that opened it.
// However that login session ends, the game token's bets and balance calls answer TOKEN_EXPIRED on
// both wallet paths, while wins and rollbacks of its earlier bets still land (protocol rule 4).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: "http://casino.test" }, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

const PASSWORD = "first-pass-123";
type Player = { email: string; id: string; access: string; refresh: string };

async function newPlayer(): Promise<Player> {
  const email = `gs-${randomUUID()}@example.com`;
  const s = await signUp(ctx.app, email, PASSWORD);
  return { email, id: s.profile.id, access: s.access_token, refresh: s.refresh_token };
}

/** The player opens a house game for real money through POST /game/open, as the web app does. */
async function openGame(player: Player): Promise<Seat> {
  const wallet = await ctx.app.inject({ method: "GET", url: "/api/v1/billing/wallet", headers: bearer(player.access) });
  expect(wallet.statusCode, wallet.body).toBe(200);
  const walletGuid = wallet.json().payload.guid as string;
  if ((await walletState(ctx.database, walletGuid)).balance === "0.00") await deposit(ctx.database, walletGuid, "100");
  const game = await houseGame(ctx.database);
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/game/open",
    headers: bearer(player.access),
    payload: { is_demo: false, game_guid: game.guid, language_code: "en", device: "desktop" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = new URL(res.json().payload.game_url as string).searchParams.get("token");
  expect(token).toBeTruthy();
  return { playerGuid: player.id, walletGuid, token: token!, gameCode: game.code, currency: "USD" };
}

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: `/api/v1${url}`, payload, headers });

/**
 * Plays two bets, ends the login session with `end`, then requires: bets and balance answer
 * TOKEN_EXPIRED (the one-trip path takes nothing), the win of one bet and the rollback of the
 * other land once with the right money.
 */
async function expectGameClosedAfter(end: (player: Player, seat: Seat) => Promise<void>) {
  const player = await newPlayer();
  const seat = await openGame(player);
  const paid = bet(seat, "5");
  const refunded = bet(seat, "3");
  expect((await providerCall(ctx.app, "bet", paid)).status).toBe("OK");
  expect((await providerCall(ctx.app, "bet", refunded)).status).toBe("OK");
  expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "92.00" });

  await end(player, seat);

  // The one-trip path leaves the bet alone; the two-statement path answers the session error.
  const late = bet(seat, "1");
  expect(await runFastCall(ctx.database, "house", { method: "bet", request: late as BetRequest })).toBeUndefined();
  expect(await providerCall(ctx.app, "bet", late)).toMatchObject({ status: "TOKEN_EXPIRED", balance: "92.00" });
  expect((await providerCall(ctx.app, "balance", { token: seat.token, game_code: seat.gameCode })).status).toBe("TOKEN_EXPIRED");

  // Money owed still lands, once.
  const winBody = win(seat, paid, "10", { round_closed: true });
  expect(await providerCall(ctx.app, "win", winBody)).toMatchObject({ status: "OK", balance: "102.00" });
  expect(await providerCall(ctx.app, "win", winBody)).toMatchObject({ status: "OK", balance: "102.00" });
  const rollbackBody = rollback(seat, refunded);
  expect(await providerCall(ctx.app, "rollback", rollbackBody)).toMatchObject({ status: "OK", balance: "105.00" });
  expect(await providerCall(ctx.app, "rollback", rollbackBody)).toMatchObject({ status: "OK", balance: "105.00" });
  expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "105.00" });
}

describe("a game session ends with the login session that opened it", () => {
  it("records the login session on the game session", async () => {
    const player = await newPlayer();
    const seat = await openGame(player);
    const [row] = await ctx.database.query<{ login_session_guid: string }>(
      "SELECT login_session_guid FROM game_sessions WHERE wallet_guid = $1 ORDER BY created_at DESC LIMIT 1",
      [seat.walletGuid],
    );
    expect(row?.login_session_guid).toBe(decodeJwt(player.access).sid);
    expect((await providerCall(ctx.app, "balance", { token: seat.token, game_code: seat.gameCode })).status).toBe("OK");
  });

  it("after logout", async () => {
    await expectGameClosedAfter(async (player) => {
      expect((await post("/authorization/logout", {}, bearer(player.access))).statusCode).toBe(200);
    });
  });

  it("after the session is ended from another device (end all other sessions)", async () => {
    await expectGameClosedAfter(async (player) => {
      const other = await login(ctx.app, player.email, PASSWORD);
      expect(other.statusCode, other.body).toBe(200);
      expect((await post("/session/terminate", {}, bearer(other.json().payload.access_token))).statusCode).toBe(200);
    });
  });

  it("after a password reset", async () => {
    await expectGameClosedAfter(async (player) => {
      expect((await post("/password/token", { email: player.email })).statusCode).toBe(200);
      const token = (await mailedLink(ctx.app, player.email, /Reset your password/)).searchParams.get("token")!;
      expect((await post("/password/reset", { token, new_password: "second-pass-456" })).statusCode).toBe(200);
    });
  });

  it("after a password change made on another device", async () => {
    await expectGameClosedAfter(async (player) => {
      const other = (await login(ctx.app, player.email, PASSWORD)).json().payload.access_token as string;
      const res = await post("/password/update", { current_password: PASSWORD, new_password: "second-pass-456" }, bearer(other));
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  it("after a refresh token is used twice (the session is revoked)", async () => {
    await expectGameClosedAfter(async (player) => {
      expect((await post("/session/update", { refresh_token: player.refresh })).statusCode).toBe(200);
      expect((await post("/session/update", { refresh_token: player.refresh })).statusCode).toBe(401);
    });
  });

  it("after the account is locked", async () => {
    await expectGameClosedAfter(async (player) => {
      await setCustomerStatus(ctx.database.db, { userId: player.id, status: "locked", reason: "review" });
    });
  });

  it("after the login session expires", async () => {
    await expectGameClosedAfter(async (player) => {
      await ctx.database.query("UPDATE sessions SET refresh_expires_at = now() - interval '1 second' WHERE guid = $1", [
        decodeJwt(player.access).sid,
      ]);
    });
  });

  it("keeps the games of the session that ended the others", async () => {
    const player = await newPlayer();
    const seat = await openGame(player);
    const other = (await login(ctx.app, player.email, PASSWORD)).json().payload.access_token as string;
    const otherSeat = await openGame({ ...player, access: other });
    expect((await post("/session/terminate", {}, bearer(player.access))).statusCode).toBe(200);
    expect((await providerCall(ctx.app, "bet", bet(seat, "1"))).status).toBe("OK");
    expect((await providerCall(ctx.app, "bet", bet(otherSeat, "1"))).status).toBe("TOKEN_EXPIRED");
  });

  it("opens no game for a login session that has ended", async () => {
    const player = await newPlayer();
    await ctx.database.query("UPDATE sessions SET finished_at = now(), finish_reason = 'logout' WHERE guid = $1", [decodeJwt(player.access).sid]);
    const game = await houseGame(ctx.database);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/game/open",
      headers: bearer(player.access),
      payload: { is_demo: false, game_guid: game.guid },
    });
    expect(res.statusCode).toBe(401);
  });
});
