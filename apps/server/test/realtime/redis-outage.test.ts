import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "@croupier/db/create-database";
import { DEMO_PLAYER } from "@croupier/db/seed/seed-identity";
import { enqueueEvent } from "../../src/modules/realtime/enqueue-event.ts";
import { OUTBOX_UNDELIVERED, openSocket, type Received, type TestSocket } from "./realtime-helpers.ts";

/*
 * ADR 030: two server processes on one PostgreSQL database and a Redis of this test's own (a
 * child process on a free port, so stopping it leaves the shared Redis alone). A dispatches the
 * outbox, B only holds sockets. Redis stops in the middle of a stream of events and comes back:
 * A's socket gets every event at once, B's gets the ones written meanwhile after Redis returns,
 * and each socket gets each event exactly once.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");
const redisAvailable = spawnSync("redis-server", ["--version"]).status === 0;
const skipReason = !ADMIN_URL
  ? "TEST_DATABASE_URL is not set"
  : !redisAvailable
    ? "redis-server is not installed"
    : null;
if (skipReason)
  console.warn(`[realtime redis-outage test] SKIPPED: ${skipReason} (needs PostgreSQL and redis-server).`);

const EVENT_TYPE = "customer_segment_added";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const until = async (condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) => {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

type Redis = { child: ChildProcess; output: string[] };

async function startRedis(port: number): Promise<Redis> {
  const output: string[] = [];
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  await until(() => {
    if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output.join("")}`);
    return output.join("").includes("Ready to accept connections");
  }, "redis-server ready");
  return { child, output };
}

async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

type ServerProcess = { url: string; child: ChildProcess; output: string[] };

async function startServer(
  databaseUrl: string,
  redisUrl: string,
  extraEnv: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SERVE_WEB: "false",
      SEED_DEMO_DATA: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join("")}`);
      try {
        return (await fetch(`${url}/readyz`)).ok;
      } catch {
        return false;
      }
    },
    "server ready",
    60_000,
  );
  return { url, child, output };
}

async function call<T>(server: ServerProcess, route: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}/api/v1${route}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(options.body ?? {}),
  });
  const json = (await response.json()) as { payload: T };
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.payload;
}

/** A socket of the demo player on `server`, through a login session of its own. */
async function playerSocket(server: ServerProcess) {
  const anonymous = await call<{ access_token: string }>(server, "/session/create");
  const tokens = await call<{ access_token: string }>(server, "/authorization/login", {
    token: anonymous.access_token,
    body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
  });
  const claims = JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as { sub: string };
  const { token } = await call<{ token: string }>(server, "/authorization/wss-token", { token: tokens.access_token });
  return { userId: claims.sub, socket: await openSocket(server.url, { token, user_agent: "redis-outage test" }) };
}

const sequence = (client: TestSocket, run: string) =>
  client.received
    .filter((event: Received) => event.type === EVENT_TYPE && event.payload.run === run)
    .map((event) => event.payload.seq as number);

describe.skipIf(skipReason !== null)("realtime while Redis stops mid-stream (two processes)", () => {
  const databaseName = `croupier_rd_${randomBytes(6).toString("hex")}`;
  let redisPort = 0;
  let redis: Redis | undefined;
  let processA: ServerProcess | undefined;
  let processB: ServerProcess | undefined;
  let database: DatabaseHandle | undefined;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const databaseUrl = new URL(ADMIN_URL!);
    databaseUrl.pathname = `/${databaseName}`;
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    // One after the other: the first start migrates and seeds the fresh database.
    processA = await startServer(databaseUrl.toString(), redisUrl, { REALTIME_DISPATCH: "true" });
    processB = await startServer(databaseUrl.toString(), redisUrl, { REALTIME_DISPATCH: "false" });
    database = await createDatabase({ url: databaseUrl.toString(), poolMax: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await database?.close();
    await Promise.all([stopChild(processA?.child), stopChild(processB?.child)]);
    await stopChild(redis?.child);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it("delivers to the process's own sockets at once while Redis is down, to the other process's after it returns, each exactly once", async () => {
    const onA = await playerSocket(processA!);
    const onB = await playerSocket(processB!);
    sockets.push(onA.socket, onB.socket);
    const userId = onA.userId;
    const run = crypto.randomUUID();
    const emit = (seq: number) =>
      database!.db.transaction((tx) => enqueueEvent(tx, { type: EVENT_TYPE, payload: { run, seq }, userGuid: userId }));
    const undelivered = async (seq: number) =>
      (
        await database!.query<{ undelivered: boolean }>(
          `SELECT ${OUTBOX_UNDELIVERED} AS undelivered FROM outbox_events o WHERE payload->>'run' = $1 AND (payload->>'seq')::int = $2`,
          [run, seq],
        )
      )[0]?.undelivered === true;

    // Redis up: both processes' sockets get the first events.
    for (let seq = 1; seq <= 5; seq += 1) await emit(seq);
    await until(
      () => sequence(onA.socket, run).length === 5 && sequence(onB.socket, run).length === 5,
      "events 1-5 on both",
    );

    // Redis stops mid-stream: nothing can cross between the processes now.
    await stopChild(redis!.child);
    for (let seq = 6; seq <= 15; seq += 1) await emit(seq);
    await until(() => sequence(onA.socket, run).length === 15, "events 6-15 on A while Redis is down");
    // A emitted them to its own socket without marking them delivered: they still have to reach B.
    expect(sequence(onA.socket, run)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(sequence(onB.socket, run)).toEqual([1, 2, 3, 4, 5]);
    expect(await undelivered(15)).toBe(true);
    expect(redis!.child.exitCode ?? redis!.child.signalCode).not.toBeNull();

    // Redis returns on the same port; both processes reconnect by themselves.
    redis = await startRedis(redisPort);
    await until(() => sequence(onB.socket, run).length >= 15, "events 6-15 on B after Redis returns");
    await until(async () => !(await undelivered(15)), "held rows marked delivered");
    for (let seq = 16; seq <= 20; seq += 1) await emit(seq);
    await until(
      () => sequence(onA.socket, run).length >= 20 && sequence(onB.socket, run).length >= 20,
      "events 16-20 on both",
    );

    const all = Array.from({ length: 20 }, (_, i) => i + 1);
    // A's socket: every event once, in the order written.
    expect(sequence(onA.socket, run)).toEqual(all);
    // B's socket: every event once (rows held back arrive in id order too).
    expect(sequence(onB.socket, run)).toEqual(all);
    expect(new Set(onB.socket.received.filter((e) => e.type === EVENT_TYPE).map((e) => e.payload.event_id)).size).toBe(
      20,
    );
  }, 120_000);
});
