// npm run bench:chaos: faults are part of the product (issue #20 target 7, ADR 046). The provider wallet under a
// closed-loop load whose every call is retried with its byte-identical body, while the server is killed and the
// database goes away; then proof that nothing was answered twice and no money moved twice.
//
// 1. A fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
//    postgres://postgres@127.0.0.1:5432/postgres as the admin URL), migrated and seeded, with BENCH_CHAOS_WALLETS
//    funded players each holding a game session; a TCP proxy (packages/db/src/testing/database-proxy.ts) in
//    front of PostgreSQL, which the server's DATABASE_URL points at.
// 2. The real server process (the production bundle, npm run build:server, rebuilt when older than its sources;
//    BENCH_CHAOS_SERVER=tsx runs the sources under tsx, BENCH_CHAOS_SERVER_ROOT=<dir> another checkout's server
//    under tsx, e.g. an older commit's for a before/after figure), as in production: NODE_ENV=production, fresh secrets,
//    LOG_LEVEL=warn, no Redis.
// 3. BENCH_CHAOS_CONNECTIONS keep-alive connections send signed bet → win pairs. Each call is signed once and
//    sent again byte for byte (same request_uuid, transaction_uuid, timestamp and signature) until it gets a
//    definitive answer: it is retried on no answer (connection refused or reset, BENCH_CHAOS_ATTEMPT_TIMEOUT_MS
//    without an answer), on any HTTP 5xx and on the protocol's retryable INTERNAL_ERROR, after 50, 100, 200,
//    then 250 ms, for at most BENCH_CHAOS_RETRY_BUDGET_MS. A win is sent only for a bet answered OK.
// 4. The timeline, BENCH_CHAOS_STEADY_MS of steady load between faults:
//      warm-up
//      kill -9       SIGKILL the server, start it again on the same port at once (as a supervisor would)
//      terminate     pg_terminate_backend on every backend of the bench database (what a PostgreSQL restart
//                    or a failover does to open connections; the cluster itself is untouched)
//      cut           the proxy resets every connection and refuses new ones for BENCH_CHAOS_OUTAGE_MS: a real
//                    outage window (a stopped or restarting PostgreSQL), without touching the shared cluster
//      pg restart    only with BENCH_CHAOS_PG_RESTART=1: `pg_ctlcluster --skip-systemctl-redirect <major> main
//                    restart`, a real restart of the whole PostgreSQL cluster. It breaks every other database
//                    user of this machine (other engineers' tests and benches): never on a shared machine.
// 5. Then: calls whose retry budget ran out are sent again until answered; every call that needed a retry and
//    BENCH_CHAOS_REPLAYS others are sent once more, byte-identical, and their answer compared with the first
//    definitive one (the protocol promises a replay the original outcome); the ledger is compared with what the
//    generator believes was accepted (every OK bet and win exactly once in ledger_transfers by its idempotency
//    key, and in game_transactions by its transaction id; nothing else); and `reconcile` runs.
// Prints each fault's outage window (first failed call → first OK answer to a call sent after it), the calls
// attempted / answered / retried, answered twice (must be 0), 5xx other than 503 (must be 0), the ledger
// comparison and reconcile (must be clean); exits 1 when any of those fails. Timings are printed, never asserted.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { createDatabase } from "@croupier/db/create-database";
import { proxiedUrl, startDatabaseProxy, type DatabaseProxy } from "@croupier/db/testing/database-proxy";
import { prepareBenchSeats } from "../lib/bench-seats.ts";
import { reconcileLedger } from "../../apps/server/src/modules/ledger/reconcile-ledger.ts";
import { signBody } from "../../apps/server/src/modules/provider-wallet/signature.ts";
import {
  answersDiffer,
  compareLedger,
  judgeAttempt,
  outageWindow,
  type AttemptResult,
  type OutageWindow,
  type TimedAttempt,
} from "../lib/chaos-calls.ts";
import { openKeepAliveConnection, type KeepAliveConnection } from "../lib/keep-alive-connection.ts";
import { freePort, root, serverEntry, stopProcess, tsxLoader, waitForReady } from "../lib/processes.mjs";
import { ensureServerBuild, serverBundle } from "../lib/server-build.mjs";

const positiveInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const CONNECTIONS = positiveInt("BENCH_CHAOS_CONNECTIONS", 16);
const WALLETS = positiveInt("BENCH_CHAOS_WALLETS", 32);
const STEADY_MS = positiveInt("BENCH_CHAOS_STEADY_MS", 3_000);
const OUTAGE_MS = positiveInt("BENCH_CHAOS_OUTAGE_MS", 2_000);
const RETRY_BUDGET_MS = positiveInt("BENCH_CHAOS_RETRY_BUDGET_MS", 30_000);
const ATTEMPT_TIMEOUT_MS = positiveInt("BENCH_CHAOS_ATTEMPT_TIMEOUT_MS", 5_000);
const REPLAYS = positiveInt("BENCH_CHAOS_REPLAYS", 300);
/** At most this many calls are replayed in all (the retried ones first), and none is started after this time. */
const MAX_REPLAYS = 5_000;
const REPLAY_BUDGET_MS = 60_000;
const PG_RESTART = process.env.BENCH_CHAOS_PG_RESTART === "1";
// Another checkout's server (a copy of the repository at an older commit, with its node_modules), run under tsx:
// to print the figures before a change next to today's (ADR 046 compares the server before ADR 039).
const SERVER_ROOT = process.env.BENCH_CHAOS_SERVER_ROOT ? path.resolve(process.env.BENCH_CHAOS_SERVER_ROOT) : undefined;
const SERVER_KIND = SERVER_ROOT ? "tsx" : (process.env.BENCH_CHAOS_SERVER ?? "bundle");
if (SERVER_KIND !== "bundle" && SERVER_KIND !== "tsx") throw new Error("BENCH_CHAOS_SERVER: bundle or tsx");
// The server runs with NODE_ENV=production, which refuses the public development secrets.
const SECRET = randomBytes(16).toString("hex");
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Seat = { token: string; gameCode: string };
type Method = "bet" | "win";
/** One provider call: signed once, sent byte for byte on every attempt. */
type Call = {
  key: string;
  method: Method;
  payload: string;
  signature: string;
  attempts: number;
  first: { status: string; body: string } | null;
  unresolved: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clock = () => performance.now();

async function prepare(url: string): Promise<Seat[]> {
  const seats = await prepareBenchSeats(url, { wallets: WALLETS, prefix: "chaos", poolMax: 4 });
  return seats.map((seat) => ({ token: seat.token, gameCode: seat.gameCode }));
}

function spawnServer(env: Record<string, string>): ChildProcess {
  const entry = SERVER_ROOT ? path.join(SERVER_ROOT, "apps/server/src/server.ts") : serverEntry;
  const args = SERVER_KIND === "bundle" ? ["--enable-source-maps", serverBundle] : ["--import", tsxLoader, entry];
  return spawn(process.execPath, args, {
    cwd: SERVER_ROOT ?? root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Rejects after ms (and runs onTimeout), unless the promise settles first. */
function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Counters = {
  attempts: number;
  retries: Record<"network" | "http_503" | "http_5xx_other" | "internal_error" | "unreadable", number>;
  definitive: Map<string, number>;
};

/** The load generator's state: every call, every attempt on one clock, and the counters. */
class Generator {
  readonly calls: Call[] = [];
  readonly attempts: TimedAttempt[] = [];
  readonly counters: Counters = {
    attempts: 0,
    retries: { network: 0, http_503: 0, http_5xx_other: 0, internal_error: 0, unreadable: 0 },
    definitive: new Map(),
  };
  stop = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  newCall(method: Method, body: Record<string, unknown>, key: string): Call {
    const payload = JSON.stringify({ request_uuid: randomUUID(), timestamp: new Date().toISOString(), ...body });
    const call: Call = {
      key,
      method,
      payload,
      signature: signBody(SECRET, payload),
      attempts: 0,
      first: null,
      unresolved: false,
    };
    this.calls.push(call);
    return call;
  }

  /** One attempt on the worker's connection (opened again when it broke). */
  private async attempt(slot: { connection?: KeepAliveConnection }, call: Call): Promise<AttemptResult> {
    try {
      if (!slot.connection || slot.connection.closed) {
        slot.connection = undefined;
        slot.connection = await withTimeout(
          openKeepAliveConnection(this.host, this.port),
          ATTEMPT_TIMEOUT_MS,
          () => {},
        );
      }
      const connection = slot.connection;
      const answer = await withTimeout(
        connection.post(
          `/api/v1/provider/house/wallet/${call.method}`,
          { "content-type": "application/json", "x-signature": call.signature },
          call.payload,
        ),
        ATTEMPT_TIMEOUT_MS,
        () => connection.close(),
      );
      return { kind: "http", status_code: answer.status_code, body: answer.body };
    } catch (error) {
      slot.connection?.close();
      return { kind: "network", error: (error as Error).message };
    }
  }

  /** Sends the call's bytes until a definitive answer or the retry budget runs out; returns that answer. */
  async perform(
    slot: { connection?: KeepAliveConnection },
    call: Call,
  ): Promise<{ status: string; body: string } | null> {
    const deadline = clock() + RETRY_BUDGET_MS;
    for (let attempt = 1; ; attempt += 1) {
      const sent_ms = clock();
      const result = await this.attempt(slot, call);
      const done_ms = clock();
      const verdict = judgeAttempt(result);
      call.attempts += 1;
      this.counters.attempts += 1;
      this.attempts.push({
        sent_ms,
        done_ms,
        ok: verdict.verdict === "definitive" && verdict.status === "OK",
        failed: verdict.verdict === "retry",
      });
      if (verdict.verdict === "definitive") {
        this.counters.definitive.set(verdict.status, (this.counters.definitive.get(verdict.status) ?? 0) + 1);
        return { status: verdict.status, body: verdict.body };
      }
      this.counters.retries[verdict.reason] += 1;
      if (clock() > deadline) return null;
      await sleep(Math.min(250, 50 * 2 ** (attempt - 1)));
    }
  }

  async worker(index: number, seats: Seat[]) {
    const slot: { connection?: KeepAliveConnection } = {};
    for (let turn = 0; !this.stop; turn += 1) {
      const seat = seats[(index + turn * CONNECTIONS) % seats.length]!;
      const round = `r-${randomUUID()}`;
      const betKey = `b-${randomUUID()}`;
      const common = { token: seat.token, game_code: seat.gameCode, round_id: round, currency: "USD" };
      const bet = this.newCall(
        "bet",
        { ...common, transaction_uuid: betKey, amount: "1", is_free_spin: false, round_closed: false },
        betKey,
      );
      bet.first = await this.perform(slot, bet);
      if (!bet.first) {
        bet.unresolved = true;
        continue;
      }
      if (bet.first.status !== "OK") continue;
      const winKey = `w-${randomUUID()}`;
      const win = this.newCall(
        "win",
        { ...common, transaction_uuid: winKey, reference_transaction_uuid: betKey, amount: "0.5", round_closed: true },
        winKey,
      );
      win.first = await this.perform(slot, win);
      if (!win.first) win.unresolved = true;
    }
    slot.connection?.close();
  }
}

/** Runs fn over items on `lanes` connections at once; no item is started after deadline_ms. */
async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  deadline_ms: number,
  fn: (slot: { connection?: KeepAliveConnection }, item: T) => Promise<void>,
) {
  let next = 0;
  const lane = async () => {
    const slot: { connection?: KeepAliveConnection } = {};
    while (next < items.length && clock() < deadline_ms) await fn(slot, items[next++]!);
    slot.connection?.close();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
}

type Phase = { name: string; fault_ms: number; end_ms: number; note: string; window?: OutageWindow };

async function main() {
  const name = `croupier_bench_chaos_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  // A PostgreSQL restart (BENCH_CHAOS_PG_RESTART) ends this connection too: not a crash of the bench.
  admin.on("error", () => {});
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const directUrl = new URL(adminUrl);
  directUrl.pathname = `/${name}`;
  let server: ChildProcess | undefined;
  let supervising = true;
  let proxy: DatabaseProxy | undefined;
  const started = clock();
  // Interrupted (Ctrl-C, a timeout): no server left running on its own, no database left behind.
  const interrupted = (signal: NodeJS.Signals) => {
    supervising = false;
    server?.kill("SIGKILL");
    void proxy?.close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    void dropper
      .connect()
      .then(() => dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
      .catch(() => {})
      .finally(() => process.exit(128 + (os.constants.signals[signal] ?? 0)));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    console.log(`Preparing ${WALLETS} funded wallets in ${name} …`);
    const seats = await prepare(directUrl.toString());
    proxy = await startDatabaseProxy({ host: directUrl.hostname, port: Number(directUrl.port || 5432) });
    if (SERVER_KIND === "bundle") await ensureServerBuild();
    const port = await freePort();
    const env = {
      DATABASE_URL: proxiedUrl(adminUrl, proxy, name),
      HOST: "127.0.0.1",
      PORT: String(port),
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      SEED_DEMO_DATA: "false",
      NODE_ENV: "production",
      JWT_SECRET: randomBytes(32).toString("hex"),
      PROVIDER_HOUSE_SECRET: SECRET,
      STAFF_SECRET_KEY: randomBytes(32).toString("hex"),
      DOCUMENTS_KEY: randomBytes(32).toString("hex"),
      REDIS_URL: "",
    };
    const readyz = `http://127.0.0.1:${port}/readyz`;
    // A server that exits on its own (a crash under a fault) is started again, as a supervisor would, and counted.
    const crashes: string[] = [];
    const supervise = (child: ChildProcess) => {
      child.once("exit", (code, signal) => {
        if (!supervising || child !== server) return;
        crashes.push(`exit ${signal ?? code} at ${((clock() - started) / 1000).toFixed(1)} s`);
        console.log(`  the server exited by itself (${signal ?? code}): starting it again`);
        server = supervise(spawnServer(env));
      });
      return child;
    };
    server = supervise(spawnServer(env));
    await waitForReady(readyz, server);
    console.log(
      `Server (${SERVER_ROOT ? `tsx, ${SERVER_ROOT}` : SERVER_KIND}) ready; ${CONNECTIONS} connections send bet → win pairs across ${WALLETS} wallets, every call retried byte for byte …`,
    );

    const generator = new Generator("127.0.0.1", port);
    const loadStart = clock();
    const workers = Array.from({ length: CONNECTIONS }, (_, i) => generator.worker(i, seats));
    const phases: Phase[] = [];
    const phase = async (label: string, fault: () => Promise<string>) => {
      const fault_ms = clock();
      const note = await fault();
      await sleep(STEADY_MS);
      phases.push({ name: label, fault_ms, end_ms: clock(), note });
      console.log(`  ${label}: ${note}`);
    };

    await sleep(STEADY_MS); // warm-up
    await phase("kill -9", async () => {
      const killed = server!;
      const exited = new Promise((resolve) => killed.once("exit", resolve));
      server = undefined; // not a crash: the supervisor above leaves it alone
      killed.kill("SIGKILL");
      await exited;
      const spawned = clock();
      server = supervise(spawnServer(env));
      await waitForReady(readyz, server);
      return `SIGKILL, started again at once: ready (/readyz 200) ${Math.round(clock() - spawned)} ms after spawn`;
    });
    await phase("terminate", async () => {
      const { rows } = await admin.query<{ n: number }>(
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name],
      );
      return `pg_terminate_backend on ${rows[0]!.n} backends of the bench database`;
    });
    await phase("cut", async () => {
      await proxy!.cut();
      await sleep(OUTAGE_MS);
      await proxy!.restore();
      return `the proxy reset every connection to PostgreSQL and refused new ones for ${OUTAGE_MS} ms`;
    });
    if (PG_RESTART) {
      await phase("pg restart", async () => {
        const { rows } = await admin.query<{ v: string }>("SHOW server_version_num");
        const major = Math.floor(Number(rows[0]!.v) / 10_000);
        const before = clock();
        await promisify(execFile)("pg_ctlcluster", ["--skip-systemctl-redirect", String(major), "main", "restart"]);
        return `pg_ctlcluster ${major} main restart took ${Math.round(clock() - before)} ms`;
      });
    }
    generator.stop = true;
    await Promise.all(workers);
    const loadEnd = clock();
    for (const [i, p] of phases.entries()) {
      p.window = outageWindow(generator.attempts, p.fault_ms, phases[i + 1]?.fault_ms ?? loadEnd);
    }

    // Calls left without an answer when their budget ran out: their outcome is unknown until asked again (all at
    // once, each on its own connection, so a server that hangs costs one retry budget, not one per call).
    const unresolved = generator.calls.filter((call) => call.unresolved);
    const outOfBudget = unresolved.length;
    await inLanes(unresolved, unresolved.length, Number.POSITIVE_INFINITY, async (slot, call) => {
      call.first = await generator.perform(slot, call);
      if (call.first) call.unresolved = false;
    });
    // The load's figures, before the replays below add attempts of their own.
    const c = structuredClone(generator.counters);
    const calls = generator.calls;
    const answered = calls.filter((call) => call.first).length;
    const retriedCalls = calls.filter((call) => call.attempts > 1).length;
    const stillUnresolved = calls.filter((call) => call.unresolved).length;
    const loadSeconds = (loadEnd - loadStart) / 1000;
    // Replays: the same bytes once more must get the same answer (a call answered twice would differ).
    const retried = generator.calls.filter((call) => call.first && call.attempts > 1);
    const others = generator.calls.filter((call) => call.first && call.attempts === 1);
    const sample = others
      .filter((_, i) => i % Math.max(1, Math.floor(others.length / REPLAYS)) === 0)
      .slice(0, REPLAYS);
    const replayed = [...retried, ...sample].slice(0, MAX_REPLAYS);
    const answeredTwice: { key: string; first: string; replay: string }[] = [];
    let replaysCompared = 0;
    await inLanes(replayed, CONNECTIONS, clock() + REPLAY_BUDGET_MS, async (slot, call) => {
      const again = await generator.perform(slot, call);
      if (!again) return;
      replaysCompared += 1;
      if (answersDiffer(call.first!.body, again.body))
        answeredTwice.push({ key: call.key, first: call.first!.body, replay: again.body });
    });
    supervising = false;
    await stopProcess(server!);
    server = undefined;

    // The ledger against the generator's belief: every accepted call once, nothing else.
    const accepted = new Set(generator.calls.filter((call) => call.first?.status === "OK").map((call) => call.key));
    const database = await createDatabase({ url: directUrl.toString(), poolMax: 2 });
    const transfers = await database.query<{ key: string; n: number }>(
      `SELECT split_part(idempotency_key, ':', 2) AS key, count(*)::int AS n FROM ledger_transfers
        WHERE idempotency_key LIKE 'house:%' GROUP BY 1`,
    );
    const gameRows = await database.query<{ key: string; n: number }>(
      "SELECT tradeid AS key, count(*)::int AS n FROM game_transactions WHERE provider_code = 'house' GROUP BY 1",
    );
    const report = await reconcileLedger(database.db);
    await database.close();
    const ledger = compareLedger(accepted, new Map(transfers.map((row) => [row.key, row.n])));
    const games = compareLedger(accepted, new Map(gameRows.map((row) => [row.key, row.n])));

    const fmtMs = (ms: number | null) => (ms === null ? "n/a" : `${Math.round(ms)} ms`);
    console.log("");
    for (const p of phases) {
      const w = p.window!;
      console.log(
        w.first_failure_ms === null
          ? `outage ${p.name.padEnd(11)} ${"none".padStart(8)}   (no call failed: ${p.note})`
          : `outage ${p.name.padEnd(11)} ${fmtMs(w.window_ms).padStart(8)}   (first failed call → first OK of a call sent after it; ` +
              `${w.failed_attempts} failed attempts, the last ${fmtMs(w.last_failure_after_ms)} after the first)`,
      );
    }
    console.log(
      `calls              ${calls.length} attempted, ${answered} answered, ${retriedCalls} retried (${c.attempts} attempts), ${stillUnresolved} unanswered (${outOfBudget} ran out of their ${RETRY_BUDGET_MS / 1000} s retry budget and were sent again after the load); ` +
        `${(answered / loadSeconds).toFixed(0)} calls/s over ${loadSeconds.toFixed(1)} s of load, outages included`,
    );
    console.log(`  answers          ${[...c.definitive].map(([status, n]) => `${status} ${n}`).join(", ")}`);
    console.log(
      `  retried after    no answer ${c.retries.network}, HTTP 503 ${c.retries.http_503}, other 5xx ${c.retries.http_5xx_other}, ` +
        `INTERNAL_ERROR ${c.retries.internal_error}, unreadable ${c.retries.unreadable}`,
    );
    console.log(
      `answered twice     ${answeredTwice.length}   (${replaysCompared} of ${replayed.length} calls sent once more byte for byte answered and compared: ` +
        `${Math.min(retried.length, MAX_REPLAYS)} retried ones, ${replayed.length - Math.min(retried.length, MAX_REPLAYS)} others)`,
    );
    for (const twice of answeredTwice.slice(0, 3)) console.log(`  ${twice.key}: ${twice.first} then ${twice.replay}`);
    console.log(`5xx other than 503 ${c.retries.http_5xx_other}`);
    console.log(
      `server crashes     ${crashes.length}${crashes.length > 0 ? ` (${crashes.join(", ")}; started again each time)` : ""}`,
    );
    const ledgerLine = (label: string, r: ReturnType<typeof compareLedger>) =>
      console.log(
        `${label} ${r.matched} of ${accepted.size} accepted calls exactly once; missing ${r.missing.length}, twice ${r.doubled.length}, ` +
          `not accepted ${r.unexpected.length}${[...r.missing, ...r.doubled, ...r.unexpected].length > 0 ? ` (e.g. ${[...r.missing, ...r.doubled, ...r.unexpected].slice(0, 3).join(", ")})` : ""}`,
      );
    ledgerLine("ledger_transfers  ", ledger);
    ledgerLine("game_transactions ", games);
    console.log(
      report.ok
        ? `reconcile          clean: every wallet equals its ledger, every currency sums to zero (${report.currencies.map((r) => `${r.currency} ${r.transfers} transfers`).join(", ")})`
        : `reconcile          MISMATCH: ${JSON.stringify(report.culprits.slice(0, 5))}`,
    );
    console.log(
      `machine            ${os.cpus().length} cores; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; whole run ${((clock() - started) / 1000).toFixed(1)} s`,
    );
    const failed =
      answeredTwice.length > 0 ||
      replaysCompared < replayed.length ||
      c.retries.http_5xx_other > 0 ||
      stillUnresolved > 0 ||
      crashes.length > 0 ||
      [ledger, games].some((r) => r.missing.length + r.doubled.length + r.unexpected.length > 0) ||
      !report.ok;
    if (failed) process.exitCode = 1;
  } finally {
    supervising = false;
    if (server) await stopProcess(server);
    await proxy?.close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
    await admin.end().catch(() => {});
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
