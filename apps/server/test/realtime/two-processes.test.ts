import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, Socket as NetSocket } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "@croupier/db/create-database";
import { DEMO_PLAYER } from "@croupier/db/seed/seed-identity";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { signBody } from "../../src/modules/provider-wallet/signature.ts";
import { openSocket, waitForEvent, type TestSocket } from "./realtime-helpers.ts";

/*
 * Two real server processes on one PostgreSQL database and one Redis: A dispatches the outbox,
 * B only holds sockets (REALTIME_DISPATCH=false), so an event caused through A can reach a socket
 * on B only through the Redis adapter.
 */

// The development default of PROVIDER_HOUSE_SECRET (the spawned servers run with it).
const HOUSE_SECRET = "dev-only-house-provider-secret";

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
  let database: DatabaseHandle | undefined;

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
    database = await createDatabase({ url: databaseUrl.toString(), poolMax: 2 });
  }, 120_000);

  afterAll(async () => {
    socketOnB?.close();
    await database?.close();
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
    expect(event.payload).toEqual({
      session_id: phone.sessionId,
      reason: "terminated",
      event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(phone.sessionId).not.toBe(laptop.sessionId);
  });

  it("delivers the balance event of a provider bet placed through process A to the player's socket on process B", async () => {
    const phone = await logIn(processB!);
    const { token } = await call<{ token: string }>(processB!, "/authorization/wss-token", { token: phone.accessToken });
    const socket = await openSocket(processB!.url, { token, user_agent: "two-process test" });
    try {
      // The seeded demo player's funded USD wallet, at a demo house game.
      const [seat] = await database!.query<{ wallet_guid: string; currency_guid: string; game_code: string; game_guid: string }>(
        `SELECT w.guid AS wallet_guid, w.currency_guid, g.external_guid AS game_code, g.guid AS game_guid
           FROM wallets w JOIN currencies c ON c.guid = w.currency_guid,
                games g
          WHERE w.customer_guid = $1 AND c.code = 'USD' AND w.balance >= 1
            AND g.game_provider = 'house' AND g.game_status = 'active' AND cardinality(g.currency_guids) = 0
          ORDER BY g.external_guid LIMIT 1`,
        [phone.userId],
      );
      expect(seat, "the demo seed funds a USD wallet and has house games").toBeDefined();
      const session = await issueGameSession(database!.db, {
        playerGuid: phone.userId,
        walletGuid: seat!.wallet_guid,
        providerCode: "house",
        gameCode: seat!.game_code,
        gameGuid: seat!.game_guid,
      });

      const body = JSON.stringify({
        request_uuid: crypto.randomUUID(),
        timestamp: new Date().toISOString(),
        token: session.token,
        game_code: seat!.game_code,
        round_id: `round-${crypto.randomUUID()}`,
        transaction_uuid: `bet-${crypto.randomUUID()}`,
        amount: "1.25",
        currency: "USD",
        is_free_spin: false,
        round_closed: false,
      });
      const response = await fetch(`${processA!.url}/api/v1/provider/house/wallet/bet`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature": signBody(HOUSE_SECRET, body) },
        body,
      });
      const answer = (await response.json()) as { status: string; balance: string };
      expect(answer.status).toBe("OK");

      const event = await waitForEvent(socket, (e) => e.type === "user_balance_updated", 10_000);
      expect(event.payload).toMatchObject({
        wallet_guid: seat!.wallet_guid,
        currency_guid: seat!.currency_guid,
        operation_type: "bet",
        event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(decimal(event.payload.balance)).toBe(decimal(answer.balance));
      expect(decimal(event.payload.operation_amount)).toBe(decimal("1.25"));
    } finally {
      socket.close();
    }
  });
});

/** Compares decimal strings without going through a JS number: "1.250" and "1.25" are equal. */
function decimal(value: unknown): string {
  const text = String(value);
  if (!text.includes(".")) return text;
  return text.replace(/0+$/, "").replace(/\.$/, "");
}
