// npm run bench:realtime [-- --sockets N]: realtime event latency and the memory of many sockets.
//
// 1. A fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
//    postgres://postgres@127.0.0.1:5432/postgres as the admin URL), migrated and seeded, and a
//    Redis of its own (redis-server on a free port, nothing saved), so the shared one is left alone.
// 2. Two real server processes in production mode on both: A dispatches the outbox, B only holds
//    sockets (REALTIME_DISPATCH=false). A probe player has one socket on A and one on B.
// 3. Latency: BENCH_EVENTS events for the probe player are written one after the other (a
//    transaction with enqueueEvent, as every writer does); for each, the time from the start of
//    the writing transaction to its arrival on A's socket (same process: NOTIFY, claim, local
//    emit) and on B's (cross process: through Redis). Idle, then under wallet load (signed
//    bet → win pairs on BENCH_CONNECTIONS concurrent loops against A, each call writing its
//    own balance event).
// 4. With Redis stopped: the same probe on A's socket (ADR 030: local clients never wait on Redis),
//    and how long B's socket waited for those events once Redis is back.
// 5. RSS of process A before and after --sockets (default 10,000) authenticated sockets of
//    distinct players, each in its own login session, connected to it.
// Prints figures; never asserts on them. The generator shares the machine's cores with both servers.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { io as connectSocket, type Socket } from "socket.io-client";
import { createDatabase, type DatabaseHandle } from "@croupier/db/create-database";
import { migrate } from "@croupier/db/migrate";
import { seed } from "@croupier/db/seed/seed";
import { issueGameSession } from "../../apps/server/src/modules/game-sessions/issue-game-session.ts";
import { issueWssToken } from "../../apps/server/src/modules/identity/verify-wss-token.ts";
import { PLATFORM_OWNER, systemAccountGuid } from "../../apps/server/src/modules/ledger/ledger-accounts.ts";
import { moveWalletMoney } from "../../apps/server/src/modules/ledger/move-wallet-money.ts";
import { signBody } from "../../apps/server/src/modules/provider-wallet/signature.ts";
import { enqueueEvent } from "../../apps/server/src/modules/realtime/enqueue-event.ts";
import { getOrCreateWallet } from "../../apps/server/src/modules/wallet/get-or-create-wallet.ts";
import { freePort, startServer, stopProcess, waitForReady } from "../lib/processes.mjs";

