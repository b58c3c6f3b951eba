import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetRequest } from "@croupier/contract/entities/provider-wallet";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { systemAccountGuid } from "../../src/modules/ledger/ledger-accounts.ts";
import { runFastCall } from "../../src/modules/provider-wallet/run-fast-call.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff } from "../helpers/staff-session.ts";
import { bearer, decodeJwt, signUp } from "../identity/identity-helpers.ts";
import { bet, deposit, houseGame, openWallet, providerCall, walletState, win, type Seat } from "../wallet/wallet-helpers.ts";

// Two apps: "none" (checks off by default, the player opts in) for the bet gate and the summary,
// and "gb" (60 minutes by default, never off) for the profile's rules.
let none: TestContext;
let gb: TestContext;
beforeAll(async () => {
  none = await buildTestApp({}, { demo: true });
  gb = await buildTestApp({ JURISDICTION: "gb" });
});
afterAll(async () => {
  await none?.close();
  await gb?.close();
});

let n = 0;
const api = (ctx: TestContext, token: string, method: "GET" | "PUT" | "POST", url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url: `/api/v1/responsible-gaming${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A signed-up player whose login session started `minutesAgo` minutes ago. */
async function playerLoggedIn(ctx: TestContext, minutesAgo: number) {
  const s = await signUp(ctx.app, `rc-${Date.now()}-${n++}@example.com`);
  const sid = decodeJwt(s.access_token).sid as string;
  await ctx.database.query(
    "UPDATE sessions SET created_at = now() - make_interval(mins => $2), logged_in_at = now() - make_interval(mins => $2) WHERE guid = $1",
    [sid, minutesAgo],
  );
  return { id: s.profile.id, token: s.access_token, sid };
}

/** The player at a house game opened from their login session, with cash, and the house account warm for the fast path. */
async function seat(ctx: TestContext, player: { id: string; sid: string }, cash: string): Promise<Seat> {
  const wallet = await openWallet(ctx.database, player.id, "USD");
  await deposit(ctx.database, wallet.guid, cash);
  const game = await houseGame(ctx.database);
  await systemAccountGuid(ctx.database.db, { kind: "house_game", owner: "house", currencyGuid: wallet.currency_guid });
  const session = await issueGameSession(ctx.database.db, {
    playerGuid: player.id,
    walletGuid: wallet.guid,
    providerCode: "house",
    gameCode: game.code,
    gameGuid: game.guid,
    loginSessionGuid: player.sid,
  });
  return { playerGuid: player.id, walletGuid: wallet.guid, token: session.token, gameCode: game.code, currency: "USD" };
}

describe("reality check: the jurisdiction's rules", () => {
  it("gb: 60 minutes by default, never off; a due check shows in the summary and is answered once", async () => {
    const player = await playerLoggedIn(gb, 61);
    const setting = await api(gb, player.token, "GET", "/reality-check");
    expect(setting.json().payload).toMatchObject({ interval_minutes: 60, is_default: true, default_minutes: 60, may_turn_off: false });
    expect(setting.json().payload.choices).not.toContain(0);
    const off = await api(gb, player.token, "PUT", "/reality-check", { interval_minutes: 0 });
    expect(off.statusCode).toBe(400);
    expect(off.json().payload.fields[0].field).toBe("body.interval_minutes");
    // Even a stored "off" (from a profile that allowed it) counts as the default here.
    await gb.database.query("INSERT INTO player_reality_checks (user_guid, interval_minutes) VALUES ($1, 0)", [player.id]);

    const summary = await api(gb, player.token, "GET", "/reality-check/summary");
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().payload).toMatchObject({ interval_minutes: 60, due: true, results: [] });
    expect(summary.json().payload.elapsed_seconds).toBeGreaterThanOrEqual(61 * 60);

    const answered = await api(gb, player.token, "POST", "/reality-check/acknowledge", { action: "continue" });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().payload.due).toBe(false);
    expect(new Date(answered.json().payload.next_due_at).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    const again = await api(gb, player.token, "POST", "/reality-check/acknowledge", { action: "leave" });
    expect(again.statusCode).toBe(409);
  });

  it("staff read a player's setting and last answer with players.read", async () => {
    const player = await playerLoggedIn(gb, 61);
    const support = await createTestStaff(gb, "support");
    const read = () =>
      gb.app.inject({ method: "GET", url: `/api/backoffice/v1/players/${player.id}/reality-check`, headers: support.headers });
    expect((await read()).json().payload).toMatchObject({ interval_minutes: 60, is_default: true, acknowledged_at: null, may_turn_off: false });
    await api(gb, player.token, "PUT", "/reality-check", { interval_minutes: 30 });
    await api(gb, player.token, "POST", "/reality-check/acknowledge", { action: "continue" });
    const after = (await read()).json().payload;
    expect(after).toMatchObject({ interval_minutes: 30, is_default: false });
    expect(after.acknowledged_at).not.toBeNull();
    expect((await gb.app.inject({ method: "GET", url: `/api/backoffice/v1/players/${player.id}/reality-check` })).statusCode).toBe(401);
  });

  it("none: off by default, and the player may choose an interval or off", async () => {
    const player = await playerLoggedIn(none, 500);
    expect((await api(none, player.token, "GET", "/reality-check")).json().payload).toMatchObject({
      interval_minutes: 0,
      is_default: true,
      may_turn_off: true,
    });
    expect((await api(none, player.token, "GET", "/reality-check/summary")).json().payload).toMatchObject({ due: false, next_due_at: null });
    const set = await api(none, player.token, "PUT", "/reality-check", { interval_minutes: 30 });
    expect(set.json().payload).toMatchObject({ interval_minutes: 30, is_default: false });
    expect((await api(none, player.token, "GET", "/reality-check/summary")).json().payload.due).toBe(true);
    expect((await api(none, player.token, "PUT", "/reality-check", { interval_minutes: 7 })).statusCode).toBe(400);
    expect((await api(none, player.token, "PUT", "/reality-check", { interval_minutes: 0 })).json().payload.interval_minutes).toBe(0);
    expect((await api(none, player.token, "GET", "/reality-check/summary")).json().payload.due).toBe(false);
  });
});

describe("reality check: the game pauses on the server", () => {
  it("refuses bets on both wallet paths while a check is due, and takes them again once it is answered", async () => {
    const player = await playerLoggedIn(none, 16);
    const s = await seat(none, player, "50");
    const first = bet(s, "1");
    expect((await providerCall(none.app, "bet", first)).status).toBe("OK");
    expect((await providerCall(none.app, "win", win(s, first, "4"))).status).toBe("OK");

    await api(none, player.token, "PUT", "/reality-check", { interval_minutes: 15 });
    const before = await walletState(none.database, s.walletGuid);
    // The one-trip path leaves a blocked bet to the other path (undefined), which answers PLAYER_BLOCKED.
    expect(await runFastCall(none.database, "house", { method: "bet", request: bet(s, "1") as BetRequest })).toBeUndefined();
    expect((await providerCall(none.app, "bet", bet(s, "1"))).status).toBe("PLAYER_BLOCKED");
    expect(await walletState(none.database, s.walletGuid)).toEqual(before);

    const summary = (await api(none, player.token, "GET", "/reality-check/summary")).json().payload;
    expect(summary).toMatchObject({ due: true, results: [{ currency: "USD", stakes: "1", wins: "4", net: "3" }] });

    expect((await api(none, player.token, "POST", "/reality-check/acknowledge", { action: "continue" })).statusCode).toBe(200);
    expect((await providerCall(none.app, "bet", bet(s, "2"))).status).toBe("OK");
    const after = (await api(none, player.token, "GET", "/reality-check/summary")).json().payload;
    expect(after).toMatchObject({ due: false, results: [{ currency: "USD", stakes: "3", wins: "4", net: "1" }] });
  });
});
