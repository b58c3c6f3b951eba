import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
// Tests may use the platform: the provider itself never imports it.
import { buildApp, type App } from "../../server/src/app.ts";
import { loadEnv } from "../../server/src/env.ts";
import { issueGameSession } from "../../server/src/modules/game-sessions/issue-game-session.ts";
import { createPlayer, deposit, openWallet, HOUSE_SECRET } from "../../server/test/wallet/wallet-helpers.ts";
import { findGame } from "./games/game-catalog.ts";
import { houseGamesPlugin, type HouseGamesApi } from "./plugin.ts";
import { launchingClient } from "./testing/signed-launch.ts";
import type { FetchLike } from "./wallet/wallet-client.ts";

/**
 * Issue #13 item 11: every house-games endpoint validates its input like the
 * platform: a 400 VALIDATION_ERROR naming the field (payload.fields), never a
 * 500. The fuzzing below throws arbitrary JSON at every route.
 */
const SLOT = "house:slot-pharaoh-gold";
const ROULETTE = "house:roulette-european-roulette";
const DICE = "house:dice-hi-lo-dice";
const DICE_TABLE = "house:dice-triple-dice";
const BLACKJACK = "house:blackjack-classic-blackjack";
const LIVE_BLACKJACK = "house:live-blackjack-salon-blackjack";
const LIVE_ROULETTE = "house:live-roulette-salon-roulette";

let database: TestDatabase;
let app: App;
let api: HouseGamesApi;
/** Opens sessions and calls them as the game client does: signed launches, the platform token of a real session. */
const playerOfToken = new Map<string, string>();
const client = launchingClient(HOUSE_SECRET, { playerOf: (token) => playerOfToken.get(token) });

