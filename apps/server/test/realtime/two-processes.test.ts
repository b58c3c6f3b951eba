import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, Socket as NetSocket } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PLAYER } from "@croupier/db/seed/seed-identity";
import { openSocket, waitForEvent, type TestSocket } from "./realtime-helpers.ts";

/*
 * Two real server processes on one PostgreSQL database and one Redis: A dispatches the outbox,
 * B only holds sockets (REALTIME_DISPATCH=false), so an event caused through A can reach a socket
 * on B only through the Redis adapter.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");

const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const probe = new NetSocket();
  probe.setTimeout(1_000);
  probe.once("connect", () => (probe.destroy(), resolve(true)));
  probe.once("timeout", () => (probe.destroy(), resolve(false)));
  probe.once("error", () => resolve(false));
  probe.connect(Number(port || 6379), hostname);
});
const skipReason = !ADMIN_URL
  ? "TEST_DATABASE_URL is not set"
  : !redisReachable
    ? `Redis is not reachable at ${REDIS_URL}`
    : null;
if (skipReason) console.warn(`[realtime two-process test] SKIPPED: ${skipReason} (needs PostgreSQL and Redis).`);

type ServerProcess = { url: string; child: ChildProcess; output: string[] };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startServer(databaseUrl: string, extraEnv: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  // node --import tsx is `npx tsx` without the extra wrapper process, so the pid we kill is the server.
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      REDIS_URL,
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
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join("")}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child, output };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error(`server did not become ready:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopServer(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

type Envelope<T> = { status: string; payload: T };

async function call<T>(server: ServerProcess, route: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}/api/v1${route}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(options.body ?? {}),
  });
  const json = (await response.json()) as Envelope<T>;
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.payload;
}

/** A logged-in session of the demo player through `server`: its access token and sid. */
async function logIn(server: ServerProcess) {
  const anonymous = await call<{ access_token: string }>(server, "/session/create");
  const tokens = await call<{ access_token: string }>(server, "/authorization/login", {
    token: anonymous.access_token,
    body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
  });
  const claims = JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as {
    sid: string;
    sub: string;
  };
  return { accessToken: tokens.access_token, sessionId: claims.sid, userId: claims.sub };
}

describe.skipIf(skipReason !== null)("realtime across two server processes (PostgreSQL + Redis)", () => {
  const databaseName = `croupier_2p_${randomBytes(6).toString("hex")}`;
  let processA: ServerProcess | undefined;
  let processB: ServerProcess | undefined;
  let socketOnB: TestSocket | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const databaseUrl = new URL(ADMIN_URL!);
    databaseUrl.pathname = `/${databaseName}`;
    // One after the other: the first start migrates and seeds the fresh database.
    processA = await startServer(databaseUrl.toString(), { REALTIME_DISPATCH: "true" });
    processB = await startServer(databaseUrl.toString(), { REALTIME_DISPATCH: "false" });
  }, 120_000);

  afterAll(async () => {
    socketOnB?.close();
    await Promise.all([stopServer(processA), stopServer(processB)]);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it("delivers an event caused through process A to a socket connected to process B", async () => {
    const phone = await logIn(processB!);
    const { token } = await call<{ token: string }>(processB!, "/authorization/wss-token", { token: phone.accessToken });
    socketOnB = await openSocket(processB!.url, { token, user_agent: "two-process test" });

    // Through A: the player's laptop ends every other session, which announces session_closed for the phone.
    const laptop = await logIn(processA!);
    await call(processA!, "/session/terminate", { token: laptop.accessToken });

    const event = await waitForEvent(socketOnB, (e) => e.type === "session_closed", 10_000);
    expect(event.payload).toEqual({ session_id: phone.sessionId, event_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(phone.sessionId).not.toBe(laptop.sessionId);
  });
});
