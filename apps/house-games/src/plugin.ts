import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { migrateHouse } from "./db/migrate-house.ts";
import { findGame, houseGames } from "./games/game-catalog.ts";
import { sendAsset, sendClientPage, DEFAULT_CLIENT_DIST } from "./http/serve-client.ts";
import { gameDefinition, gameSummary } from "./service/game-definition.ts";
import { loadHouseConfig, type HouseConfig } from "./service/house-config.ts";
import type { HouseContext } from "./service/house-context.ts";
import { HouseError } from "./service/house-error.ts";
import { liveBetBody, LiveTables } from "./service/live-tables.ts";
import { actionBody, actOnRound, getRound, listRounds, pendingRound, playRound, playRoundBody, recoverRounds } from "./service/rounds.ts";
import { fairnessView, findSessionByKey, rotateSeeds, sessionBalance, setClientSeed, startSession, type SessionRow } from "./service/sessions.ts";
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
};

export type HouseGamesApi = { ctx: HouseContext; live: LiveTables; recover: () => Promise<number> };

const gameCodeParam = z.object({ game_code: z.string().min(1).max(128) });
const roundIdParam = z.object({ round_id: z.uuid() });
const playQuery = z.object({
  token: z.string().max(256).optional(),
  mode: z.enum(["real", "demo"]).default("real"),
  lang: z.string().max(8).default("en"),
  exit_url: z.string().max(1000).optional(),
  currency: z.string().max(16).optional(),
});
const sessionBody = z.object({
  game_code: z.string().min(1).max(128),
  mode: z.enum(["real", "demo"]),
  token: z.string().min(1).max(256).optional(),
  currency: z.string().regex(/^[A-Z0-9]{2,16}$/).optional(),
  lang: z.string().max(8).optional(),
});
const clientSeedBody = z.object({ client_seed: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const rotateBody = z.object({ client_seed: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional() }).default({});
const historyQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

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
  };
  const live = new LiveTables(ctx);
  const distDir = options.clientDist ?? DEFAULT_CLIENT_DIST;
  await migrateHouse(options.database);
  houseGames();

  options.expose?.({ ctx, live, recover: () => recoverRounds(ctx) });

  let recoveryTimer: NodeJS.Timeout | null = null;
  app.addHook("onReady", async () => {
    if (config.liveTables) live.start();
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
    const validation = (error as { validation?: unknown; statusCode?: number }).validation;
    if (validation || (error as { code?: string }).code === "FST_ERR_VALIDATION") {
      return reply.status(400).send(fail(request, "VALIDATION_ERROR", error instanceof Error ? error.message : "Invalid request."));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return reply.status(status).send(fail(request, "BAD_REQUEST", "Bad request."));
    request.log.error({ err: error }, "house games request failed");
    return reply.status(500).send(fail(request, "INTERNAL_ERROR", "Something went wrong; quote the request id."));
  });

  const session = async (request: FastifyRequest): Promise<SessionRow> => {
    const header = request.headers.authorization;
    const key = typeof header === "string" && header.startsWith("Bearer ") ? header.slice(7) : undefined;
    return findSessionByKey(ctx, key);
  };

  // Pages.
  app.get("/play/:game_code", async (request, reply) => {
    const { game_code } = gameCodeParam.parse(request.params);
    const query = playQuery.parse(request.query);
    if (!findGame(game_code)) return reply.status(404).type("text/plain").send("No such game.");
    return sendClientPage(reply, distDir, {
      page: "play", game_code, mode: query.mode, token: query.token ?? null, lang: query.lang, exit_url: query.exit_url ?? null, currency: query.currency ?? null, api_base: "/house/api",
    });
  });
  app.get("/verify", async (request, reply) => {
    const query = z.record(z.string(), z.string().max(200)).parse(request.query);
    return sendClientPage(reply, distDir, { page: "verify", ...query, api_base: "/house/api" });
  });
  app.get("/assets/*", async (request, reply) => sendAsset(reply, distDir, (request.params as { "*": string })["*"]));

  // Catalogue (public).
  app.get("/api/games", async (request) => ok(request, [...houseGames().values()].map(gameSummary)));
  app.get("/api/games/:game_code", async (request) => {
    const game = findGame(gameCodeParam.parse(request.params).game_code);
    if (!game) throw new HouseError("NOT_FOUND", "No such game.", 404);
    return ok(request, gameDefinition(game, config));
  });

  // Sessions.
  app.post("/api/sessions", async (request, reply) => {
    const body = sessionBody.parse(request.body);
    const started = await startSession(ctx, { gameCode: body.game_code, mode: body.mode, token: body.token, currency: body.currency });
    return reply.status(201).send(ok(request, { session_key: started.key, ...(await sessionPayload(started.session, started.balance)) }));
  });
  app.get("/api/session", async (request) => {
    const current = await session(request);
    return ok(request, await sessionPayload(current, await sessionBalance(ctx, current)));
  });
  app.get("/api/balance", async (request) => ok(request, await sessionBalance(ctx, await session(request))));

  // Fairness.
  app.get("/api/fairness", async (request) => ok(request, fairnessView(await session(request))));
  app.put("/api/fairness/client-seed", async (request) => ok(request, await setClientSeed(ctx, await session(request), clientSeedBody.parse(request.body).client_seed)));
  app.post("/api/fairness/rotate", async (request) => ok(request, await rotateSeeds(ctx, await session(request), rotateBody.parse(request.body ?? {}).client_seed)));

  // Rounds.
  app.post("/api/rounds", async (request, reply) => reply.status(201).send(ok(request, await playRound(ctx, await session(request), playRoundBody.parse(request.body)))));
  app.post("/api/rounds/:round_id/actions", async (request) => {
    const { round_id } = roundIdParam.parse(request.params);
    return ok(request, await actOnRound(ctx, await session(request), round_id, actionBody.parse(request.body).action));
  });
  app.get("/api/rounds/:round_id", async (request) => ok(request, await getRound(ctx, await session(request), roundIdParam.parse(request.params).round_id)));
  app.get("/api/rounds", async (request) => ok(request, await listRounds(ctx, await session(request), historyQuery.parse(request.query).limit)));

  // Verify (public).
  app.post("/api/verify", async (request) => ok(request, verifyRound(verifyBody.parse(request.body))));
  app.get("/api/verify/rounds/:round_id", async (request) => ok(request, await lookupRound(ctx, z.object({ round_id: z.string().min(1).max(128) }).parse(request.params).round_id)));

  // Live tables.
  app.get("/api/live/tables", async (request) => ok(request, await Promise.all(live.liveGames().map((game) => live.table(game.code)))));
  app.get("/api/live/:game_code", async (request) => ok(request, await live.table(gameCodeParam.parse(request.params).game_code)));
  const sameTable = async (request: FastifyRequest) => {
    const current = await session(request);
    if (current.game_code !== gameCodeParam.parse(request.params).game_code) throw new HouseError("VALIDATION_ERROR", "This session belongs to another game.", 400);
    return current;
  };
  app.post("/api/live/:game_code/seat", async (request) => ok(request, await live.seat(await sameTable(request))));
  app.delete("/api/live/:game_code/seat", async (request) => ok(request, await live.leave(await sameTable(request))));
  app.post("/api/live/:game_code/bets", async (request, reply) => reply.status(201).send(ok(request, await live.placeBet(await sameTable(request), liveBetBody.parse(request.body)))));
  app.get("/api/live/:game_code/my-bets", async (request) => {
    const { round_id } = z.object({ round_id: z.uuid() }).parse(request.query);
    return ok(request, await live.myBets(await sameTable(request), round_id));
  });
  app.get("/api/live/:game_code/events", async (request, reply) => streamTable(request, reply));

  async function streamTable(request: FastifyRequest, reply: FastifyReply) {
    const { game_code } = gameCodeParam.parse(request.params);
    const { session_key } = z.object({ session_key: z.string().max(100).optional() }).parse(request.query);
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

  async function sessionPayload(row: SessionRow, balance: { balance: string; bonus_balance: string; currency: string }) {
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
      jurisdiction: { code: config.jurisdiction, min_spin_interval_ms: config.minSpinIntervalMs, autoplay: config.autoplay },
      free_spins: { available: findGame(row.game_code)?.canFreeSpins ?? false },
    };
  }
}

function ok(request: FastifyRequest, payload: unknown) {
  return { status: "ok", payload, metadata: { request_id: request.id } };
}

function fail(request: FastifyRequest, code: string, message: string, extra: Record<string, unknown> = {}) {
  return { status: "error", payload: { code, message, ...extra }, metadata: { request_id: request.id } };
}
