import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, Socket as NetSocket } from "node:net";
import path from "node:path";
import pg from "pg";
import { io as connectSocket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "@croupier/db/create-database";
import { DEMO_PLAYER } from "@croupier/db/seed/seed-identity";
import { loadEnv } from "../../src/env.ts";
import { signStaffToken } from "../../src/modules/staff/staff-token.ts";
import { openSocket, waitForEvent, type Received, type TestSocket } from "../realtime/realtime-helpers.ts";

/*
 * Live chat across two server processes on one PostgreSQL database and one Redis (like
 * test/realtime/two-processes.test.ts): the console's socket sits on B, the player talks to A.
 * Presence (a row B writes) reaches A's widget; A's outbox event and A's typing relay reach the console on
 * B through the Redis adapter of the /backoffice namespace; B's staff typing reaches the player's socket on A.
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
if (skipReason) console.warn(`[live chat two-process test] SKIPPED: ${skipReason} (needs PostgreSQL and Redis).`);

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

async function call<T>(
  server: ServerProcess,
  method: "GET" | "POST",
  route: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${server.url}/api/v1${route}`, {
    method,
    headers: {
      ...(method === "POST" ? { "content-type": "application/json" } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined,
  });
  const json = (await response.json()) as { payload: T };
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.payload;
}

function openStaffSocket(url: string, token: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(`${url}/backoffice`, {
      path: "/socket.io",
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    const received: Received[] = [];
    socket.onAny((type: string, payload: Record<string, unknown>) => received.push({ type, payload }));
    socket.once("connect", () => resolve({ socket, received, close: () => socket.disconnect() }));
    socket.once("connect_error", (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(skipReason !== null)("live chat across two server processes (PostgreSQL + Redis)", () => {
  const databaseName = `croupier_chat2p_${randomBytes(6).toString("hex")}`;
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
    processA = await startServer(databaseUrl.toString(), { REALTIME_DISPATCH: "true" });
    processB = await startServer(databaseUrl.toString(), { REALTIME_DISPATCH: "false" });
    database = await createDatabase({ url: databaseUrl.toString(), poolMax: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await database?.close();
    await Promise.all([stopServer(processA), stopServer(processB)]);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it("shares presence, inbox events and typing between a console on B and a player on A", async () => {
    // A support agent with a live session, and their console's socket on B.
    const [staff] = await database!.query<{ guid: string }>(
      `INSERT INTO staff_users (email, display_name, password_hash, role, totp_secret, totp_enrolled_at)
       VALUES ($1, 'Two-process support', 'not-a-usable-hash', 'support', 'test-secret', now()) RETURNING guid`,
      [`chat-2p-${randomBytes(4).toString("hex")}@staff.test`],
    );
    const [staffSession] = await database!.query<{ guid: string }>(
      `INSERT INTO staff_sessions (staff_guid, expires_at) VALUES ($1, now() + interval '8 hours') RETURNING guid`,
      [staff!.guid],
    );
    // The spawned servers run on the test environment's default secrets.
    const staffToken = await signStaffToken(loadEnv({ NODE_ENV: "test" }), {
      sessionId: staffSession!.guid,
      staffId: staff!.guid,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });

    const anonymous = await call<{ access_token: string }>(processA!, "POST", "/session/create");
    const tokens = await call<{ access_token: string }>(processA!, "POST", "/authorization/login", {
      token: anonymous.access_token,
      body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
    });
    const player = tokens.access_token;
    const { token: wss } = await call<{ token: string }>(processA!, "POST", "/authorization/wss-token", {
      token: player,
    });
    const playerSocket = await openSocket(processA!.url, { token: wss, user_agent: "chat two-process test" });
    sockets.push(playerSocket);

    const online = async () =>
      (await call<{ staff_online: boolean }>(processA!, "GET", "/chat/conversation", { token: player })).staff_online;
    expect(await online()).toBe(false);
    const console = await openStaffSocket(processB!.url, staffToken);
    sockets.push(console);
    await until(online);

    // A writes the message and dispatches its events; the console on B hears through Redis.
    const sent = await call<{ conversation_id: string }>(processA!, "POST", "/chat/messages", {
      token: player,
      body: { text: "Hello from A" },
    });
    const changed = await waitForEvent(console, (e) => e.type === "chat_inbox_changed", 10_000);
    expect(changed.payload).toMatchObject({ conversation_id: sent.conversation_id, reason: "message" });

    // Typing: the player's (relayed by A) reaches B's console; the staff's (relayed by B) reaches A's player socket.
    await call(processA!, "POST", "/chat/typing", { token: player });
    await waitForEvent(console, (e) => e.type === "chat_typing" && e.payload.side === "player", 10_000);
    console.socket.emit("chat_typing", { conversation_id: sent.conversation_id });
    const typing = await waitForEvent(playerSocket, (e) => e.type === "chat_typing", 10_000);
    expect(typing.payload).toEqual({ conversation_id: sent.conversation_id, side: "staff" });

    console.close();
    await until(async () => !(await online()));
  });
});