const injectFetch = (): FetchLike => async (url, init) => {
  const res = await app.inject({
    method: "POST",
    url: new URL(url).pathname,
    headers: init.headers,
    payload: init.body,
  });
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
    config: { liveTables: false },
    recoveryIntervalMs: 0,
    expose: (exposed) => (api = exposed),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Answer = {
  status: number;
  body: {
    status: string;
    payload: { code?: string; message?: string; fields?: { field: string; message: string }[] } & Record<
      string,
      unknown
    >;
  };
};

async function call(method: string, url: string, key?: string, payload?: unknown): Promise<Answer> {
  const opening =
    method === "POST" &&
    url === "/house/api/sessions" &&
    payload !== null &&
    typeof payload === "object" &&
    !Array.isArray(payload);
  const body = opening ? client.sessionBody(payload as Record<string, unknown>) : payload;
  const res = await app.inject({
    method: method as "GET",
    url,
    headers: { ...client.headers(key), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const answer = { status: res.statusCode, body: res.json() as Answer["body"] };
  if (opening) client.opened(payload, answer.body);
  return answer;
}

async function demo(gameCode: string) {
  const opened = await call("POST", "/house/api/sessions", undefined, { game_code: gameCode, mode: "demo" });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return opened.body.payload.session_key as string;
}

async function real(gameCode: string) {
  const playerGuid = await createPlayer(database);
  const wallet = await openWallet(database, playerGuid, "USD");
  await deposit(database, wallet.guid, "1000");
  const [game] = await database.query<{ guid: string }>("SELECT guid FROM games WHERE external_guid = $1", [gameCode]);
  const issued = await issueGameSession(database.db, {
    playerGuid,
    walletGuid: wallet.guid,
    providerCode: "house",
    gameCode,
    gameGuid: game!.guid,
  });
  playerOfToken.set(issued.token, playerGuid);
  const opened = await call("POST", "/house/api/sessions", undefined, {
    game_code: gameCode,
    mode: "real",
    token: issued.token,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return opened.body.payload.session_key as string;
}

/** A 400 in the platform's shape: VALIDATION_ERROR, "Invalid input: <field>", and the field in payload.fields. */
function expectFieldError(answer: Answer, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.status).toBe("error");
  expect(answer.body.payload.code).toBe("VALIDATION_ERROR");
  expect(answer.body.payload.fields?.map((entry) => entry.field)).toContain(field);
  expect(answer.body.payload.message).toContain(field);
}

const BAD_DECIMALS = [
  "-1",
  "1e2",
  "1E2",
  "+1",
  "-0.5",
  " 1",
  "1 ",
  "1.",
  ".5",
  "0x10",
  "Infinity",
  "NaN",
  "1,00",
  "١",
  "1e-2",
  "12345678901234567890",
  "1.0000000000000000001",
  "",
];

describe("house endpoints answer bad input with a 400 naming the field", () => {
  it('a stake of "-1" or "1e2" (and every other non-decimal) is a 400 on body.stake, not a 500', async () => {
    const key = await demo(SLOT);
    for (const stake of BAD_DECIMALS)
      expectFieldError(await call("POST", "/house/api/rounds", key, { stake }), "body.stake");
    expect((await call("POST", "/house/api/rounds", key, { stake: "1.00" })).status).toBe(201);
  });

  it("amounts inside params name their place: body.params.bets.<i>.amount, body.params.target, body.params.hands", async () => {
    const roulette = await demo(ROULETTE);
    expectFieldError(
      await call("POST", "/house/api/rounds", roulette, {
        params: {
          bets: [
            { type: "red", amount: "1.00" },
            { type: "black", amount: "-1" },
          ],
        },
      }),
      "body.params.bets.1.amount",
    );
    expectFieldError(
      await call("POST", "/house/api/rounds", roulette, { params: { bets: [{ type: "red", amount: "1e2" }] } }),
      "body.params.bets.0.amount",
    );
    expectFieldError(
      await call("POST", "/house/api/rounds", roulette, { params: { bets: "red" } }),
      "body.params.bets",
    );
    const sicBo = await demo(DICE_TABLE);
    expectFieldError(
      await call("POST", "/house/api/rounds", sicBo, { params: { bets: [{ type: "small", amount: "1e2" }] } }),
      "body.params.bets.0.amount",
    );
    const dice = await demo(DICE);
    expectFieldError(
      await call("POST", "/house/api/rounds", dice, { stake: "1.00", params: { target: "5e1", direction: "under" } }),
      "body.params.target",
    );
    expectFieldError(
      await call("POST", "/house/api/rounds", dice, { stake: "-1", params: { target: "49.50", direction: "under" } }),
      "body.stake",
    );
    const blackjack = await demo(BLACKJACK);
    expectFieldError(
      await call("POST", "/house/api/rounds", blackjack, { stake: "1.00", params: { hands: "many" } }),
      "body.params.hands",
    );
    // Well formed but against the rules: 422 INVALID_BET, with the field too.
    const tooMany = await call("POST", "/house/api/rounds", blackjack, { stake: "1.00", params: { hands: 99 } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.payload.fields?.[0]?.field).toBe("body.params.hands");
  });

  it("control characters (a NUL byte) in a text field are a 400 naming it; unknown params are not stored", async () => {
    const key = await demo(SLOT);
    expectFieldError(
      await call("POST", "/house/api/rounds", key, { stake: "1.00", client_request_id: "abc\u0000def" }),
      "body.client_request_id",
    );
    // An unknown parameter carrying a NUL was stored as the round's params and failed in jsonb (500).
    const spun = await call("POST", "/house/api/rounds", key, { stake: "1.00", params: { note: "a\u0000b" } });
    expect(spun.status, JSON.stringify(spun.body)).toBe(201);
    expect(spun.body.payload.params).toEqual({ stake: "1.00" });
  });

  it('live bets: a hand amount of "-1" is a 400 on body.bets.0.amount, a missing hand bet a 400 on body.bets', async () => {
    const game = findGame(LIVE_BLACKJACK)!;
    const key = await real(LIVE_BLACKJACK);
    await api.live.advance(game);
    const table = (await call("POST", `/house/api/live/${LIVE_BLACKJACK}/seat`, key)).body.payload as {
      round_id: string;
    };
    expectFieldError(
      await call("POST", `/house/api/live/${LIVE_BLACKJACK}/bets`, key, {
        round_id: table.round_id,
        bets: [{ type: "hand", amount: "-1" }],
      }),
      "body.bets.0.amount",
    );
    expectFieldError(
      await call("POST", `/house/api/live/${LIVE_BLACKJACK}/bets`, key, {
        round_id: table.round_id,
        bets: [{ type: "hand", amount: "1e2" }],
      }),
      "body.bets.0.amount",
    );
    expectFieldError(
      await call("POST", `/house/api/live/${LIVE_BLACKJACK}/bets`, key, {
        round_id: table.round_id,
        bets: [{ type: "side", amount: "1.00" }],
      }),
      "body.bets",
    );
    expectFieldError(
      await call("POST", `/house/api/live/${LIVE_BLACKJACK}/bets`, key, {
        round_id: table.round_id,
        bets: [{ type: "hand\u0000", amount: "1.00" }],
      }),
      "body.bets.0.type",
    );
  });

  it("verify: a hand count that is not 1 to the table's maximum is a 400 on body.params.hands", async () => {
    const base = { game_code: BLACKJACK, server_seed: "seed", client_seed: "client", nonce: 0 };
    for (const hands of [-1, 0, 1.5, "2", 10_000])
      expectFieldError(
        await call("POST", "/house/api/verify", undefined, { ...base, params: { hands } }),
        "body.params.hands",
      );
    expect((await call("POST", "/house/api/verify", undefined, { ...base, params: { hands: 1 } })).status).toBe(200);
    expectFieldError(
      await call("POST", "/house/api/verify", undefined, {
        game_code: ROULETTE,
        server_seed: "s",
        client_seed: "c",
        nonce: 0,
        params: { bets: [{ type: "red", amount: "-1" }] },
      }),
      "body.params.bets.0.amount",
    );
    expectFieldError(await call("POST", "/house/api/verify", undefined, { ...base, nonce: -1 }), "body.nonce");
  });

  it("schema errors name the field the platform's way", async () => {
    expectFieldError(
      await call("POST", "/house/api/sessions", undefined, { game_code: SLOT, mode: "sometimes" }),
      "body.mode",
    );
    expectFieldError(await call("GET", "/house/api/rounds?limit=5000", "some-key"), "query.limit");
    expectFieldError(await call("GET", "/house/api/rounds/not-a-uuid", "some-key"), "params.round_id");
  });
});

describe("fuzzing: no input makes a house endpoint answer 500", () => {
  const RUNS = 40;
  const weirdString = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(
      ...BAD_DECIMALS,
      "\u0000",
      "a\u0000b",
      "\u202e",
      "1.00",
      "0",
      "0.00",
      "100000000000000.00",
      "999999999999999.999999999999999999",
    ),
    fc.double().map(String),
    fc.bigInt().map(String),
  );
  const jsonValue = fc.oneof(
    weirdString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(weirdString, { maxLength: 3 }),
    fc.dictionary(weirdString, weirdString, { maxKeys: 3 }),
  );
  // Mostly well-shaped bets with bad values, so the generated requests reach the game code, not only the schema.
  const bet = fc.record(
    {
      type: fc.oneof(
        { arbitrary: weirdString, weight: 1 },
        { arbitrary: fc.constantFrom("red", "black", "straight", "split", "small", "big", "hand", "dozen"), weight: 3 },
        { arbitrary: fc.constant("hand"), weight: 2 },
      ),
      amount: fc.oneof({ arbitrary: weirdString, weight: 3 }, { arbitrary: jsonValue, weight: 1 }),
      numbers: fc.option(
        fc.array(
          fc.oneof({ arbitrary: fc.integer({ min: -5, max: 40 }), weight: 4 }, { arbitrary: fc.double(), weight: 1 }),
          { maxLength: 7 },
        ),
        { nil: undefined, freq: 2 },
      ),
      index: fc.option(
        fc.oneof({ arbitrary: fc.integer({ min: -1, max: 4 }), weight: 3 }, { arbitrary: jsonValue, weight: 1 }),
        { nil: undefined, freq: 2 },
      ),
    },
    { requiredKeys: ["type", "amount"] },
  );
  const params = fc.oneof(
    fc.record({ bets: fc.oneof(fc.array(bet, { maxLength: 3 }), jsonValue) }),
    fc.record({
      target: fc.oneof(weirdString, jsonValue),
      direction: fc.oneof(fc.constantFrom("over", "under"), weirdString),
    }),
    fc.record({ hands: fc.oneof(fc.integer({ min: -3, max: 1_000_000 }), jsonValue) }),
    fc.record({ hands: fc.integer({ min: -3, max: 1_000_000 }), stake: weirdString }),
    fc.dictionary(weirdString, jsonValue, { maxKeys: 4 }),
    jsonValue,
  );
  const playBody = fc.record(
    {
      stake: fc.oneof(weirdString, jsonValue),
      params,
      client_request_id: fc.oneof(weirdString, jsonValue),
      is_free_spin: fc.oneof(fc.boolean(), jsonValue),
      autoplay: fc.oneof(fc.boolean(), jsonValue),
    },
    { requiredKeys: [] },
  );

  const never500 = (answer: Answer, input: unknown) => {
    expect(answer.status, `${JSON.stringify(input)} → ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    if (answer.status === 400) expect(["VALIDATION_ERROR", "BAD_REQUEST"]).toContain(answer.body.payload.code);
    expect(answer.body.status).toBe(answer.status < 300 ? "ok" : "error");
  };

  it("POST /api/rounds on every kind of game", async () => {
    const keys = await Promise.all([SLOT, ROULETTE, DICE, DICE_TABLE, BLACKJACK].map(demo));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), playBody, async (key, body) =>
        never500(await call("POST", "/house/api/rounds", key, body), body),
      ),
      { numRuns: RUNS * 3, seed: 1311 },
    );
  });

  it("POST /api/verify, the fairness routes and the blackjack actions", async () => {
    const key = await demo(BLACKJACK);
    const dealt = await call("POST", "/house/api/rounds", key, { stake: "1.00", params: { hands: 1 } });
    const roundId = dealt.body.payload.round_id as string;
    const verifyBody = fc.record(
      {
        game_code: fc.oneof(
          {
            arbitrary: fc.constantFrom(SLOT, ROULETTE, DICE, DICE_TABLE, BLACKJACK, LIVE_BLACKJACK, LIVE_ROULETTE),
            weight: 5,
          },
          { arbitrary: weirdString, weight: 1 },
        ),
        server_seed: weirdString,
        client_seed: weirdString,
        nonce: fc.oneof(fc.integer(), jsonValue),
        params,
        actions: fc.oneof(
          fc.array(fc.constantFrom("hit", "stand", "double", "split", "insurance", "no_insurance", "surrender"), {
            maxLength: 8,
          }),
          jsonValue,
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(verifyBody, async (body) =>
        never500(await call("POST", "/house/api/verify", undefined, body), body),
      ),
      { numRuns: RUNS * 2, seed: 1312 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ client_seed: fc.oneof(weirdString, jsonValue) }, { requiredKeys: [] }),
        async (body) => {
          never500(await call("PUT", "/house/api/fairness/client-seed", key, body), body);
          never500(await call("POST", "/house/api/fairness/rotate", key, body), body);
        },
      ),
      { numRuns: RUNS, seed: 1313 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ action: fc.oneof(weirdString, jsonValue) }, { requiredKeys: [] }),
        fc.oneof(fc.constant(roundId), weirdString.map(encodeURIComponent)),
        async (body, id) =>
          never500(await call("POST", `/house/api/rounds/${id || "x"}/actions`, key, body), { id, body }),
      ),
      { numRuns: RUNS, seed: 1314 },
    );
  });

  it("sessions, queries and path parameters", async () => {
    const key = await demo(SLOT);
    const sessionBody = fc.record(
      {
        game_code: fc.oneof(fc.constantFrom(SLOT, LIVE_ROULETTE), weirdString),
        mode: fc.oneof(fc.constantFrom("real", "demo"), weirdString),
        token: fc.oneof(weirdString, jsonValue),
        currency: fc.oneof(weirdString, jsonValue),
        lang: fc.oneof(weirdString, jsonValue),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(sessionBody, async (body) =>
        never500(await call("POST", "/house/api/sessions", undefined, body), body),
      ),
      { numRuns: RUNS, seed: 1315 },
    );
    const text = weirdString.map(encodeURIComponent);
    await fc.assert(
      fc.asyncProperty(text, text, async (a, b) => {
        for (const url of [
          `/house/api/rounds?limit=${a}`,
          `/house/api/rounds/${a || "x"}`,
          `/house/api/games/${a || "x"}`,
          `/house/api/verify/rounds/${a || "x"}`,
          `/house/api/live/${a || "x"}`,
          `/house/api/live/${LIVE_ROULETTE}/my-bets?round_id=${b}`,
        ]) {
          never500(await call("GET", url, key), url);
        }
      }),
      { numRuns: RUNS, seed: 1316 },
    );
  });

  it("POST /api/live/:game/bets on live roulette and live blackjack", async () => {
    const keys: [string, string][] = [];
    for (const code of [LIVE_ROULETTE, LIVE_BLACKJACK]) {
      const key = await real(code);
      await api.live.advance(findGame(code)!);
      await call("POST", `/house/api/live/${code}/seat`, key);
      keys.push([code, key]);
    }
    const liveBody = (roundId: string) =>
      fc.record(
        {
          round_id: fc.oneof({ arbitrary: fc.constant(roundId), weight: 4 }, { arbitrary: weirdString, weight: 1 }),
          bets: fc.oneof(
            { arbitrary: fc.array(bet, { minLength: 1, maxLength: 3 }), weight: 4 },
            { arbitrary: jsonValue, weight: 1 },
          ),
        },
        { requiredKeys: ["round_id", "bets"] },
      );
    for (const [code, key] of keys) {
      const table = (await call("GET", `/house/api/live/${code}`)).body.payload as { round_id: string };
      await fc.assert(
        fc.asyncProperty(liveBody(table.round_id), async (body) =>
          never500(await call("POST", `/house/api/live/${code}/bets`, key, body), body),
        ),
        { numRuns: RUNS, seed: 1317 },
      );
    }
  });
});