const { values: flags } = parseArgs({ options: { sockets: { type: "string" } }, allowPositionals: false });
const positiveInt = (name: string, raw: string | undefined, fallback: number) => {
  const value = Number(raw ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const SOCKETS = positiveInt("--sockets", flags.sockets ?? process.env.BENCH_SOCKETS, 10_000);
const EVENTS = positiveInt("BENCH_EVENTS", process.env.BENCH_EVENTS, 200);
const CONNECTIONS = positiveInt("BENCH_CONNECTIONS", process.env.BENCH_CONNECTIONS, 20);
const WALLETS = 40;
// Sockets opened at a time: every handshake checks its token and session in the database.
const CONNECT_CONCURRENCY = 200;
const EVENT_TIMEOUT_MS = 30_000;

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const jwtEnv = { JWT_SECRET: randomBytes(32).toString("hex"), JWT_ISSUER: "croupier", JWT_AUDIENCE: "croupier-player" };
const HOUSE_SECRET = randomBytes(16).toString("hex");

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms (n=${sorted.length})`;
};

const rssMb = (pid: number) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : Number.NaN;
};

/** A player row and a live login session; many at once in one statement. */
async function createPlayers(database: DatabaseHandle, count: number) {
  const rows = await database.query<{ user_guid: string; session_guid: string }>(
    `WITH u AS (
       INSERT INTO users (email) SELECT 'rt-bench-' || gen_random_uuid() || '@example.com' FROM generate_series(1, $1) RETURNING guid)
     INSERT INTO sessions (user_guid, refresh_expires_at, logged_in_at)
     SELECT guid, now() + interval '1 day', now() FROM u RETURNING user_guid, guid AS session_guid`,
    [count],
  );
  return rows.map((row) => ({ userId: row.user_guid, sessionId: row.session_guid }));
}

type Client = { socket: Socket; waiters: Map<string, (at: number) => void> };

function openClient(url: string, player: { userId: string; sessionId: string }, listen: boolean): Promise<Client> {
  return issueWssToken(jwtEnv, player).then(
    (token) =>
      new Promise((resolve, reject) => {
        const socket = connectSocket(url, {
          path: "/socket.io",
          transports: ["websocket"],
          reconnection: true,
          forceNew: true,
          auth: { token },
          timeout: 20_000,
        });
        const waiters = new Map<string, (at: number) => void>();
        if (listen)
          socket.onAny((_type: string, payload: { probe?: string }) => {
            if (payload?.probe) waiters.get(payload.probe)?.(performance.now());
          });
        socket.once("connect", () => resolve({ socket, waiters }));
        socket.once("connect_error", (error) => {
          socket.disconnect();
          reject(error);
        });
      }),
  );
}

const arrival = (client: Client, probe: string) =>
  new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`probe ${probe} did not arrive within ${EVENT_TIMEOUT_MS} ms`)),
      EVENT_TIMEOUT_MS,
    );
    client.waiters.set(probe, (at) => {
      clearTimeout(timer);
      client.waiters.delete(probe);
      resolve(at);
    });
  });

/** Writes EVENTS probe events one after the other; per event, ms from the write's start to each socket. */
async function probeLatency(
  database: DatabaseHandle,
  userId: string,
  onA: Client,
  onB: Client | undefined,
  events = EVENTS,
) {
  const same: number[] = [];
  const cross: number[] = [];
  for (let i = 0; i < events; i += 1) {
    const probe = randomUUID();
    const atA = arrival(onA, probe);
    const atB = onB ? arrival(onB, probe) : undefined;
    const started = performance.now();
    await database.db.transaction((tx) =>
      enqueueEvent(tx, { type: "customer_segment_added", payload: { probe } as never, userGuid: userId }),
    );
    same.push((await atA) - started);
    if (atB) cross.push((await atB) - started);
  }
  return { same, cross };
}

type Seat = { token: string; gameCode: string };

async function prepareSeats(database: DatabaseHandle): Promise<Seat[]> {
  const [game] = await database.query<{ code: string; guid: string }>(
    `SELECT g.external_guid AS code, g.guid FROM games g JOIN tags t ON t.guid = g.system_tag_guid
      WHERE g.game_provider = 'house' AND g.game_status = 'active' AND t.name = 'Slots' ORDER BY g.external_guid LIMIT 1`,
  );
  if (!game) throw new Error("no house game in the demo catalogue");
  const [usd] = await database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = 'USD'");
  const clearing = await systemAccountGuid(database.db, {
    kind: "payment_clearing",
    owner: PLATFORM_OWNER,
    currencyGuid: usd!.guid,
  });
  const seats: Seat[] = [];
  for (const player of await createPlayers(database, WALLETS)) {
    const wallet = await getOrCreateWallet(database.db, {
      playerGuid: player.userId,
      currencyGuid: usd!.guid,
      setActive: true,
    });
    await moveWalletMoney(database.db, {
      walletGuid: wallet.guid,
      pocket: "balance",
      direction: "credit",
      amount: "1000000",
      counterpartyAccountGuid: clearing,
      kind: "deposit",
      idempotencyKey: `bench:deposit:${wallet.guid}`,
      operationType: "deposit",
    });
    const session = await issueGameSession(database.db, {
      playerGuid: player.userId,
      walletGuid: wallet.guid,
      providerCode: "house",
      gameCode: game.code,
      gameGuid: game.guid,
      ttlSeconds: 3600,
    });
    seats.push({ token: session.token, gameCode: game.code });
  }
  return seats;
}

/** Bet → win pairs on CONNECTIONS concurrent loops (fetch's keep-alive pool) until stopped; resolves to the calls made. */
function startWalletLoad(baseUrl: string, seats: Seat[]) {
  const url = new URL(baseUrl);
  let stop = false;
  let calls = 0;
  const statuses = new Map<string, number>();
  const post = async (method: string, body: Record<string, unknown>) => {
    const payload = JSON.stringify({ request_uuid: randomUUID(), timestamp: new Date().toISOString(), ...body });
    const answer = await fetch(`${url.origin}/api/v1/provider/house/wallet/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signBody(HOUSE_SECRET, payload) },
      body: payload,
    });
    const text = await answer.text();
    let status = `HTTP ${answer.status}`;
    try {
      status = (JSON.parse(text) as { status: string }).status;
    } catch {
      // keep the HTTP status
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    calls += 1;
  };
  const worker = async (index: number) => {
    for (let turn = 0; !stop; turn += 1) {
      const seat = seats[(index + turn * CONNECTIONS) % seats.length]!;
      const common = { token: seat.token, game_code: seat.gameCode, round_id: `r-${randomUUID()}`, currency: "USD" };
      const bet = `b-${randomUUID()}`;
      try {
        await post("bet", { ...common, transaction_uuid: bet, amount: "1", is_free_spin: false, round_closed: false });
        await post("win", {
          ...common,
          transaction_uuid: `w-${randomUUID()}`,
          reference_transaction_uuid: bet,
          amount: "0.5",
          round_closed: true,
        });
      } catch (error) {
        statuses.set(
          `NETWORK_ERROR ${(error as Error).message}`,
          (statuses.get(`NETWORK_ERROR ${(error as Error).message}`) ?? 0) + 1,
        );
      }
    }
  };
  const workers = Array.from({ length: CONNECTIONS }, (_, i) => worker(i));
  let from = { calls: 0, at: performance.now() };
  return {
    /** Resolves once every loop has made a few calls (a fresh database's first calls are slow), then counts from there. */
    warmUp: async () => {
      while (calls < 4 * CONNECTIONS) await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      from = { calls, at: performance.now() };
    },
    stop: async () => {
      const measured = { calls: calls - from.calls, seconds: (performance.now() - from.at) / 1000 };
      stop = true;
      await Promise.all(workers);
      return { ...measured, statuses: Object.fromEntries(statuses) };
    },
  };
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
  });
  return child;
}

