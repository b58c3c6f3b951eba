import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
// Tests may use the platform: the provider itself never imports it.
import { buildApp, type App } from "../../server/src/app.ts";
import { loadEnv } from "../../server/src/env.ts";
import { issueGameSession } from "../../server/src/modules/game-sessions/issue-game-session.ts";
import { createPlayer, deposit, openWallet, walletState, HOUSE_SECRET } from "../../server/test/wallet/wallet-helpers.ts";
import { houseGamesPlugin, type HouseGamesApi, type HouseGamesOptions } from "./plugin.ts";
import { launchingClient } from "./testing/signed-launch.ts";
import type { FetchLike } from "./wallet/wallet-client.ts";

let database: TestDatabase;
let app: App;
let api: HouseGamesApi;
/** Lets a test break the wire to the platform for chosen wallet methods. */
let breakWire: (method: string, attempt: number) => "pass" | "fail-before" | "fail-after" = () => "pass";
const attempts = new Map<string, number>();
/** Every wallet call the provider made (method and body), for tests that check what was sent. */
const walletCalls: { method: string; body: Record<string, unknown> }[] = [];
/** The platform player behind each game session token (the launch signs a reference to it). */
const playerOfToken = new Map<string, string>();
const client = launchingClient(HOUSE_SECRET, { playerOf: (token) => playerOfToken.get(token) });

const injectFetch = (target: () => App): FetchLike => async (url, init) => {
  const method = url.split("/").pop()!;
  walletCalls.push({ method, body: JSON.parse(init.body) as Record<string, unknown> });
  const tx = (JSON.parse(init.body) as { transaction_uuid?: string }).transaction_uuid ?? method;
  const attempt = (attempts.get(tx) ?? 0) + 1;
  attempts.set(tx, attempt);
  const mode = breakWire(method, attempt);
  if (mode === "fail-before") throw new Error("connection refused");
  const res = await target().inject({ method: "POST", url: new URL(url).pathname, headers: init.headers, payload: init.body });
  if (mode === "fail-after") throw new Error("connection reset after the request was processed");
  return { status: res.statusCode, text: async () => res.body };
};

async function mountProvider(target: App, overrides: Partial<HouseGamesOptions> = {}) {
  await target.register(houseGamesPlugin, {
    prefix: "/house",
    database,
    platformUrl: "http://platform.test",
    secret: HOUSE_SECRET,
    fetch: injectFetch(() => app),
    config: { liveTables: false },
    recoveryIntervalMs: 0,
    expose: (exposed) => (api = exposed),
    ...overrides,
  });
}

