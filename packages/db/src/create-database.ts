import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import lockfile from "proper-lockfile";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Db;
  kind: "postgres" | "pglite";
  /** Raw SQL with positional parameters; rows come back as plain objects. */
  query: <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Only set for PostgreSQL: LISTEN/NOTIFY needs a dedicated connection. */
  pool?: pg.Pool;
};

export type CreateDatabaseOptions = {
  /** postgres://… → PostgreSQL; unset → embedded PGlite. */
  url?: string;
  /** Directory of the embedded database; unset with no url → in-memory PGlite. */
  dataDir?: string;
  poolMax?: number;
  /**
   * PostgreSQL: how long a query waits for a pooled connection (a free one, or a new one connecting) before
   * it fails with "timeout exceeded when trying to connect" (ADR 039: answered 503, not left hanging while
   * the database is unreachable). Default 10 s.
   */
  connectTimeoutMs?: number;
  log?: (message: string) => void;
};

// NUMERIC comes back from node-postgres as a string already; make sure 20
// (bigint) does too so ids and counts never lose precision silently.
pg.types.setTypeParser(20, (value) => value);

export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) return createPostgres(options.url, options.poolMax ?? 20, options.connectTimeoutMs ?? 10_000);
  return createPglite(options.dataDir, options.log);
}

function createPostgres(url: string, poolMax: number, connectTimeoutMs: number): DatabaseHandle {
  // JIT off for this application's sessions: its statements are short OLTP ones, but the planner's cost
  // estimates for the wallet statement (limit windows, stake limits, exclusions: SQL functions inlined into
  // one plan) pass jit_above_cost, and LLVM then compiles the plan on EVERY execution — on a fresh database
  // the first wallet calls took 5-13 s each and a kill -9 test acknowledged 8 calls in 2.5 s with 16 clients.
  // An `options` parameter in DATABASE_URL replaces this one.
  const options = new URL(url).searchParams.has("options") ? undefined : "-c jit=off";
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    options,
  });
  // A dropped idle client must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor a checked-out one (a transaction between statements, the LISTEN connection): pg emits 'error' on
  // the client when its connection dies, and pg-pool listens only while the client is idle. The statement
  // in flight still fails (answered 503, ADR 039), and the pool discards the broken client on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    pool,
    query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
    ping: async () => {
      await pool.query("SELECT 1");
    },
    close: () => pool.end(),
  };
}

async function createPglite(dataDir: string | undefined, log?: (message: string) => void): Promise<DatabaseHandle> {
  let release: (() => Promise<void>) | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    // PGlite is single-process: two servers on one data directory would corrupt it.
    try {
      release = await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, "croupier.lock"), stale: 15_000 });
    } catch {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another process. Stop it, or choose another DATA_DIR.`,
      );
    }
    log?.(
      `Using the embedded PGlite database in ${dataDir} (the default for local use, not for real money; set DATABASE_URL for PostgreSQL).`,
    );
  }
  const client = new PGlite(dataDir ? path.join(dataDir, "pglite") : undefined);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    ping: async () => {
      await client.query("SELECT 1");
    },
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}