async function main() {
  const name = `croupier_bench_rt_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const redisPort = await freePort();
  let redis: ChildProcess | undefined;
  const servers: ChildProcess[] = [];
  const clients: Client[] = [];
  const database = await createDatabase({ url: databaseUrl, poolMax: 10 });
  try {
    console.log(`Preparing ${name} (migrate, demo seed, ${WALLETS} funded wallets) and a Redis on port ${redisPort} …`);
    await migrate(database);
    await seed(database.db, { demo: true });
    const seats = await prepareSeats(database);
    // The wallet load is only the background here. With PostgreSQL's JIT on, the wallet's calls on
    // this fresh database spent seconds each compiling (PostgreSQL 15, jit_above_cost 100000): the
    // load stalled instead of loading. Off for this database only, and said so.
    await database.query(`ALTER DATABASE ${name} SET jit = off`);
    console.log("  (jit = off for the bench database: the wallet load is background, not what is measured)");
    redis = await startRedis(redisPort);

    const start = async (dispatch: boolean) => {
      const port = await freePort();
      const child = startServer(
        {
          DATABASE_URL: databaseUrl,
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          REALTIME_DISPATCH: String(dispatch),
          HOST: "127.0.0.1",
          PORT: String(port),
          SERVE_WEB: "false",
          LOG_LEVEL: "error",
          SEED_DEMO_DATA: "false",
          NODE_ENV: "production",
          ...jwtEnv,
          PROVIDER_HOUSE_SECRET: HOUSE_SECRET,
          STAFF_SECRET_KEY: randomBytes(32).toString("hex"),
          DOCUMENTS_KEY: randomBytes(32).toString("hex"),
        },
        { quiet: true },
      );
      servers.push(child);
      const origin = `http://127.0.0.1:${port}`;
      await waitForReady(`${origin}/readyz`, child);
      return { origin, pid: child.pid! };
    };
    const a = await start(true);
    const b = await start(false);

    const [probePlayer] = await createPlayers(database, 1);
    const [probeSessionB] = await database.query<{ guid: string }>(
      `INSERT INTO sessions (user_guid, refresh_expires_at, logged_in_at) VALUES ($1, now() + interval '1 day', now()) RETURNING guid`,
      [probePlayer!.userId],
    );
    const onA = await openClient(a.origin, probePlayer!, true);
    const onB = await openClient(b.origin, { userId: probePlayer!.userId, sessionId: probeSessionB!.guid }, true);
    clients.push(onA, onB);
    // Warm-up: JIT, pools, Redis subscriptions.
    await probeLatency(database, probePlayer!.userId, onA, onB, 20);

    console.log(`\nEvent latency, write → socket, ${EVENTS} events one after the other:`);
    const idle = await probeLatency(database, probePlayer!.userId, onA, onB);
    console.log(`  idle, same process:   ${summary(idle.same)}`);
    console.log(`  idle, cross process:  ${summary(idle.cross)}`);

    const walletLoad = startWalletLoad(a.origin, seats);
    await walletLoad.warmUp();
    const loaded = await probeLatency(database, probePlayer!.userId, onA, onB);
    const load = await walletLoad.stop();
    console.log(
      `  wallet load (${CONNECTIONS} connections, ${(load.calls / load.seconds).toFixed(0)} calls/s, each writing a balance event; answers ${JSON.stringify(load.statuses)}):`,
    );
    console.log(`    same process:       ${summary(loaded.same)}`);
    console.log(`    cross process:      ${summary(loaded.cross)}`);
    // Delivery writes no row (ADR 041): what is left past the cursor and in its gaps right after the load.
    const [outbox] = await database.query<{ kept: string; behind: string; gaps: number }>(
      `SELECT (SELECT count(*) FROM outbox_events)::text AS kept,
              (SELECT count(*) FROM outbox_events WHERE id > c.head)::text AS behind,
              jsonb_array_length(c.gaps) AS gaps
         FROM outbox_cursor c`,
    );
    console.log(
      `    outbox (ADR 041):   ${outbox?.kept} rows kept, ${outbox?.behind} past the cursor, ${outbox?.gaps} gap ranges open`,
    );

    // Redis away: A's own socket must not wait; B's catches up once Redis is back.
    await stopProcess(redis);
    redis = undefined;
    const heldProbes: string[] = [];
    const heldOnB: Promise<number>[] = [];
    const down: number[] = [];
    for (let i = 0; i < Math.min(EVENTS, 50); i += 1) {
      const probe = randomUUID();
      heldProbes.push(probe);
      heldOnB.push(arrival(onB, probe));
      const atA = arrival(onA, probe);
      const started = performance.now();
      await database.db.transaction((tx) =>
        enqueueEvent(tx, {
          type: "customer_segment_added",
          payload: { probe } as never,
          userGuid: probePlayer!.userId,
        }),
      );
      down.push((await atA) - started);
    }
    console.log(`  Redis stopped, same process: ${summary(down)}`);
    const restarted = performance.now();
    redis = await startRedis(redisPort);
    const lastOnB = Math.max(...(await Promise.all(heldOnB)));
    console.log(
      `  Redis restarted: B's socket had all ${heldProbes.length} held events ${(lastOnB - restarted).toFixed(0)} ms after redis-server started`,
    );

    console.log(
      `\nRSS of process A with ${SOCKETS.toLocaleString("en")} authenticated sockets (distinct players and sessions):`,
    );
    const before = rssMb(a.pid);
    const players = await createPlayers(database, SOCKETS);
    for (let i = 0; i < players.length; i += CONNECT_CONCURRENCY) {
      const opened = await Promise.all(
        players.slice(i, i + CONNECT_CONCURRENCY).map((player) => openClient(a.origin, player, false)),
      );
      clients.push(...opened);
    }
    // Let the server settle (joins, handshakes' garbage) before reading RSS.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = rssMb(a.pid);
    console.log(
      `  before: ${before.toFixed(0)} MB, after: ${after.toFixed(0)} MB (+${(((after - before) * 1024) / SOCKETS).toFixed(1)} KB per socket)`,
    );
    const withSockets = await probeLatency(database, probePlayer!.userId, onA, onB, Math.min(EVENTS, 100));
    console.log(
      `  latency with them connected, same process: ${summary(withSockets.same)}; cross process: ${summary(withSockets.cross)}`,
    );
  } finally {
    for (const client of clients) client.socket.disconnect();
    await database.close();
    await Promise.all(servers.map((server) => stopProcess(server)));
    if (redis) await stopProcess(redis);
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}

await main();
