import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
// Tests may use the platform: the provider itself never imports it.
import { buildApp, type App } from "../../server/src/app.ts";
import { loadEnv } from "../../server/src/env.ts";
import { issueGameSession } from "../../server/src/modules/game-sessions/issue-game-session.ts";
import {
  createPlayer,
  deposit,
  openWallet,
  walletState,
  HOUSE_SECRET,
} from "../../server/test/wallet/wallet-helpers.ts";
import {
  allowedActions,
  CardSource,
  deal,
  standAllAndFinish,
  type BlackjackState,
} from "./games/blackjack/blackjack-play.ts";
import { findGame } from "./games/game-catalog.ts";
import { houseGamesPlugin, type HouseGamesApi } from "./plugin.ts";
import { launchingClient } from "./testing/signed-launch.ts";
import type { FetchLike } from "./wallet/wallet-client.ts";

/**
 * Issue #13 item 1 (ADR 009): an interrupted blackjack hand is completed by
 * the published rules (the hand stands, the dealer plays out, the round
 * settles), never refunded; live bets settle with their round whether or not
 * the player stayed. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const BLACKJACK = "house:blackjack-classic-blackjack";
const LIVE_ROULETTE = "house:live-roulette-salon-roulette";
const ABANDON_MINUTES = 60;
const SERVER_SEED = "interrupted-rounds-known-server-seed";

let database: TestDatabase;
let app: App;
let api: HouseGamesApi;
/** Opens sessions and calls them as the game client does: signed launches, the platform token of a real session. */
const playerOfToken = new Map<string, string>();
const client = launchingClient(HOUSE_SECRET, { playerOf: (token) => playerOfToken.get(token) });
let breakWire: (method: string, tx: string) => "pass" | "fail-after" = () => "pass";

const injectFetch = (): FetchLike => async (url, init) => {
  const method = url.split("/").pop()!;
  const tx = (JSON.parse(init.body) as { transaction_uuid?: string }).transaction_uuid ?? method;
  const res = await app.inject({
    method: "POST",
    url: new URL(url).pathname,
    headers: init.headers,
    payload: init.body,
  });
  if (breakWire(method, tx) === "fail-after") throw new Error("connection reset after the request was processed");
  return { status: res.statusCode, text: async () => res.body };
};

beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" });
  app = await buildApp({ env, database, logger: false });
  await app.register(houseGamesPlugin, {
    prefix: "/house",
    database,
    platformUrl: "http://platform.test",
    secret: HOUSE_SECRET,
    fetch: injectFetch(),
    config: { liveTables: false, abandonAfterMinutes: ABANDON_MINUTES },
    recoveryIntervalMs: 0,
    expose: (exposed) => (api = exposed),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function player(gameCode: string, cash: string) {
  const playerGuid = await createPlayer(database);
  const wallet = await openWallet(database, playerGuid, "USD");
  await deposit(database, wallet.guid, cash);
  const [game] = await database.query<{ guid: string }>("SELECT guid FROM games WHERE external_guid = $1", [gameCode]);
  const session = await issueGameSession(database.db, {
    playerGuid,
    walletGuid: wallet.guid,
    providerCode: "house",
    gameCode,
    gameGuid: game!.guid,
  });
  playerOfToken.set(session.token, playerGuid);
  return { token: session.token, walletGuid: wallet.guid };
}

type Answer = { status: number; body: { status: string; payload: Record<string, unknown> & { code?: string } } };
async function call(method: string, url: string, key?: string, payload?: unknown): Promise<Answer> {
  const opening = method === "POST" && url === "/house/api/sessions" && payload !== null && typeof payload === "object";
  const body = opening ? client.sessionBody(payload as Record<string, unknown>) : payload;
  const res = await app.inject({
    method: method as "GET",
    url,
    headers: client.headers(key),
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const answer = { status: res.statusCode, body: res.json() as Answer["body"] };
  if (opening) client.opened(payload, answer.body);
  return answer;
}

type Round = {
  round_id: string;
  status: string;
  stake: string;
  win: string | null;
  outcome: {
    allowed_actions: string[];
    actions: string[];
    dealer: { cards: string[]; hole_hidden: boolean };
    hands: { cards: string[]; result: string | null; doubled: boolean }[];
  };
};

/**
 * Opens a real session whose seeds are known, so the test knows the cards
 * before dealing: the first client seed whose one-hand deal waits for a
 * decision and, stood as it is, ends with `result`.
 */
async function knownDeal(result: "win" | "lose", cash: string, extra: (state: BlackjackState) => boolean = () => true) {
  const rules = (findGame(BLACKJACK) as Extract<ReturnType<typeof findGame>, { rules: unknown }>).rules;
  let clientSeed = "";
  let expected: BlackjackState | null = null;
  for (let i = 0; i < 5_000 && !expected; i += 1) {
    const seeds = { serverSeed: SERVER_SEED, clientSeed: `${result}-${i}`, nonce: 0 };
    const dealt = deal(new CardSource(seeds), 1);
    if (dealt.phase !== "player" || !extra(dealt)) continue;
    const stood = standAllAndFinish(rules, new CardSource(seeds), JSON.parse(JSON.stringify(dealt)) as BlackjackState);
    if (stood.hands[0]!.result === result && stood.dealer.length > 2)
      [clientSeed, expected] = [seeds.clientSeed, stood];
  }
  if (!expected) throw new Error(`no ${result} deal found`);
  const seat = await player(BLACKJACK, cash);
  const opened = await call("POST", "/house/api/sessions", undefined, {
    game_code: BLACKJACK,
    mode: "real",
    token: seat.token,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  const session = opened.body.payload as { session_key: string; session_id: string };
  await database.query("UPDATE house.sessions SET server_seed = $2, client_seed = $3, nonce = 0 WHERE id = $1", [
    session.session_id,
    SERVER_SEED,
    clientSeed,
  ]);
  return { seat, key: session.session_key, sessionId: session.session_id, expected, rules };
}

async function dealHand(key: string) {
  const dealt = await call("POST", "/house/api/rounds", key, { stake: "2.00", params: { hands: 1 } });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(201);
  const round = dealt.body.payload as unknown as Round;
  expect(round.status).toBe("in_progress");
  expect(round.outcome.dealer.hole_hidden).toBe(true);
  return round;
}

/** The player walks away: the round is left untouched for longer than the configured time. */
async function abandon(roundId: string, minutes = ABANDON_MINUTES + 1) {
  await database.query("UPDATE house.rounds SET updated_at = now() - make_interval(mins => $2) WHERE id = $1", [
    roundId,
    minutes,
  ]);
}

async function balance(walletGuid: string) {
  return Number((await walletState(database, walletGuid)).balance);
}

describe("an interrupted blackjack hand stands, the dealer plays out and the round settles (no refund)", () => {
  it("a losing hand left unfinished loses its stake: the dealer's cards are played out and the player is not refunded", async () => {
    const { seat, key, expected } = await knownDeal("lose", "50");
    const round = await dealHand(key);
    expect(await balance(seat.walletGuid)).toBe(48);
    await abandon(round.round_id);
    expect(await api.recover()).toBeGreaterThanOrEqual(1);

    const after = (await call("GET", `/house/api/rounds/${round.round_id}`, key)).body.payload as unknown as Round;
    expect(after.status).toBe("settled");
    expect(after.win).toBe("0");
    expect(after.outcome.dealer.hole_hidden).toBe(false);
    expect(after.outcome.dealer.cards).toEqual(expected.dealer);
    expect(after.outcome.hands[0]!.cards).toEqual(round.outcome.hands[0]!.cards);
    expect(after.outcome.hands[0]!.result).toBe("lose");
    expect(after.outcome.actions).toEqual(["stand"]);
    // Before − stake + the by-the-rules win (0): the old code refunded the 2.00.
    expect(await balance(seat.walletGuid)).toBe(48);
    const [book] = await database.query<{ wallet: { bets: { status: string }[]; rolledBack?: boolean } }>(
      "SELECT wallet FROM house.rounds WHERE id = $1",
      [round.round_id],
    );
    expect(book!.wallet.rolledBack).toBeUndefined();
  });

  it("a winning hand left unfinished is paid what standing wins, and the verify call reproduces the played-out round", async () => {
    const { seat, key, expected } = await knownDeal("win", "50");
    const round = await dealHand(key);
    await abandon(round.round_id);
    await api.recover();
    const after = (await call("GET", `/house/api/rounds/${round.round_id}`, key)).body.payload as unknown as Round;
    expect(after.status).toBe("settled");
    expect(after.win).toBe("4");
    expect(after.outcome.dealer.cards).toEqual(expected.dealer);
    expect(await balance(seat.walletGuid)).toBe(50 - 2 + 4);

    // The verify page: rotate to reveal the seed, then replay with the recorded actions.
    const rotated = (await call("POST", "/house/api/fairness/rotate", key, {})).body.payload as {
      previous: { server_seed: string };
    };
    const shown = (await call("GET", `/house/api/verify/rounds/${round.round_id}`)).body.payload as {
      client_seed: string;
      nonce: number;
      params: Record<string, unknown>;
      actions: string[];
    };
    expect(shown.actions).toEqual(["stand"]);
    const verified = await call("POST", "/house/api/verify", undefined, {
      game_code: BLACKJACK,
      server_seed: rotated.previous.server_seed,
      client_seed: shown.client_seed,
      nonce: shown.nonce,
      params: shown.params,
      actions: shown.actions,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((verified.body.payload.outcome as { dealer: { cards: string[] } }).dealer.cards).toEqual(expected.dealer);
  });

  it("a player who comes back before the configured time finds the hand still waiting, with the hole card hidden", async () => {
    const { key } = await knownDeal("lose", "20");
    const round = await dealHand(key);
    await abandon(round.round_id, ABANDON_MINUTES - 5);
    await api.recover();
    const session = (await call("GET", "/house/api/session", key)).body.payload as { pending_round: Round | null };
    expect(session.pending_round?.round_id).toBe(round.round_id);
    expect(session.pending_round?.status).toBe("in_progress");
    expect(session.pending_round?.outcome.dealer.cards).toHaveLength(1);
    expect(session.pending_round?.outcome.allowed_actions).toContain("hit");
    // Still the player's to play: standing now settles it like any other round.
    const stood = await call("POST", `/house/api/rounds/${round.round_id}/actions`, key, { action: "stand" });
    expect(stood.status).toBe(200);
    expect((stood.body.payload as unknown as Round).status).toBe("settled");
  });

  it("a double whose debit answer was lost is rolled back (the hand did not double), then the hand stands and settles", async () => {
    const { seat, key, rules } = await knownDeal("lose", "50", (state) =>
      allowedActions({ doubleOn: null, surrender: false, maxHands: 1 }, state).includes("double"),
    );
    expect(rules.doubleOn).toBeNull();
    const round = await dealHand(key);
    // The double's debit lands on the platform, but its answer is lost: the provider cannot know.
    breakWire = (method, tx) => (method === "bet" && tx === `${round.round_id}:bet:1` ? "fail-after" : "pass");
    const doubled = await call("POST", `/house/api/rounds/${round.round_id}/actions`, key, { action: "double" });
    breakWire = () => "pass";
    expect(doubled.status).toBe(502);
    expect(await balance(seat.walletGuid)).toBe(46);

    await abandon(round.round_id);
    await api.recover();
    const after = (await call("GET", `/house/api/rounds/${round.round_id}`, key)).body.payload as unknown as Round;
    expect(after.status).toBe("settled");
    expect(after.outcome.hands[0]!.doubled).toBe(false);
    expect(after.outcome.hands[0]!.cards).toHaveLength(2);
    expect(after.stake).toBe("2");
    // The lost double's 2.00 came back; the hand's own 2.00 was lost by the rules.
    expect(await balance(seat.walletGuid)).toBe(48);
    const [book] = await database.query<{ wallet: { bets: { status: string }[] } }>(
      "SELECT wallet FROM house.rounds WHERE id = $1",
      [round.round_id],
    );
    expect(book!.wallet.bets.map((bet) => bet.status)).toEqual(["ok", "rolled_back"]);
  });

  it("a hand already finished when the connection dropped is paid at once, without waiting for the abandon time", async () => {
    const { seat, key } = await knownDeal("win", "20");
    const round = await dealHand(key);
    // The win's answer is lost on the stand: the state is done but the round is not settled.
    breakWire = (method) => (method === "win" ? "fail-after" : "pass");
    await call("POST", `/house/api/rounds/${round.round_id}/actions`, key, { action: "stand" });
    breakWire = () => "pass";
    await database.query("UPDATE house.rounds SET status = 'in_progress' WHERE id = $1", [round.round_id]);
    await api.recover();
    const after = (await call("GET", `/house/api/rounds/${round.round_id}`, key)).body.payload as unknown as Round;
    expect(after.status).toBe("settled");
    expect(await balance(seat.walletGuid)).toBe(20 - 2 + 4);
  });

  it("walking away gains nothing across sessions: every abandoned hand settles by standing, never refunded", async () => {
    const outcomes: { walletGuid: string; expectedWin: number }[] = [];
    for (const result of ["lose", "win", "lose"] as const) {
      const { seat, key, expected } = await knownDeal(result, "10");
      const round = await dealHand(key);
      await abandon(round.round_id);
      outcomes.push({ walletGuid: seat.walletGuid, expectedWin: expected.hands[0]!.returns! * 2 });
    }
    await api.recover();
    for (const { walletGuid, expectedWin } of outcomes) expect(await balance(walletGuid)).toBe(10 - 2 + expectedWin);
    const [refunded] = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM house.rounds WHERE game_code = $1 AND status = 'refunded'",
      [BLACKJACK],
    );
    expect(refunded!.n).toBe(0);
  });

  it("demo play follows the same rule", async () => {
    const opened = await call("POST", "/house/api/sessions", undefined, { game_code: BLACKJACK, mode: "demo" });
    const session = opened.body.payload as { session_key: string; session_id: string };
    const rules = (findGame(BLACKJACK) as Extract<ReturnType<typeof findGame>, { rules: unknown }>).rules;
    let clientSeed = "";
    for (let i = 0; i < 5_000 && !clientSeed; i += 1) {
      const seeds = { serverSeed: SERVER_SEED, clientSeed: `demo-${i}`, nonce: 0 };
      const dealt = deal(new CardSource(seeds), 1);
      if (
        dealt.phase === "player" &&
        standAllAndFinish(rules, new CardSource(seeds), dealt).hands[0]!.result === "lose"
      )
        clientSeed = seeds.clientSeed;
    }
    await database.query("UPDATE house.sessions SET server_seed = $2, client_seed = $3, nonce = 0 WHERE id = $1", [
      session.session_id,
      SERVER_SEED,
      clientSeed,
    ]);
    const round = await dealHand(session.session_key);
    await abandon(round.round_id);
    await api.recover();
    const after = (await call("GET", `/house/api/rounds/${round.round_id}`, session.session_key)).body
      .payload as unknown as Round;
    expect(after.status).toBe("settled");
    expect(
      ((await call("GET", "/house/api/balance", session.session_key)).body.payload as { balance: string }).balance,
    ).toBe("998.00");
  });

  it("the game's rules (the help panel) state the interruption rule with the configured time", async () => {
    const definition = await call("GET", `/house/api/games/${BLACKJACK}`);
    const rules = definition.body.payload.rules as string[];
    expect(rules.join("\n")).toMatch(
      /interrupted.*60 minutes.*stands.*dealer completes.*Only a bet that was never dealt is refunded/s,
    );
  });
});

describe("live tables: a placed bet settles with its round whether or not the player stays", () => {
  it("a player who leaves the seat (or closes the tab) after betting is settled with the round like everyone else", async () => {
    const game = findGame(LIVE_ROULETTE)!;
    const seatA = await player(LIVE_ROULETTE, "30");
    const seatB = await player(LIVE_ROULETTE, "30");
    const a = (
      await call("POST", "/house/api/sessions", undefined, {
        game_code: LIVE_ROULETTE,
        mode: "real",
        token: seatA.token,
      })
    ).body.payload as { session_key: string };
    const b = (
      await call("POST", "/house/api/sessions", undefined, {
        game_code: LIVE_ROULETTE,
        mode: "real",
        token: seatB.token,
      })
    ).body.payload as { session_key: string };
    await api.live.advance(game);
    await call("POST", `/house/api/live/${LIVE_ROULETTE}/seat`, a.session_key);
    const table = (await call("POST", `/house/api/live/${LIVE_ROULETTE}/seat`, b.session_key)).body.payload as {
      round_id: string;
    };
    for (const key of [a.session_key, b.session_key]) {
      const bet = await call("POST", `/house/api/live/${LIVE_ROULETTE}/bets`, key, {
        round_id: table.round_id,
        bets: [{ type: "red", amount: "10.00" }],
      });
      expect(bet.status, JSON.stringify(bet.body)).toBe(201);
    }
    // A leaves the table; B's seat simply expires (tab closed: no pings).
    expect((await call("DELETE", `/house/api/live/${LIVE_ROULETTE}/seat`, a.session_key)).status).toBe(200);
    await database.query("UPDATE house.live_seats SET last_seen = now() - interval '1 hour' WHERE game_code = $1", [
      LIVE_ROULETTE,
    ]);
    await database.query("UPDATE house.live_rounds SET betting_closes_at = now() - interval '1 second' WHERE id = $1", [
      table.round_id,
    ]);
    await api.live.tick();
    await database.query("UPDATE house.live_rounds SET phase_ends_at = now() - interval '1 second' WHERE id = $1", [
      table.round_id,
    ]);
    await api.live.tick();
    await api.live.tick();
    const bets = await database.query<{ status: string; win: string }>(
      "SELECT status, win::text AS win FROM house.live_bets WHERE live_round_id = $1",
      [table.round_id],
    );
    expect(bets.map((bet) => bet.status)).toEqual(["settled", "settled"]);
    // Same bet, same round, same result: both paid alike (20.00 after the stake, plus 20.00 if red came up).
    expect(bets[0]!.win).toBe(bets[1]!.win);
    for (const seat of [seatA, seatB]) expect(await balance(seat.walletGuid)).toBe(20 + Number(bets[0]!.win));
  });

  it("a bet whose debit answer was lost is resolved even after its round has ended (rolled back, never left taken)", async () => {
    const game = findGame(LIVE_ROULETTE)!;
    const seat = await player(LIVE_ROULETTE, "30");
    const session = (
      await call("POST", "/house/api/sessions", undefined, {
        game_code: LIVE_ROULETTE,
        mode: "real",
        token: seat.token,
      })
    ).body.payload as { session_key: string };
    // Let the previous test's round end so a betting window is open.
    await database.query(
      "UPDATE house.live_rounds SET phase_ends_at = now() - interval '1 second' WHERE game_code = $1 AND phase = 'result'",
      [LIVE_ROULETTE],
    );
    await api.live.advance(game);
    const table = (await call("POST", `/house/api/live/${LIVE_ROULETTE}/seat`, session.session_key)).body.payload as {
      round_id: string;
      phase: string;
    };
    expect(table.phase).toBe("betting");
    breakWire = (method) => (method === "bet" ? "fail-after" : "pass");
    const bet = await call("POST", `/house/api/live/${LIVE_ROULETTE}/bets`, session.session_key, {
      round_id: table.round_id,
      bets: [{ type: "red", amount: "10.00" }],
    });
    breakWire = () => "pass";
    expect(bet.status).toBe(502);
    expect(await balance(seat.walletGuid)).toBe(20);
    // The round runs to its end and the next one opens before the 30 s an unanswered debit is given.
    await database.query("UPDATE house.live_rounds SET betting_closes_at = now() - interval '1 second' WHERE id = $1", [
      table.round_id,
    ]);
    await api.live.tick();
    await database.query("UPDATE house.live_rounds SET phase_ends_at = now() - interval '1 second' WHERE id = $1", [
      table.round_id,
    ]);
    await api.live.tick();
    await database.query("UPDATE house.live_rounds SET phase_ends_at = now() - interval '1 second' WHERE id = $1", [
      table.round_id,
    ]);
    await api.live.tick();
    const [next] = await database.query<{ n: number }>(
      "SELECT max(round_number)::int AS n FROM house.live_rounds WHERE game_code = $1",
      [LIVE_ROULETTE],
    );
    const [ended] = await database.query<{ round_number: number }>(
      "SELECT round_number FROM house.live_rounds WHERE id = $1",
      [table.round_id],
    );
    expect(next!.n).toBeGreaterThan(ended!.round_number);
    // Later, its 30 s are up: the clock resolves it although its round is over.
    await database.query(
      "UPDATE house.live_bets SET created_at = now() - interval '1 minute' WHERE live_round_id = $1",
      [table.round_id],
    );
    await api.live.tick();
    const [row] = await database.query<{ status: string }>(
      "SELECT status FROM house.live_bets WHERE live_round_id = $1",
      [table.round_id],
    );
    expect(row!.status).toBe("refunded");
    expect(await balance(seat.walletGuid)).toBe(30);
  });
});
