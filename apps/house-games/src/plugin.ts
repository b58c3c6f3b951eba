import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@croupier/db/is-database-unavailable";
import { migrateHouse } from "./db/migrate-house.ts";
import { findGame, houseGames } from "./games/game-catalog.ts";
import { houseSecurity } from "./http/openapi-security.ts";
import * as schemas from "./http/schemas.ts";
import { sendAsset, sendClientPage, DEFAULT_CLIENT_DIST } from "./http/serve-client.ts";
import { gameDefinition, gameSummary, jurisdictionView } from "./service/game-definition.ts";
import { loadHouseConfig, type HouseConfig } from "./service/house-config.ts";
import type { HouseContext } from "./service/house-context.ts";
import { HouseError } from "./service/house-error.ts";
import { liveBetBody, LiveTables } from "./service/live-tables.ts";
import { actionBody, actOnRound, getRound, listRounds, pendingRound, playRound, playRoundBody, recoverRounds } from "./service/rounds.ts";
import { freeSpinsView } from "./service/free-spins.ts";
import { fairnessView, findSessionByKey, rotateSeeds, sessionBalance, sessionProfile, setClientSeed, startSession, platformToken, withPlatformToken, type SessionBalance, type SessionRow } from "./service/sessions.ts";
import { lookupRound } from "./service/lookup-round.ts";
import { verifyBody, verifyRound } from "./service/verify-round.ts";
import { WalletClient, type FetchLike } from "./wallet/wallet-client.ts";

export type HouseGamesOptions = {
  database: DatabaseHandle;
  /** Where the platform listens: wallet calls go to {platformUrl}/api/v1/provider/house/wallet/*. */
  platformUrl: string;
  /** PROVIDER_HOUSE_SECRET. */
  secret: string;
  /** Tests pass an app.inject-backed fetch; production uses real HTTP. */
  fetch?: FetchLike;
  config?: Partial<HouseConfig>;
  env?: Record<string, string | undefined>;
  clientDist?: string;
  /** How often unfinished rounds are retried (0 = only on demand). */
  recoveryIntervalMs?: number;
  /** Receives the provider's internals (tests drive recovery and the live clock through it). */
  expose?: (api: HouseGamesApi) => void;
  /** false: the host checked and applied this provider's migrations itself (the platform's start-up, ADR 039). */
  migrate?: boolean;
};

export type HouseGamesApi = { ctx: HouseContext; live: LiveTables; recover: () => Promise<number> };

