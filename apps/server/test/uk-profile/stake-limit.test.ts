import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import {
  bet,
  createPlayer,
  deposit,
  houseGame,
  openWallet,
  providerCall,
  type Seat,
} from "../wallet/wallet-helpers.ts";

// The UK profile's bet rules (ADR 025) exist on both bet paths: in SQL (provider_wallet_fast_calls
// calling player_stake_limit_exceeded, the one-trip path) and in TypeScript (place-bet.ts through
// checkJurisdictionBet). Every case runs twice through the real routes: as production runs it, and
// with the one-trip path switched off. The answers must be the same, and a bet the fast path may
// answer (within every rule) must really have been answered there: a refusal that only the
// TypeScript path knows would show as a fast OK.

const paths = vi.hoisted(() => ({ fast: true, fastAnswers: 0 }));
vi.mock(import("../../src/modules/provider-wallet/run-fast-call.ts"), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    runFastCall: async (...args: Parameters<typeof original.runFastCall>) => {
      if (!paths.fast) return undefined;
      const answer = await original.runFastCall(...args);
      if (answer) paths.fastAnswers += 1;
      return answer;
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ JURISDICTION: "gb" }, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

/** Today in the UK as YYYY-MM-DD, moved by whole years and days. */
function ukDay(years: number, days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const date = new Date(`${today}T00:00:00.000Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type Player = { birthday: string | null; verified?: boolean; currency?: string; live?: boolean };

async function seat(player: Player): Promise<Seat> {
  const { database } = ctx;
  const playerGuid = await createPlayer(database);
  await database.query("UPDATE users SET birthday = $2::date::timestamptz, is_verified = $3 WHERE guid = $1", [
    playerGuid,
    player.birthday,
    player.verified ?? true,
  ]);
  const currency = player.currency ?? "USD";
  const wallet = await openWallet(database, playerGuid, currency);
  await deposit(database, wallet.guid, "1000");
  const game = await houseGame(database, player.live ?? false);
  const session = await issueGameSession(database.db, {
    playerGuid,
    walletGuid: wallet.guid,
    providerCode: "house",
    gameCode: game.code,
    gameGuid: game.guid,
  });
  return { playerGuid, walletGuid: wallet.guid, token: session.token, gameCode: game.code, currency };
}

/** The answer of one bet on a fresh player, on each path; and whether the one-trip path answered it. */
async function betBothWays(player: Player, amount: string) {
  const answers: { status: string; fast: boolean; balance: string | null }[] = [];
  // TypeScript first: it creates the currency's house account, without which the fast path steps aside.
  for (const fast of [false, true]) {
    paths.fast = fast;
    const before = paths.fastAnswers;
    const answer = await providerCall(ctx.app, "bet", bet(await seat(player), amount));
    answers.push({ status: answer.status, fast: paths.fastAnswers > before, balance: answer.balance });
  }
  paths.fast = true;
  const [typescriptOnly, production] = answers;
  expect(typescriptOnly!.fast).toBe(false);
  expect(typescriptOnly!.status).toBe(production!.status);
  expect(typescriptOnly!.balance).toBe(production!.balance);
  return production!;
}

describe("UK slots stake limit per game cycle (gb profile)", () => {
  // GBP/USD 1.27 in the demo rates: £5 = $6.35, £2 = $2.54.
  const from25 = { birthday: ukDay(-30) };
  const under25 = { birthday: ukDay(-20) };

  it("lets a player of 25 or more stake up to £5 in their currency and refuses a cent more", async () => {
    expect(await betBothWays(from25, "6.35")).toMatchObject({ status: "OK", fast: true, balance: "993.65" });
    expect(await betBothWays(from25, "6.36")).toMatchObject({
      status: "BET_LIMIT_EXCEEDED",
      fast: false,
      balance: "1000.00",
    });
  });

  it("holds a player of 18 to 24 to £2", async () => {
    expect(await betBothWays(under25, "2.54")).toMatchObject({ status: "OK", fast: true });
    expect(await betBothWays(under25, "2.55")).toMatchObject({ status: "BET_LIMIT_EXCEEDED", fast: false });
  });

  it("gives £5 from the 25th birthday itself, and £2 the day before", async () => {
    expect(await betBothWays({ birthday: ukDay(-25) }, "6.35")).toMatchObject({ status: "OK", fast: true });
    const eve = { birthday: ukDay(-25, 1) };
    expect(await betBothWays(eve, "2.55")).toMatchObject({ status: "BET_LIMIT_EXCEEDED", fast: false });
    expect(await betBothWays(eve, "2.54")).toMatchObject({ status: "OK", fast: true });
  });

  it("treats an unknown birthday as under 25", async () => {
    expect(await betBothWays({ birthday: null }, "2.55")).toMatchObject({ status: "BET_LIMIT_EXCEEDED", fast: false });
  });

  it("converts at the stored rates: exact in GBP, through the default currency otherwise", async () => {
    expect(await betBothWays({ ...from25, currency: "GBP" }, "5.00")).toMatchObject({ status: "OK", fast: true });
    expect(await betBothWays({ ...from25, currency: "GBP" }, "5.01")).toMatchObject({ status: "BET_LIMIT_EXCEEDED" });
    // EUR/USD 1.08: £5 = €5.8796…, truncated to €5.87 so the limit is never above £5.
    expect(await betBothWays({ ...from25, currency: "EUR" }, "5.87")).toMatchObject({ status: "OK", fast: true });
    expect(await betBothWays({ ...from25, currency: "EUR" }, "5.88")).toMatchObject({ status: "BET_LIMIT_EXCEEDED" });
  });

  it("limits slots only: a live game takes a larger stake", async () => {
    expect(await betBothWays({ ...under25, live: true }, "50")).toMatchObject({ status: "OK", fast: true });
  });
});

describe("identity and age verified before the first bet (gb profile)", () => {
  it("refuses an unverified player's bet with PLAYER_BLOCKED on both paths, and takes it once verified", async () => {
    expect(await betBothWays({ birthday: ukDay(-30), verified: false }, "1.00")).toMatchObject({
      status: "PLAYER_BLOCKED",
      fast: false,
      balance: "1000.00",
    });
    expect(await betBothWays({ birthday: ukDay(-30), verified: true }, "1.00")).toMatchObject({
      status: "OK",
      fast: true,
    });
  });
});

describe("the launch under the gb profile", () => {
  async function launch(options: { verified: boolean; birthday: string; live?: boolean }) {
    const account = await signUp(ctx.app, `launch-${randomUUID()}@example.com`);
    await ctx.database.query("UPDATE users SET birthday = $2::date::timestamptz, is_verified = $3 WHERE guid = $1", [
      account.profile.id,
      options.birthday,
      options.verified,
    ]);
    await openWallet(ctx.database, account.profile.id, "USD");
    const game = await houseGame(ctx.database, options.live ?? false);
    return ctx.app.inject({
      method: "POST",
      url: "/api/v1/game/open",
      headers: bearer(account.access_token),
      payload: { is_demo: false, game_guid: game.guid, language_code: "en", device: "desktop" },
    });
  }

  it("tells a slot the player's stake limit in the play currency, and a live game nothing", async () => {
    const slot = await launch({ verified: true, birthday: ukDay(-20) });
    expect(slot.statusCode, slot.body).toBe(200);
    expect(new URL(slot.json().payload.game_url as string).searchParams.get("max_stake")).toBe("2.54");
    const older = await launch({ verified: true, birthday: ukDay(-40) });
    expect(new URL(older.json().payload.game_url as string).searchParams.get("max_stake")).toBe("6.35");
    const live = await launch({ verified: true, birthday: ukDay(-20), live: true });
    expect(new URL(live.json().payload.game_url as string).searchParams.has("max_stake")).toBe(false);
  });

  it("refuses real play to a player not yet verified, saying what to do", async () => {
    const res = await launch({ verified: false, birthday: ukDay(-30) });
    expect(res.statusCode).toBe(403);
    expect(res.json().payload.message).toMatch(/verify your identity and age before playing/);
  });
});