beforeAll(async () => {
  database = await createTestDatabase({ demo: true });
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" });
  app = await buildApp({ env, database, logger: false });
  await mountProvider(app);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function player(gameCode: string, cash: string) {
  const playerGuid = await createPlayer(database);
  const wallet = await openWallet(database, playerGuid, "USD");
  if (cash !== "0") await deposit(database, wallet.guid, cash);
  const [game] = await database.query<{ guid: string }>("SELECT guid FROM games WHERE external_guid = $1", [gameCode]);
  const session = await issueGameSession(database.db, { playerGuid, walletGuid: wallet.guid, providerCode: "house", gameCode, gameGuid: game!.guid });
  playerOfToken.set(session.token, playerGuid);
  return { token: session.token, walletGuid: wallet.guid, playerGuid };
}

/** A further game session token of the same player (another tab, another game). */
async function anotherToken(playerGuid: string, walletGuid: string, gameCode: string) {
  const [game] = await database.query<{ guid: string }>("SELECT guid FROM games WHERE external_guid = $1", [gameCode]);
  const session = await issueGameSession(database.db, { playerGuid, walletGuid, providerCode: "house", gameCode, gameGuid: game!.guid });
  playerOfToken.set(session.token, playerGuid);
  return session.token;
}

/** Calls the provider as the game client does: session key, the platform token of a real session, signed launches. */
async function call(method: string, url: string, key?: string, payload?: unknown, target: { inject: App["inject"] } = app) {
  const opening = method === "POST" && url === "/house/api/sessions" && payload !== null && typeof payload === "object";
  const body = opening ? client.sessionBody(payload as Record<string, unknown>) : payload;
  const res = await target.inject({ method: method as "GET", url, headers: client.headers(key), ...(body === undefined ? {} : { payload: body as object }) });
  const answer = { status: res.statusCode, body: res.json() as { status: string; payload: Record<string, unknown> & { code?: string } } };
  if (opening) client.opened(payload, answer.body);
  return answer;
}

async function open(gameCode: string, token?: string) {
  const res = await call("POST", "/house/api/sessions", undefined, token ? { game_code: gameCode, mode: "real", token } : { game_code: gameCode, mode: "demo" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.payload as { session_key: string; balance: string; fairness: { server_seed_hash: string; client_seed: string; nonce: number } };
}

const SLOT = "house:slot-pharaoh-gold";

describe("house provider over the real platform wallet", () => {
  it("serves the game page with the boot object and every game definition with its RTP", async () => {
    const page = await app.inject({ method: "GET", url: `/house/play/${encodeURIComponent(SLOT)}?mode=demo&lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('"game_code":"house:slot-pharaoh-gold"');
    const list = await call("GET", "/house/api/games");
    expect((list.body.payload as unknown as unknown[]).length).toBe(64);
    const definition = await call("GET", `/house/api/games/${SLOT}`);
    expect(Number(definition.body.payload.rtp)).toBeGreaterThan(92);
    expect((definition.body.payload.slot as { reel_strips: string[][] }).reel_strips).toHaveLength(5);
  });

  it("declares request and response schemas: bad input is a 400 in the error envelope, and the routes are in the API docs", async () => {
    const bad = await call("POST", "/house/api/sessions", undefined, { game_code: SLOT, mode: "sometimes" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: "error", payload: { code: "VALIDATION_ERROR" } });
    const badQuery = await call("GET", "/house/api/rounds?limit=5000", "some-key");
    expect(badQuery.status).toBe(400);
    const docs = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(docs.statusCode).toBe(200);
    const paths = (docs.json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }).paths;
    expect(Object.keys(paths["/house/api/verify/rounds/{round_id}"]!.get!.responses)).toEqual(expect.arrayContaining(["200", "4XX"]));
    expect(paths["/house/api/rounds"]!.post!.responses["201"]).toBeDefined();
    // The serializer encodes through the schemas: nothing of a definition is lost on the way out.
    const { gameDefinition } = await import("./service/game-definition.ts");
    const { houseGames } = await import("./games/game-catalog.ts");
    for (const game of houseGames().values()) {
      const answer = await call("GET", `/house/api/games/${encodeURIComponent(game.code)}`);
      expect(answer.body.payload, game.code).toEqual(JSON.parse(JSON.stringify(gameDefinition(game, api.ctx.config))));
    }
  });

  it("demo: spins with play money, no wallet calls, and history + verify reproduce the round after rotation", async () => {
    const session = await open(SLOT);
    expect(session.balance).toBe("1000.00");
    const spin = await call("POST", "/house/api/rounds", session.session_key, { stake: "1.00" });
    expect(spin.status).toBe(201);
    const round = spin.body.payload as { round_id: string; win: string; balance_after: string; outcome: { stops: number[]; win: string }; fairness: { nonce: number; client_seed: string; server_seed_hash: string } };
    expect(Number(round.balance_after)).toBeCloseTo(1000 - 1 + Number(round.win), 6);
    const history = await call("GET", "/house/api/rounds?limit=10", session.session_key);
    expect((history.body.payload as unknown as { round_id: string }[])[0]!.round_id).toBe(round.round_id);
    const rotated = await call("POST", "/house/api/fairness/rotate", session.session_key, {});
    const previous = (rotated.body.payload as { previous: { server_seed: string; server_seed_hash: string } }).previous;
    expect(previous.server_seed_hash).toBe(session.fairness.server_seed_hash);
    const after = await call("GET", `/house/api/rounds/${round.round_id}`, session.session_key);
    expect((after.body.payload.fairness as { server_seed: string }).server_seed).toBe(previous.server_seed);
    const verified = await call("POST", "/house/api/verify", undefined, { game_code: SLOT, server_seed: previous.server_seed, client_seed: round.fairness.client_seed, nonce: round.fairness.nonce });
    expect((verified.body.payload.outcome as { stops: number[] }).stops).toEqual(round.outcome.stops);
    expect(verified.body.payload.server_seed_hash).toBe(round.fairness.server_seed_hash);
  });

  it("a round is public by its id: seeds, params and stored outcome; the server seed only after rotation, then verify reproduces it", async () => {
    const code = "house:blackjack-classic-blackjack";
    const seat = await player(code, "40");
    const session = await open(code, seat.token);
    let round = (await call("POST", "/house/api/rounds", session.session_key, { stake: "2.00", params: { hands: 1 } })).body.payload as { round_id: string; status: string; outcome: { allowed_actions: string[]; hands: { cards: string[] }[]; dealer: { cards: string[] } } };
    while (round.status === "in_progress") {
      const action = round.outcome.allowed_actions.includes("no_insurance") ? "no_insurance" : round.outcome.allowed_actions.includes("hit") && round.outcome.hands.every((hand) => hand.cards.length < 3) ? "hit" : "stand";
      round = (await call("POST", `/house/api/rounds/${round.round_id}/actions`, session.session_key, { action })).body.payload as typeof round;
    }
    type Public = { game_code: string; kind: string; revealed: boolean; server_seed: string | null; server_seed_hash: string; client_seed: string; nonce: number; params: { hands: number; stake: string }; actions: string[]; outcome: { dealer: { cards: string[] }; hands: { cards: string[] }[] } };
    const hidden = await call("GET", `/house/api/verify/rounds/${round.round_id}`);
    expect(hidden.status).toBe(200);
    const before = hidden.body.payload as unknown as Public;
    expect(before).toMatchObject({ game_code: code, kind: "blackjack", revealed: false, server_seed: null, server_seed_hash: session.fairness.server_seed_hash, client_seed: session.fairness.client_seed, nonce: 0 });
    expect(before.params).toMatchObject({ hands: 1, stake: "2.00" });
    expect(before.outcome.hands[0]!.cards).toEqual(round.outcome.hands[0]!.cards);
    // Nothing that names the player or the session, and no key or token.
    expect(Object.keys(before).sort()).toEqual(["actions", "client_seed", "created_at", "game_code", "kind", "live_round_number", "nonce", "outcome", "params", "revealed", "round_id", "server_seed", "server_seed_hash", "settled_at", "status"]);
    expect(JSON.stringify(before)).not.toContain(seat.token);

    const rotated = (await call("POST", "/house/api/fairness/rotate", session.session_key, {})).body.payload as { previous: { server_seed: string } };
    const after = (await call("GET", `/house/api/verify/rounds/${round.round_id}`)).body.payload as unknown as Public;
    expect(after.revealed).toBe(true);
    expect(after.server_seed).toBe(rotated.previous.server_seed);
    const verified = await call("POST", "/house/api/verify", undefined, { game_code: code, server_seed: after.server_seed, client_seed: after.client_seed, nonce: after.nonce, params: after.params, actions: after.actions });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const outcome = verified.body.payload.outcome as Public["outcome"];
    expect(outcome.dealer.cards).toEqual(after.outcome.dealer.cards);
    expect(outcome.hands.map((hand) => hand.cards)).toEqual(after.outcome.hands.map((hand) => hand.cards));

    expect((await call("GET", "/house/api/verify/rounds/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call("GET", "/house/api/verify/rounds/not-a-round")).body.payload.code).toBe("NOT_FOUND");
  });

  it("real: a spin debits the stake and credits the win through the wallet protocol", async () => {
    const seat = await player(SLOT, "50");
    const session = await open(SLOT, seat.token);
    expect(session.balance).toBe("50.00");
    let total = 50;
    for (let i = 0; i < 5; i += 1) {
      const spin = await call("POST", "/house/api/rounds", session.session_key, { stake: "2.00", client_request_id: `spin-${i}` });
      expect(spin.status, JSON.stringify(spin.body)).toBe(201);
      expect(spin.body.payload.status).toBe("settled");
      total += Number(spin.body.payload.win) - 2;
    }
    expect(Number((await walletState(database, seat.walletGuid)).balance)).toBeCloseTo(total, 2);
    // The same client_request_id is the same round, not a new bet.
    const repeat = await call("POST", "/house/api/rounds", session.session_key, { stake: "2.00", client_request_id: "spin-0" });
    expect(repeat.status).toBe(201);
    expect(Number((await walletState(database, seat.walletGuid)).balance)).toBeCloseTo(total, 2);
    // One platform game transaction per wallet call: 5 bets and 5 wins (the repeat moved nothing).
    const [transactions] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM game_transactions WHERE wallet_guid = $1", [seat.walletGuid]);
    expect(transactions!.n).toBe(10);
  });

  it("free spins granted on the platform: the session shows them, a free spin plays at the granted bet and the count follows the wallet (issue #17)", async () => {
    const seat = await player(SLOT, "5");
    // What the bonus engine writes on a free-spin grant (the wallet columns of ADR 004).
    await database.query("UPDATE wallets SET free_spin_count = 2, free_spin_total = 2, free_spin_bet = 0.20 WHERE guid = $1", [seat.walletGuid]);
    const opened = (await open(SLOT, seat.token)) as unknown as { session_key: string; free_spins: unknown };
    expect(opened.free_spins).toEqual({ available: true, count: 2, bet: "0.20" });
    // Whatever stake the client sends, a free spin is played at the granted bet and takes no cash.
    const spin = await call("POST", "/house/api/rounds", opened.session_key, { stake: "5.00", is_free_spin: true, client_request_id: "free-1" });
    expect(spin.status, JSON.stringify(spin.body)).toBe(201);
    expect(spin.body.payload).toMatchObject({ is_free_spin: true, stake: "0.2", free_spins: { available: true, count: 1, bet: "0.20" } });
    const wallet = await walletState(database, seat.walletGuid);
    expect(Number(wallet.balance)).toBe(5);
    const [row] = await database.query<{ free_spin_count: number }>("SELECT free_spin_count FROM wallets WHERE guid = $1", [seat.walletGuid]);
    expect(row!.free_spin_count).toBe(1);
    const balance = await call("GET", "/house/api/balance", opened.session_key);
    expect(balance.body.payload.free_spins).toEqual({ available: true, count: 1, bet: "0.20" });
    // The last one: none left afterwards, and a further free spin is refused before anything is stored.
    const last = await call("POST", "/house/api/rounds", opened.session_key, { stake: "0.20", is_free_spin: true, client_request_id: "free-2" });
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    expect(last.body.payload.free_spins).toEqual({ available: false, count: 0, bet: null });
    const none = await call("POST", "/house/api/rounds", opened.session_key, { stake: "0.20", is_free_spin: true, client_request_id: "free-3" });
    expect(none.status).toBe(409);
    expect(none.body.payload.code).toBe("NO_FREE_SPINS");
    const session = await call("GET", "/house/api/session", opened.session_key);
    expect(session.body.payload.free_spins).toEqual({ available: false, count: 0, bet: null });
  });

  it("a game without free spins and a demo session offer none, whatever the wallet holds", async () => {
    const seat = await player("house:roulette-european-roulette", "5");
    await database.query("UPDATE wallets SET free_spin_count = 3, free_spin_total = 3, free_spin_bet = 0.20 WHERE guid = $1", [seat.walletGuid]);
    const roulette = (await open("house:roulette-european-roulette", seat.token)) as unknown as { free_spins: unknown };
    expect(roulette.free_spins).toEqual({ available: false, count: 0, bet: null });
    const demo = (await open(SLOT)) as unknown as { session_key: string; free_spins: unknown };
    expect(demo.free_spins).toEqual({ available: false, count: 0, bet: null });
    const refused = await call("POST", "/house/api/rounds", demo.session_key, { stake: "0.20", is_free_spin: true });
    expect(refused.status).toBe(400);
  });

  it("refuses a stake the wallet cannot cover, and nothing moves", async () => {
    const seat = await player("house:roulette-european-roulette", "3");
    const session = await open("house:roulette-european-roulette", seat.token);
    const refused = await call("POST", "/house/api/rounds", session.session_key, { params: { bets: [{ type: "red", amount: "5.00" }] } });
    expect(refused.status).toBe(422);
    expect(refused.body.payload.code).toBe("NOT_ENOUGH_MONEY");
    expect((await walletState(database, seat.walletGuid)).balance).toBe("3.00");
    const illegal = await call("POST", "/house/api/rounds", session.session_key, { params: { bets: [{ type: "split", numbers: [1, 5], amount: "1.00" }] } });
    expect(illegal.body.payload.code).toBe("INVALID_BET");
  });

  it("rolls the stake back when the bet's answer is lost, so the player ends where they started", async () => {
    const seat = await player("house:dice-hi-lo-dice", "20");
    const session = await open("house:dice-hi-lo-dice", seat.token);
    // The bet lands on the platform but every answer is lost: the provider cannot know, so it rolls back.
    breakWire = (method) => (method === "bet" ? "fail-after" : "pass");
    const res = await call("POST", "/house/api/rounds", session.session_key, { stake: "5.00", params: { target: "49.50", direction: "under" } });
    breakWire = () => "pass";
    expect(res.status).toBe(502);
    expect(res.body.payload.code).toBe("WALLET_UNAVAILABLE");
    expect((await walletState(database, seat.walletGuid)).balance).toBe("20.00");
    const rows = await database.query<{ status: string }>("SELECT r.status FROM house.rounds r JOIN house.sessions s ON s.id = r.session_id WHERE s.token_hash IS NOT NULL AND r.game_code = $1", ["house:dice-hi-lo-dice"]);
    expect(rows.map((row) => row.status)).toEqual(["refunded"]);
  });

  it("an interrupted round resumes after a restart with the stored outcome and pays it", async () => {
    const seat = await player("house:dice-lucky-dice-100", "20");
    const session = await open("house:dice-lucky-dice-100", seat.token);
    breakWire = (method) => (method === "win" ? "fail-before" : "pass");
    const res = await call("POST", "/house/api/rounds", session.session_key, { stake: "4.00", params: { target: "50", direction: "under" } });
    breakWire = () => "pass";
    expect(res.status).toBe(201);
    const round = res.body.payload as { round_id: string; status: string; win: string; outcome: { roll: string } };
    expect(round.status).toBe("bet_placed");
    expect((await walletState(database, seat.walletGuid)).balance).toBe("16.00");

    // "Restart": a second provider instance on the same database finishes it.
    const second = Fastify({ logger: false });
    let restarted: HouseGamesApi | undefined;
    await mountProvider(second as unknown as App, { expose: (exposed) => (restarted = exposed) });
    await second.ready();
    expect(await restarted!.recover()).toBe(1);
    await second.close();
    const after = await call("GET", `/house/api/rounds/${round.round_id}`, session.session_key);
    expect(after.body.payload.status).toBe("settled");
    expect((after.body.payload.outcome as { roll: string }).roll).toBe(round.outcome.roll);
    expect(Number((await walletState(database, seat.walletGuid)).balance)).toBeCloseTo(16 + Number(round.win), 2);
  });

  it("blackjack: deal, decisions and payout; a reload returns the pending round with the same cards", async () => {
    const code = "house:blackjack-classic-blackjack";
    const seat = await player(code, "100");
    // Reopening with the same token resumes the same provider session under a new key (the old tab's key stops working).
    let session = await open(code, seat.token);
    for (let hand = 0; hand < 6; hand += 1) {
      const dealt = await call("POST", "/house/api/rounds", session.session_key, { stake: "2.00", params: { hands: 1 } });
      expect(dealt.status, JSON.stringify(dealt.body)).toBe(201);
      let round = dealt.body.payload as { round_id: string; status: string; outcome: { allowed_actions: string[]; hands: { cards: string[] }[] } };
      if (round.status === "in_progress") {
        const stale = session.session_key;
        const again = await open(code, seat.token);
        session = again;
        expect((await call("GET", "/house/api/session", stale)).status).toBe(401);
        const reloaded = await call("GET", "/house/api/session", again.session_key);
        expect((reloaded.body.payload.pending_round as { outcome: { hands: { cards: string[] }[] } }).outcome.hands[0]!.cards).toEqual(round.outcome.hands[0]!.cards);
        while (round.status === "in_progress") {
          const action = round.outcome.allowed_actions.includes("no_insurance") ? "no_insurance" : "stand";
          const next = await call("POST", `/house/api/rounds/${round.round_id}/actions`, again.session_key, { action });
          expect(next.status, JSON.stringify(next.body)).toBe(200);
          round = next.body.payload as typeof round;
        }
      }
      expect(round.status).toBe("settled");
    }
    const history = await call("GET", "/house/api/rounds", session.session_key);
    const rounds = history.body.payload as unknown as { stake: string; win: string }[];
    const net = rounds.reduce((sum, r) => sum + Number(r.win) - Number(r.stake), 0);
    expect(Number((await walletState(database, seat.walletGuid)).balance)).toBeCloseTo(100 + net, 2);
  });

  it("live table: seats, a bet in the window, refusal after it closes, the result settles through the wallet", async () => {
    const code = "house:live-roulette-salon-roulette";
    const seatA = await player(code, "30");
    const seatB = await player(code, "30");
    const a = await open(code, seatA.token);
    const b = await open(code, seatB.token);
    await api.live.advance((await import("./games/game-catalog.ts")).findGame(code)!);
    expect((await call("POST", `/house/api/live/${code}/seat`, a.session_key)).status).toBe(200);
    const seated = await call("POST", `/house/api/live/${code}/seat`, b.session_key);
    expect((seated.body.payload.seats as { taken: number }).taken).toBe(2);
    const table = seated.body.payload as { round_id: string; phase: string };
    expect(table.phase).toBe("betting");
    const bet = await call("POST", `/house/api/live/${code}/bets`, a.session_key, { round_id: table.round_id, bets: [{ type: "red", amount: "10.00" }] });
    expect(bet.status, JSON.stringify(bet.body)).toBe(201);
    expect((await walletState(database, seatA.walletGuid)).balance).toBe("20.00");
    // The wallet knows the bet by its own id: public, with the live round's seed hidden until the result.
    const betId = (bet.body.payload as { bet_id: string }).bet_id;
    const pending = (await call("GET", `/house/api/verify/rounds/${betId}`)).body.payload as { revealed: boolean; server_seed: string | null; nonce: number; client_seed: string };
    expect(pending).toMatchObject({ revealed: false, server_seed: null, client_seed: `live:${code}` });
    // Close the window (as the clock would) and advance.
    await database.query("UPDATE house.live_rounds SET betting_closes_at = now() - interval '1 second' WHERE id = $1", [table.round_id]);
    const game = (await import("./games/game-catalog.ts")).findGame(code)!;
    await api.live.advance(game);
    const late = await call("POST", `/house/api/live/${code}/bets`, b.session_key, { round_id: table.round_id, bets: [{ type: "black", amount: "10.00" }] });
    expect(late.status).toBe(409);
    expect(late.body.payload.code).toBe("BETTING_CLOSED");
    await database.query("UPDATE house.live_rounds SET phase_ends_at = now() - interval '1 second' WHERE id = $1", [table.round_id]);
    await api.live.advance(game);
    await api.live.advance(game);
    const mine = await call("GET", `/house/api/live/${code}/my-bets?round_id=${table.round_id}`, a.session_key);
    const settled = (mine.body.payload as unknown as { status: string; win: string }[])[0]!;
    expect(settled.status).toBe("settled");
    expect((await walletState(database, seatA.walletGuid)).balance).toBe((20 + Number(settled.win)).toFixed(2));
    expect((await walletState(database, seatB.walletGuid)).balance).toBe("30.00");
    const shown = (await call("GET", `/house/api/verify/rounds/${betId}`)).body.payload as { revealed: boolean; server_seed: string; nonce: number; client_seed: string; params: unknown; live_round_number: number; outcome: { pockets: string[] } };
    expect(shown.revealed).toBe(true);
    expect(shown.live_round_number).toBe(shown.nonce);
    const replay = await call("POST", "/house/api/verify", undefined, { game_code: code, server_seed: shown.server_seed, client_seed: shown.client_seed, nonce: shown.nonce, params: shown.params });
    expect((replay.body.payload.outcome as { pockets: string[] }).pockets).toEqual(shown.outcome.pockets);
    expect((replay.body.payload.outcome as { bets: { win: string }[] }).bets.map((b) => Number(b.win))).toEqual([Number(settled.win)]);
  });
});

type Spin = { status: number; body: { payload: Record<string, unknown> & { code?: string } } };
const spin = (key: string, extra: Record<string, unknown> = {}) => call("POST", "/house/api/rounds", key, { stake: "1.00", ...extra }) as Promise<Spin>;
const SLOT_B = "house:slot-scarab-sun";

describe("one jurisdiction switch: the house learns it through the signed launch (issue #13 item 3)", () => {
  it("the session's rules follow the jurisdiction the platform signed; an unsigned or edited launch is refused", async () => {
    const { signedLaunch } = await import("./testing/signed-launch.ts");
    const seat = await player(SLOT, "20");
    const launch = signedLaunch(HOUSE_SECRET, { gameCode: SLOT, token: seat.token, jurisdiction: "gb", playerGuid: seat.playerGuid });
    const base = { game_code: SLOT, mode: "real", token: seat.token };
    // Nothing signed: no session (the old provider opened one under its own HOUSE_JURISDICTION).
    const unsigned = await app.inject({ method: "POST", url: "/house/api/sessions", payload: base });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().payload.code).toBe("INVALID_LAUNCH");
    // The player edits the URL: a laxer jurisdiction, another player's reference, another game, another token.
    const other = await player(SLOT, "0");
    const edits = [
      { ...launch, jurisdiction: "none" },
      { ...launch, player: signedLaunch(HOUSE_SECRET, { gameCode: SLOT, token: seat.token, playerGuid: other.playerGuid }).player },
      { ...launch, launch_sig: "0".repeat(64) },
    ];
    for (const edit of edits) {
      const res = await app.inject({ method: "POST", url: "/house/api/sessions", payload: { ...base, ...edit } });
      expect(res.statusCode, JSON.stringify(edit)).toBe(401);
      expect(res.json().payload.code).toBe("INVALID_LAUNCH");
    }
    const otherGame = await app.inject({ method: "POST", url: "/house/api/sessions", payload: { ...base, game_code: SLOT_B, ...launch } });
    expect(otherGame.statusCode).toBe(401);
    const otherToken = await app.inject({ method: "POST", url: "/house/api/sessions", payload: { ...base, token: other.token, ...launch } });
    expect(otherToken.statusCode).toBe(401);

    const opened = await app.inject({ method: "POST", url: "/house/api/sessions", payload: { ...base, ...launch } });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().payload.jurisdiction).toEqual({ code: "gb", min_spin_interval_ms: 2500, autoplay: false });
    // The definition shows the viewer's session rules; without a session, no particular jurisdiction.
    const key = opened.json().payload.session_key as string;
    const definition = await app.inject({ method: "GET", url: `/house/api/games/${SLOT}`, headers: { authorization: `Bearer ${key}` } });
    expect(definition.json().payload.jurisdiction).toEqual({ code: "gb", min_spin_interval_ms: 2500, autoplay: false });
    expect((await call("GET", `/house/api/games/${SLOT}`)).body.payload.jurisdiction).toEqual({ code: "none", min_spin_interval_ms: 0, autoplay: true });

    // Demo is signed too (no token, no player): a demo link edited to another jurisdiction is refused.
    const demo = signedLaunch(HOUSE_SECRET, { gameCode: SLOT, jurisdiction: "gb" });
    const demoEdited = await app.inject({ method: "POST", url: "/house/api/sessions", payload: { game_code: SLOT, mode: "demo", ...demo, jurisdiction: "mt" } });
    expect(demoEdited.statusCode).toBe(401);
    const demoOpened = await app.inject({ method: "POST", url: "/house/api/sessions", payload: { game_code: SLOT, mode: "demo", ...demo } });
    expect(demoOpened.json().payload.jurisdiction).toEqual({ code: "gb", min_spin_interval_ms: 2500, autoplay: false });
  });

  it("the provider's own switch is gone: HOUSE_JURISDICTION, HOUSE_MIN_SPIN_INTERVAL_MS or HOUSE_AUTOPLAY refuse to boot, naming JURISDICTION", async () => {
    const { loadHouseConfig } = await import("./service/house-config.ts");
    expect(() => loadHouseConfig({ HOUSE_JURISDICTION: "UK" })).toThrow(/HOUSE_JURISDICTION[\s\S]*JURISDICTION/);
    expect(() => loadHouseConfig({ HOUSE_AUTOPLAY: "false" })).toThrow(/HOUSE_AUTOPLAY/);
    expect(() => loadHouseConfig({ HOUSE_MIN_SPIN_INTERVAL_MS: "2500" })).toThrow(/HOUSE_MIN_SPIN_INTERVAL_MS/);
    expect(loadHouseConfig({ HOUSE_JURISDICTION: "" }).liveTables).toBe(true);
    const second = Fastify({ logger: false });
    await expect(mountProvider(second as unknown as App, { env: { HOUSE_JURISDICTION: "UK" }, expose: () => {} }).then(() => second.ready())).rejects.toThrow(/JURISDICTION/);
    await second.close().catch(() => {});
  });
});

describe("speed of play and autoplay hold per player, across sessions and games (issue #13 item 2)", () => {
  it("gb: three sessions of one player in two slot games spinning at once settle exactly one spin; another player is not held up", async () => {
    // Two players, three sessions each (two slot games), all six spins at once: one accepted per player.
    const players = [await player(SLOT, "50"), await player(SLOT, "50")];
    const keys: string[][] = [];
    for (const seat of players) {
      const tokens = [seat.token, await anotherToken(seat.playerGuid, seat.walletGuid, SLOT_B), await anotherToken(seat.playerGuid, seat.walletGuid, SLOT_B)];
      const games = [SLOT, SLOT_B, SLOT_B];
      const mine: string[] = [];
      for (const [i, token] of tokens.entries()) {
        const opened = await call("POST", "/house/api/sessions", undefined, { game_code: games[i], mode: "real", token, jurisdiction: "gb" });
        expect(opened.status, JSON.stringify(opened.body)).toBe(201);
        mine.push(opened.body.payload.session_key as string);
      }
      keys.push(mine);
    }
    const spins = await Promise.all(keys.flat().map((key) => spin(key)));
    for (const [p, seat] of players.entries()) {
      const mine = spins.slice(p * 3, p * 3 + 3);
      expect(mine.map((s) => s.status).sort(), `player ${p}`).toEqual([201, 429, 429]);
      for (const refused of mine.filter((s) => s.status === 429)) {
        expect(refused.body.payload.code).toBe("TOO_FAST");
        expect(refused.body.payload.retry_after_ms).toBeGreaterThan(0);
        expect(refused.body.payload.retry_after_ms).toBeLessThanOrEqual(2500);
      }
      // One debit per player, whatever the number of tabs.
      const [bets] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM game_transactions WHERE wallet_guid = $1 AND operation = 'bet'", [seat.walletGuid]);
      expect(bets!.n).toBe(1);
    }
    // Straight after, in yet another of the player's sessions: still too fast.
    expect((await spin(keys[0]![2]!)).status).toBe(429);
  });

  it("gb: autoplay is refused whoever asks, and a client that hides it is still no faster than manual play", async () => {
    const seat = await player(SLOT, "20");
    const key = (await call("POST", "/house/api/sessions", undefined, { game_code: SLOT, mode: "real", token: seat.token, jurisdiction: "gb" })).body.payload.session_key as string;
    const autoplay = await spin(key, { autoplay: true });
    expect(autoplay.status).toBe(403);
    expect(autoplay.body.payload.code).toBe("AUTOPLAY_DISABLED");
    expect((await spin(key)).status).toBe(201);
    const tooFast = await spin(key);
    expect(tooFast.status).toBe(429);
    expect(tooFast.body.payload.code).toBe("TOO_FAST");
    expect(tooFast.body.payload.retry_after_ms).toBeGreaterThan(1000);
    // Table games are not paced.
    const rouletteSeat = await player("house:roulette-european-roulette", "10");
    const roulette = (await call("POST", "/house/api/sessions", undefined, { game_code: "house:roulette-european-roulette", mode: "real", token: rouletteSeat.token, jurisdiction: "gb" })).body.payload.session_key as string;
    for (let i = 0; i < 2; i += 1) expect((await call("POST", "/house/api/rounds", roulette, { params: { bets: [{ type: "red", amount: "1.00" }] } })).status).toBe(201);
  });

  it("gb demo sessions pace themselves; without a jurisdiction nothing is paced", async () => {
    const demo = (await call("POST", "/house/api/sessions", undefined, { game_code: SLOT, mode: "demo", jurisdiction: "gb" })).body.payload.session_key as string;
    expect((await spin(demo)).status).toBe(201);
    expect((await spin(demo)).status).toBe(429);
    const seat = await player(SLOT, "10");
    const free = (await call("POST", "/house/api/sessions", undefined, { game_code: SLOT, mode: "real", token: seat.token })).body.payload.session_key as string;
    expect((await spin(free, { autoplay: true })).status).toBe(201);
    expect((await spin(free, { autoplay: true })).status).toBe(201);
  });
});

describe("the provider keeps only a hash of the platform's token (issue #13 item 5, house side)", () => {
  it("no table holds the raw token; money moves only when the client presents it; a wrong one is refused", async () => {
    const seat = await player(SLOT, "20");
    const key = (await call("POST", "/house/api/sessions", undefined, { game_code: SLOT, mode: "real", token: seat.token })).body.payload.session_key as string;
    expect((await spin(key)).status).toBe(201);
    const columns = await database.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_schema = 'house' AND table_name = 'sessions'");
    expect(columns.map((c) => c.column_name)).not.toContain("token");
    for (const table of ["sessions", "rounds", "slot_pace", "live_bets", "live_seats"]) {
      const [hit] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM house.${table} t WHERE strpos(row_to_json(t)::text, $1) > 0`, [seat.token]);
      expect(hit!.n, table).toBe(0);
    }
    // Without the token: no balance, no spin. With another token: refused. Fairness and history need none.
    const bare = (method: string, url: string, payload?: object) =>
      app.inject({ method: method as "GET", url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
    expect((await bare("GET", "/house/api/balance")).statusCode).toBe(401);
    expect((await bare("POST", "/house/api/rounds", { stake: "1.00" })).json().payload.code).toBe("INVALID_TOKEN");
    // Refused before anything was stored: no round waits for a bet nobody can place.
    const [unfinished] = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM house.rounds r JOIN house.sessions s ON s.id = r.session_id WHERE s.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') AND r.status <> 'settled'",
      [seat.token],
    );
    expect(unfinished!.n).toBe(0);
    expect((await bare("GET", "/house/api/fairness")).statusCode).toBe(200);
    expect((await bare("GET", "/house/api/rounds")).statusCode).toBe(200);
    const other = await player(SLOT, "5");
    const wrong = await app.inject({ method: "GET", url: "/house/api/balance", headers: { authorization: `Bearer ${key}`, "x-platform-token": other.token } });
    expect(wrong.statusCode).toBe(401);
    expect((await walletState(database, seat.walletGuid)).balance).toBe((await call("GET", "/house/api/balance", key)).body.payload.balance);
  });

  it("after a restart, recovery pays a placed bet's win and rolls back an unconfirmed bet without any token", async () => {
    const DICE = "house:dice-lucky-dice-100";
    const seat = await player(DICE, "30");
    const open = async (token: string) => (await call("POST", "/house/api/sessions", undefined, { game_code: DICE, mode: "real", token })).body.payload.session_key as string;
    const keyA = await open(seat.token);
    const keyB = await open(await anotherToken(seat.playerGuid, seat.walletGuid, DICE));
    const roll = { stake: "4.00", params: { target: "50", direction: "under" } };
    // A: the win's answer is lost, the round waits as bet_placed.
    breakWire = (method) => (method === "win" ? "fail-before" : "pass");
    const won = await call("POST", "/house/api/rounds", keyA, roll);
    // B: the bet lands but its answer is lost, and the rollback never arrives: the round stays open.
    breakWire = (method) => (method === "bet" ? "fail-after" : method === "rollback" ? "fail-before" : "pass");
    const lost = await call("POST", "/house/api/rounds", keyB, { ...roll, stake: "5.00" });
    breakWire = () => "pass";
    expect(won.body.payload.status).toBe("bet_placed");
    expect(lost.status).toBe(502);
    const [open_] = await database.query<{ id: string; status: string }>(
      "SELECT r.id, r.status FROM house.rounds r JOIN house.sessions s ON s.id = r.session_id WHERE s.token_hash IS NOT NULL AND r.game_code = $1 AND r.id <> $2 ORDER BY r.created_at DESC LIMIT 1",
      [DICE, won.body.payload.round_id],
    );
    expect(open_!.status).toBe("open");
    expect((await walletState(database, seat.walletGuid)).balance).toBe("21.00");

    // "Restart": a second provider instance, with no client and no token, finishes both.
    walletCalls.length = 0;
    const second = Fastify({ logger: false });
    let restarted: HouseGamesApi | undefined;
    await mountProvider(second as unknown as App, { expose: (exposed) => (restarted = exposed) });
    await second.ready();
    expect(await restarted!.recover()).toBe(2);
    await second.close();
    expect(walletCalls.map((c) => c.method).sort()).toEqual(["rollback", "win"]);
    for (const sent of walletCalls) expect(sent.body).not.toHaveProperty("token");
    expect((await call("GET", `/house/api/rounds/${won.body.payload.round_id}`, keyA)).body.payload.status).toBe("settled");
    expect((await call("GET", `/house/api/rounds/${open_!.id}`, keyB)).body.payload.status).toBe("refunded");
    // The player ends with A's win and B's stake back.
    expect(Number((await walletState(database, seat.walletGuid)).balance)).toBeCloseTo(26 + Number(won.body.payload.win), 2);
  });
});