const gameCodeParam = z.object({ game_code: z.string().min(1).max(128) });
const roundIdParam = z.object({ round_id: z.uuid() });
// The signed part of the launch (ADR 010): passed through to POST /api/sessions, which checks the signature.
const launchJurisdiction = z.string().regex(/^[a-z]{2,8}$/);
const launchPlayer = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/);
const launchSig = z.string().regex(/^[0-9a-f]{64}$/);
const playQuery = z.object({
  token: z.string().max(256).optional(),
  mode: z.enum(["real", "demo"]).default("real"),
  lang: z.string().max(8).default("en"),
  exit_url: z.string().max(1000).optional(),
  currency: z.string().max(16).optional(),
  jurisdiction: launchJurisdiction.optional(),
  player: launchPlayer.optional(),
  launch_sig: launchSig.optional(),
  // The player's highest slot stake in the play currency where the jurisdiction limits it (platform ADR 025):
  // the client's stake selector stops there; the platform's wallet enforces it whatever the client shows.
  max_stake: z.string().regex(/^\d{1,12}(\.\d{1,18})?$/).optional(),
});
const sessionBody = z.object({
  game_code: z.string().min(1).max(128),
  mode: z.enum(["real", "demo"]),
  token: z.string().min(1).max(256).optional(),
  currency: z.string().regex(/^[A-Z0-9]{2,16}$/).optional(),
  lang: z.string().max(8).optional(),
  jurisdiction: launchJurisdiction.optional(),
  player: launchPlayer.optional(),
  launch_sig: launchSig.optional(),
});
/** The platform token the client proves on each real-money request (only its hash is stored). */
const PLATFORM_TOKEN_HEADER = "x-platform-token";
const clientSeedBody = z.object({ client_seed: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const rotateBody = z.object({ client_seed: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional() }).default({});
const historyQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
// The verify page's own parameters are listed (and documented); any other short one is handed to the page too.
const verifyText = z.string().max(200);
const verifyQuery = z
  .object({
    game_code: verifyText.optional(),
    game: verifyText.optional(),
    round_id: verifyText.optional(),
    server_seed: verifyText.optional(),
    server_seed_hash: verifyText.optional(),
    client_seed: verifyText.optional(),
    nonce: verifyText.optional(),
    params: verifyText.optional(),
    actions: verifyText.optional(),
  })
  .catchall(verifyText)
  .refine((query) => Object.keys(query).every((key) => key.length <= 40), "parameter names are at most 40 characters");
const lookupParam = z.object({ round_id: z.string().min(1).max(128) });
const myBetsQuery = z.object({ round_id: z.uuid() });
const eventsQuery = z.object({ session_key: z.string().max(100).optional() });
const seatParams = gameCodeParam;
const VALIDATION_PREFIX: Record<string, string> = { body: "body", querystring: "query", params: "params", headers: "headers" };

const { errorResponses: errors, ok: okOf } = schemas;
/** Route schemas: request parts as given, the success answer in the envelope, errors in the error envelope. */
const answers = <T extends z.ZodType>(payload: T) => ({ 200: okOf(payload), ...errors });
const created = <T extends z.ZodType>(payload: T) => ({ 201: okOf(payload), ...errors });
/** The route's entry in the host's OpenAPI document (spread into the schema). */
const doc = (summary: string, security: (typeof houseSecurity)[keyof typeof houseSecurity]) => ({ tags: ["house provider"], summary, security });

/**
 * The house game provider as a Fastify plugin under /house (register it with
 * that prefix). It owns schema "house", talks to the platform only through
 * the signed provider wallet protocol, and serves its own game client.
 */
export async function houseGamesPlugin(app: FastifyInstance, options: HouseGamesOptions) {
  const config = loadHouseConfig(options.env ?? process.env, options.config);
  const ctx: HouseContext = {
    database: options.database,
    wallet: new WalletClient({ platformUrl: options.platformUrl, secret: options.secret, fetch: options.fetch }),
    config,
    launchSecret: options.secret,
  };
  const live = new LiveTables(ctx);
  const distDir = options.clientDist ?? DEFAULT_CLIENT_DIST;
  if (options.migrate !== false) await migrateHouse(options.database);
  houseGames();

  options.expose?.({ ctx, live, recover: () => recoverRounds(ctx) });

  let recoveryTimer: NodeJS.Timeout | null = null;
  app.addHook("onReady", async () => {
    if (config.liveTables) live.start(undefined, (error) => app.log.warn({ err: error }, "live tables clock step failed; retrying on the next tick"));
    const every = options.recoveryIntervalMs ?? 30_000;
    if (every > 0) {
      // The platform may be this very process, which is not listening yet: the first pass waits a moment.
      recoveryTimer = setInterval(() => void recoverRounds(ctx).catch((error) => app.log.warn({ err: error }, "house round recovery failed")), every);
      recoveryTimer.unref();
    }
  });
  app.addHook("onClose", async () => {
    live.stop();
    if (recoveryTimer) clearInterval(recoveryTimer);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HouseError) {
      return reply.status(error.httpStatus).send(fail(request, error.code, error.message, error.extra));
    }
    // The platform's shape (apps/server/src/plugins/errors.ts): "Invalid input: <fields>" and one entry per field.
    if (hasZodFastifySchemaValidationErrors(error)) {
      const prefix = VALIDATION_PREFIX[error.validationContext ?? "body"] ?? "body";
      const fields = error.validation.map((issue) => ({ field: [prefix, ...issue.instancePath.split("/").filter(Boolean)].join("."), message: issue.message ?? "is invalid" }));
      return reply.status(400).send(fail(request, "VALIDATION_ERROR", `Invalid input: ${fields.map((entry) => entry.field).join(", ")}`, { fields }));
    }
    const validation = (error as { validation?: unknown; statusCode?: number }).validation;
    if (validation || (error as { code?: string }).code === "FST_ERR_VALIDATION") {
      return reply.status(400).send(fail(request, "VALIDATION_ERROR", error instanceof Error ? error.message : "Invalid request."));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return reply.status(status).send(fail(request, "BAD_REQUEST", "Bad request."));
    // The database (schema house, shared with the platform) is restarting or out of reach (ADR 039, ADR 046):
    // "try again", not a crash. Whatever the request did is committed or not at all; an unfinished round is
    // finished by recovery with its stored outcome, and a replay of a round (client_request_id) answers it.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "house games request: database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send(fail(request, "SERVICE_UNAVAILABLE", "The game server is briefly unavailable. Please try again in a moment.", { retry_after_ms: DATABASE_RETRY_AFTER_SECONDS * 1000 }));
    }
    request.log.error({ err: error }, "house games request failed");
    return reply.status(500).send(fail(request, "INTERNAL_ERROR", "Something went wrong; quote the request id."));
  });

  const session = async (request: FastifyRequest): Promise<SessionRow> => {
    const header = request.headers.authorization;
    const key = typeof header === "string" && header.startsWith("Bearer ") ? header.slice(7) : undefined;
    const token = request.headers[PLATFORM_TOKEN_HEADER];
    return withPlatformToken(await findSessionByKey(ctx, key), typeof token === "string" ? token : undefined);
  };
  /** A request that may move real money: refused up front without the platform token, before anything is stored. */
  const payingSession = async (request: FastifyRequest): Promise<SessionRow> => {
    const current = await session(request);
    if (current.mode === "real") platformToken(current);
    return current;
  };

  // The provider's routes declare their request and response schemas (zod, in this plugin's own scope).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Pages (HTML).
  api.get("/play/:game_code", { schema: { ...doc("The game page (HTML) a launch URL opens", houseSecurity.public), params: gameCodeParam, querystring: playQuery } }, async (request, reply) => {
    const { game_code } = request.params;
    const query = request.query;
    if (!findGame(game_code)) return reply.status(404).type("text/plain").send("No such game.");
    return sendClientPage(reply, distDir, {
      page: "play", game_code, mode: query.mode, token: query.token ?? null, lang: query.lang, exit_url: query.exit_url ?? null, currency: query.currency ?? null, api_base: "/house/api",
      jurisdiction: query.jurisdiction ?? null, player: query.player ?? null, launch_sig: query.launch_sig ?? null,
      max_stake: query.max_stake ?? null,
    });
  });
  api.get("/verify", { schema: { ...doc("The public verify page (HTML): recomputes a round from its seeds", houseSecurity.public), querystring: verifyQuery } }, async (request, reply) => sendClientPage(reply, distDir, { ...request.query, page: "verify", api_base: "/house/api" }));
  // The game client's static files: not part of the API document.
  api.get("/assets/*", { schema: { hide: true, params: z.object({ "*": z.string().max(300) }) } }, async (request, reply) => sendAsset(reply, distDir, request.params["*"]));

  // Catalogue (public).
  api.get("/api/games", { schema: { ...doc("Every game with its RTP", houseSecurity.public), response: answers(z.array(schemas.gameSummary)) } }, async (request) => ok(request, [...houseGames().values()].map(gameSummary)));
  api.get("/api/games/:game_code", { schema: { ...doc("One game's definition; with a session key, in that session's jurisdiction", houseSecurity.optionalSession), params: gameCodeParam, response: answers(schemas.gameDefinition) } }, async (request) => {
    const game = findGame(request.params.game_code);
    if (!game) throw new HouseError("NOT_FOUND", "No such game.", 404);
    // Public; with a session key it shows that session's jurisdiction, else no particular one.
    const viewer = request.headers.authorization ? await session(request).catch(() => null) : null;
    return ok(request, gameDefinition(game, config, viewer ? sessionProfile(viewer) : undefined));
  });

  // Sessions.
  api.post("/api/sessions", { schema: { ...doc("Open a game session (demo, or real money with the platform's token)", houseSecurity.public), body: sessionBody, response: created(schemas.session) } }, async (request, reply) => {
    const body = request.body;
    const started = await startSession(ctx, {
      gameCode: body.game_code, mode: body.mode, token: body.token, currency: body.currency,
      jurisdiction: body.jurisdiction, player: body.player, launchSig: body.launch_sig,
    });
    return reply.status(201).send(ok(request, { session_key: started.key, ...(await sessionPayload(started.session, started.balance)) }));
  });
  api.get("/api/session", { schema: { ...doc("The session with its balance and totals", houseSecurity.session), response: answers(schemas.session) } }, async (request) => {
    const current = await session(request);
    return ok(request, await sessionPayload(current, await sessionBalance(ctx, current)));
  });
  api.get("/api/balance", { schema: { ...doc("The session's balance", houseSecurity.session), response: answers(schemas.balance) } }, async (request) => {
    const current = await session(request);
    const { free_spins, ...money } = await sessionBalance(ctx, current);
    return ok(request, { ...money, free_spins: freeSpinsView(findGame(current.game_code)?.canFreeSpins ?? false, current.mode, free_spins) });
  });

  // Fairness.
  api.get("/api/fairness", { schema: { ...doc("The seeds in use: server seed hash, client seed, next nonce", houseSecurity.session), response: answers(schemas.fairness) } }, async (request) => ok(request, fairnessView(await session(request))));
  api.put("/api/fairness/client-seed", { schema: { ...doc("Set the client seed", houseSecurity.session), body: clientSeedBody, response: answers(schemas.fairness) } }, async (request) =>
    ok(request, await setClientSeed(ctx, await session(request), request.body.client_seed)),
  );
  api.post("/api/fairness/rotate", { schema: { ...doc("Reveal the server seed and start a new pair", houseSecurity.session), body: rotateBody.optional(), response: answers(schemas.fairness) } }, async (request) =>
    ok(request, await rotateSeeds(ctx, await session(request), request.body?.client_seed)),
  );

  // Rounds.
  api.post("/api/rounds", { schema: { ...doc("Play a round (spin, bet, deal)", houseSecurity.session), body: playRoundBody, response: created(schemas.round) } }, async (request, reply) =>
    reply.status(201).send(ok(request, await playRound(ctx, await payingSession(request), request.body))),
  );
  api.post("/api/rounds/:round_id/actions", { schema: { ...doc("Act in an unfinished round (hit, stand, double, …)", houseSecurity.session), params: roundIdParam, body: actionBody, response: answers(schemas.round) } }, async (request) =>
    ok(request, await actOnRound(ctx, await payingSession(request), request.params.round_id, request.body.action)),
  );
  api.get("/api/rounds/:round_id", { schema: { ...doc("One of the session's rounds", houseSecurity.session), params: roundIdParam, response: answers(schemas.round) } }, async (request) => ok(request, await getRound(ctx, await session(request), request.params.round_id)));
  api.get("/api/rounds", { schema: { ...doc("The session's latest rounds", houseSecurity.session), querystring: historyQuery, response: answers(z.array(schemas.round)) } }, async (request) => ok(request, await listRounds(ctx, await session(request), request.query.limit)));

  // Verify (public).
  api.post("/api/verify", { schema: { ...doc("Recompute an outcome from its seeds and nonce", houseSecurity.public), body: verifyBody, response: answers(schemas.verifyResult) } }, async (request) => ok(request, verifyRound(request.body)));
  api.get("/api/verify/rounds/:round_id", { schema: { ...doc("A round by its id: seeds (the server seed once revealed) and stored outcome", houseSecurity.public), params: lookupParam, response: answers(schemas.publicRound) } }, async (request) => ok(request, await lookupRound(ctx, request.params.round_id)));

  // Live tables.
  api.get("/api/live/tables", { schema: { ...doc("Every live table's state", houseSecurity.public), response: answers(z.array(schemas.liveTable)) } }, async (request) => ok(request, await Promise.all(live.liveGames().map((game) => live.table(game.code)))));
  api.get("/api/live/:game_code", { schema: { ...doc("One live table's state", houseSecurity.public), params: gameCodeParam, response: answers(schemas.liveTable) } }, async (request) => ok(request, await live.table(request.params.game_code)));
  const sameTable = async (request: FastifyRequest & { params: { game_code: string } }, paying = false) => {
    const current = paying ? await payingSession(request) : await session(request);
    if (current.game_code !== request.params.game_code) throw new HouseError("VALIDATION_ERROR", "This session belongs to another game.", 400);
    return current;
  };
  api.post("/api/live/:game_code/seat", { schema: { ...doc("Take a seat at the session's live table", houseSecurity.session), params: seatParams, response: answers(schemas.liveTable) } }, async (request) => ok(request, await live.seat(await sameTable(request))));
  api.delete("/api/live/:game_code/seat", { schema: { ...doc("Leave the live table", houseSecurity.session), params: seatParams, response: answers(schemas.liveTable) } }, async (request) => ok(request, await live.leave(await sameTable(request))));
  api.post("/api/live/:game_code/bets", { schema: { ...doc("Bet on the live table's current round", houseSecurity.session), params: seatParams, body: liveBetBody, response: created(schemas.liveBetPlaced) } }, async (request, reply) =>
    reply.status(201).send(ok(request, await live.placeBet(await sameTable(request, true), request.body))),
  );
  api.get("/api/live/:game_code/my-bets", { schema: { ...doc("The session's bets in a live round", houseSecurity.session), params: seatParams, querystring: myBetsQuery, response: answers(z.array(schemas.liveBet)) } }, async (request) =>
    ok(request, await live.myBets(await sameTable(request), request.query.round_id)),
  );
  // Server-Sent Events: a stream, not a JSON answer (events documented in docs/client-api.md §7).
  api.get("/api/live/:game_code/events", { schema: { ...doc("The live table's events (Server-Sent Events; session_key adds the viewer's own)", houseSecurity.public), params: gameCodeParam, querystring: eventsQuery } }, async (request, reply) => streamTable(request, reply, request.params.game_code, request.query.session_key));

  async function streamTable(request: FastifyRequest, reply: FastifyReply, game_code: string, session_key: string | undefined) {
    const game = findGame(game_code);
    if (!game?.live) throw new HouseError("NOT_FOUND", "No such live table.", 404);
    const viewer = session_key ? await findSessionByKey(ctx, session_key) : null;
    const first = await live.table(game_code);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", connection: "keep-alive", "x-accel-buffering": "no" });
    const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send("table", first);
    const unsubscribe = live.subscribe(game_code, { sessionId: viewer?.id ?? null, send });
    const ping = setInterval(() => {
      raw.write(": ping\n\n");
      if (viewer) void live.touch(viewer).catch(() => {});
    }, 15_000);
    ping.unref();
    request.raw.on("close", () => {
      clearInterval(ping);
      unsubscribe();
    });
  }

  async function sessionPayload(row: SessionRow, balance: SessionBalance) {
    const [stats] = await ctx.database.query<{ rounds: number; staked: string; won: string; net: string }>(
      `SELECT count(*)::int AS rounds, round(COALESCE(sum(stake), 0), $2)::text AS staked, round(COALESCE(sum(win), 0), $2)::text AS won,
              round(COALESCE(sum(win), 0) - COALESCE(sum(stake), 0), $2)::text AS net
         FROM house.rounds WHERE session_id = $1 AND status = 'settled'`,
      [row.id, row.decimals],
    );
    return {
      session_id: row.id,
      game_code: row.game_code,
      mode: row.mode,
      currency: balance.currency,
      balance: balance.balance,
      bonus_balance: balance.bonus_balance,
      fairness: fairnessView(row),
      pending_round: await pendingRound(ctx, row),
      stats: {
        started_at: new Date(row.created_at).toISOString(),
        rounds: stats!.rounds,
        staked: stats!.staked,
        won: stats!.won,
        net: stats!.net,
      },
      jurisdiction: jurisdictionView(sessionProfile(row)),
      free_spins: freeSpinsView(findGame(row.game_code)?.canFreeSpins ?? false, row.mode, balance.free_spins),
    };
  }
}

function ok<T>(request: FastifyRequest, payload: T) {
  return { status: "ok" as const, payload, metadata: { request_id: request.id } };
}

function fail(request: FastifyRequest, code: string, message: string, extra: Record<string, unknown> = {}) {
  return { status: "error" as const, payload: { code, message, ...extra }, metadata: { request_id: request.id } };
}
