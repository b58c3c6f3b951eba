import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { signBody } from "../../src/modules/provider-wallet/signature.ts";
import { hasPostgres, HOUSE_SECRET, seatPlayer, type Seat } from "./wallet-helpers.ts";

const root = path.resolve(import.meta.dirname, "../../../..");
const serverEntry = path.join(root, "apps/server/src/server.ts");
const tsxLoader = pathToFileURL(createRequire(path.join(root, "package.json")).resolve("tsx")).href;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The real server process (one node process, so kill -9 really kills the server). */
async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", tsxLoader, serverEntry], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", SERVE_WEB: "false", LOG_LEVEL: "error", SEED_DEMO_DATA: "false", NODE_ENV: "test" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error("server did not become ready");
}

type Call = { method: "bet" | "win"; body: Record<string, unknown>; seat: number; amount: number };

async function send(port: number, call: Call): Promise<{ status: string; balance: string | null } | null> {
  const payload = JSON.stringify({ ...call.body, request_uuid: randomUUID(), timestamp: new Date().toISOString() });
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/provider/house/wallet/${call.method}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signBody(HOUSE_SECRET, payload) },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status !== 200) return null;
    return (await res.json()) as { status: string; balance: string | null };
  } catch {
    return null; // the connection died with the server: not acknowledged
  }
}

describe.skipIf(!hasPostgres)("crash: kill -9 of the server during load (PostgreSQL)", () => {
  let database: TestDatabase;
  let server: ChildProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase({ demo: true });
  });
  afterAll(async () => {
    server?.kill("SIGKILL");
    await database?.close();
  });

  it("keeps every acknowledged call in the ledger, and the ledger reconciles after a restart", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database.name}`;
    const seats: Seat[] = [];
    for (let i = 0; i < 8; i += 1) seats.push(await seatPlayer(database, { cash: "1000" }));

    const port = await freePort();
    server = await startServer(url.toString(), port);
    const calls: Call[] = [];
    const acked = new Map<Call, { status: string; balance: string | null }>();
    let running = true;
    const loop = async (worker: number) => {
      while (running) {
        const seatIndex = worker % seats.length;
        const seat = seats[seatIndex]!;
        const round = `crash-${randomUUID()}`;
        const bet: Call = {
          method: "bet",
          seat: seatIndex,
          amount: 2,
          body: { token: seat.token, game_code: seat.gameCode, round_id: round, transaction_uuid: `cb-${randomUUID()}`, amount: "2", currency: "USD" },
        };
        calls.push(bet);
        const betAnswer = await send(port, bet);
        if (!betAnswer) continue;
        acked.set(bet, betAnswer);
        const win: Call = {
          method: "win",
          seat: seatIndex,
          amount: 1,
          body: { ...bet.body, transaction_uuid: `cw-${randomUUID()}`, reference_transaction_uuid: bet.body.transaction_uuid, amount: "1", round_closed: true },
        };
        calls.push(win);
        const winAnswer = await send(port, win);
        if (winAnswer) acked.set(win, winAnswer);
      }
    };
    const workers = Array.from({ length: 16 }, (_, i) => loop(i));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    server.kill("SIGKILL");
    await new Promise((resolve) => server!.once("exit", resolve));
    running = false;
    await Promise.all(workers);
    expect(acked.size).toBeGreaterThan(20);
    for (const answer of acked.values()) expect(answer.status).toBe("OK");

    server = await startServer(url.toString(), port);
    // Every acknowledged call is in the ledger with its game transaction.
    const stored = await database.query<{ transaction_uuid: string; transfers: number; game_transaction_guid: string | null }>(
      `SELECT p.tradeid AS transaction_uuid, CASE WHEN p.operation IN ('bet', 'win', 'rollback') THEN p.guid END AS game_transaction_guid,
              (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'house:' || p.tradeid || ':cash') AS transfers
         FROM game_transactions p WHERE p.provider_code = 'house' AND p.tradeid = ANY($1)`,
      [[...acked.keys()].map((c) => c.body.transaction_uuid)],
    );
    expect(stored).toHaveLength(acked.size);
    for (const row of stored) {
      expect(row.transfers, row.transaction_uuid).toBe(1);
      expect(row.game_transaction_guid).not.toBeNull();
    }
    // The provider retries what it never heard back about, and repeats what it did: all settle exactly once.
    for (const call of calls) {
      const answer = await send(port, call);
      expect(answer?.status, JSON.stringify(call.body)).toBe("OK");
      const original = acked.get(call);
      if (original) expect(answer?.balance).toBe(original.balance);
    }
    for (const [index, seat] of seats.entries()) {
      const mine = calls.filter((c) => c.seat === index);
      const expected = 1000 - mine.filter((c) => c.method === "bet").reduce((s, c) => s + c.amount, 0) + mine.filter((c) => c.method === "win").reduce((s, c) => s + c.amount, 0);
      const [row] = await database.query<{ balance: string }>("SELECT round(balance, 2)::text AS balance FROM wallets WHERE guid = $1", [seat.walletGuid]);
      expect(row!.balance).toBe(`${expected}.00`);
    }
    const report = await reconcileLedger(database.db);
    expect(report.culprits).toEqual([]);
    server.kill("SIGTERM");
    await new Promise((resolve) => server!.once("exit", resolve));
    server = undefined;
  }, 180_000);
});
