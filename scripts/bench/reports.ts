/**
 * npx tsx scripts/bench/reports.ts — the back-office reports on a ledger with a year of history.
 *
 * Builds a fresh database (a new PostgreSQL database on the server of TEST_DATABASE_URL, dropped
 * afterwards; otherwise in-memory PGlite) with the demo catalogue, plays a day of real history
 * through the provider wallet (deposits, bets, wins), adds a year of older bet/win/deposit transfers
 * written straight into the ledger, then prints for windows of 1, 31 and 366 days: the median time
 * of each report through app.inject, and the plan of the daily report (EXPLAIN ANALYZE), so a
 * missing index shows as a sequential scan of ledger_transfers.
 *
 * Options: --players=100 --rounds=10 --background=200000 --iterations=20
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql, type SQL } from "drizzle-orm";
import { createTestDatabase } from "../../packages/db/src/testing/create-test-database.ts";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadEnv } from "../../apps/server/src/env.ts";
import { queryRows, type SqlExecutor } from "../../apps/server/src/lib/sql-executor.ts";
import { issueGameSession } from "../../apps/server/src/modules/game-sessions/issue-game-session.ts";
import { PLATFORM_OWNER, systemAccountGuid } from "../../apps/server/src/modules/ledger/ledger-accounts.ts";
import { moveWalletMoney } from "../../apps/server/src/modules/ledger/move-wallet-money.ts";
import { signBody } from "../../apps/server/src/modules/provider-wallet/signature.ts";
import { getDailyReport } from "../../apps/server/src/modules/reports/get-daily-report.ts";
import { getOrCreateWallet } from "../../apps/server/src/modules/wallet/get-or-create-wallet.ts";
import { signStaffToken } from "../../apps/server/src/modules/staff/staff-token.ts";

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split("=")[1]) : fallback;
};
const PLAYERS = arg("players", 100);
const ROUNDS = arg("rounds", 10);
const BACKGROUND = arg("background", 200_000);
const ITERATIONS = arg("iterations", 20);
const HOUSE_SECRET = "dev-only-house-provider-secret";

const database = await createTestDatabase({ demo: true });
const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false", DEMO_MODE: "true" });
const app = await buildApp({ env, database, logger: false });
await app.ready();
const db = database.db;

try {
  const [usd] = await queryRows<{ guid: string }>(db, sql`SELECT guid FROM currencies WHERE code = 'USD'`);
  const [game] = await queryRows<{ code: string; guid: string }>(
    db,
    sql`SELECT external_guid AS code, guid FROM games WHERE game_provider = 'house' AND game_status = 'active'
         AND cardinality(currency_guids) = 0 ORDER BY external_guid LIMIT 1`,
  );
  const clearing = await systemAccountGuid(db, {
    kind: "payment_clearing",
    owner: PLATFORM_OWNER,
    currencyGuid: usd!.guid,
  });

  // Today: real players, real deposits, real provider wallet calls.
  const started = performance.now();
  for (let p = 0; p < PLAYERS; p += 1) {
    const [user] = await queryRows<{ guid: string }>(
      db,
      sql`INSERT INTO users (email) VALUES (${`bench-${randomUUID()}@example.test`}) RETURNING guid`,
    );
    const wallet = await getOrCreateWallet(db, { playerGuid: user!.guid, currencyGuid: usd!.guid, setActive: true });
    await moveWalletMoney(db, {
      walletGuid: wallet.guid,
      pocket: "balance",
      direction: "credit",
      amount: "1000",
      counterpartyAccountGuid: clearing,
      kind: "deposit",
      idempotencyKey: `bench:${randomUUID()}`,
      operationType: "deposit",
    });
    const session = await issueGameSession(db, {
      playerGuid: user!.guid,
      walletGuid: wallet.guid,
      providerCode: "house",
      gameCode: game!.code,
      gameGuid: game!.guid,
    });
    for (let r = 0; r < ROUNDS; r += 1) {
      const round = `bench-${randomUUID()}`;
      const betId = `b-${randomUUID()}`;
      const common = { token: session.token, game_code: game!.code, round_id: round, currency: "USD" };
      await call("bet", { ...common, transaction_uuid: betId, amount: "2", is_free_spin: false, round_closed: false });
      await call("win", {
        ...common,
        transaction_uuid: `w-${randomUUID()}`,
        reference_transaction_uuid: betId,
        amount: r % 3 === 0 ? "5" : "0.5",
        round_closed: true,
      });
    }
  }
  console.log(
    `today: ${PLAYERS} players × ${ROUNDS} rounds through the provider wallet in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // A year before today: bets, wins and deposits of 1,000 players written straight into the ledger.
  await db.execute(sql`
    INSERT INTO ledger_accounts (kind, owner, currency_guid)
    SELECT 'player_cash', 'bench-old-' || n, ${usd!.guid}::uuid FROM generate_series(1, 1000) AS n
    ON CONFLICT DO NOTHING`);
  const house = await systemAccountGuid(db, { kind: "house_game", owner: "house", currencyGuid: usd!.guid });
  await db.execute(sql`
    WITH players AS (SELECT array_agg(guid) AS guids FROM ledger_accounts WHERE owner LIKE 'bench-old-%'),
    rows AS (
      SELECT n, players.guids[1 + n % 1000] AS player, now() - interval '1 day' - (n % 365) * interval '1 day' - (n % 86400) * interval '1 second' AS at
        FROM generate_series(1, ${BACKGROUND}) AS n, players)
    INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount, round_ref, created_at)
    SELECT 'bench-old:' || n,
           CASE n % 5 WHEN 0 THEN 'deposit' WHEN 1 THEN 'win' ELSE 'bet' END,
           ${usd!.guid}::uuid,
           CASE n % 5 WHEN 0 THEN ${clearing}::uuid WHEN 1 THEN ${house}::uuid ELSE player END,
           CASE n % 5 WHEN 0 THEN player WHEN 1 THEN player ELSE ${house}::uuid END,
           CASE n % 5 WHEN 0 THEN 50 ELSE 1 + n % 7 END,
           'house:old-' || (n / 2), at
      FROM rows`);
  await db.execute(sql`ANALYZE`);
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ledger_transfers`);
  console.log(`ledger: ${count!.n} transfers (${database.kind})`);

  const [staff] = await queryRows<{ guid: string }>(
    db,
    sql`INSERT INTO staff_users (email, display_name, password_hash, role, totp_secret, totp_enrolled_at)
        VALUES ('bench@staff.test', 'Bench', 'x', 'finance', 'x', now()) RETURNING guid`,
  );
  const [staffSession] = await queryRows<{ guid: string }>(
    db,
    sql`INSERT INTO staff_sessions (staff_guid, expires_at) VALUES (${staff!.guid}, now() + interval '8 hours') RETURNING guid`,
  );
  const token = await signStaffToken(env, {
    sessionId: staffSession!.guid,
    staffId: staff!.guid,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
  });

  const today = new Date().toISOString().slice(0, 10);
  const daysBefore = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  for (const [label, from] of [
    ["1 day", today],
    ["31 days", daysBefore(30)],
    ["366 days", daysBefore(365)],
  ] as const) {
    const query = `from=${from}&to=${today}&currency=USD`;
    const times: string[] = [];
    for (const report of ["daily", "providers", "games"]) {
      const samples: number[] = [];
      for (let i = 0; i < ITERATIONS; i += 1) {
        const t0 = performance.now();
        const res = await app.inject({
          method: "GET",
          url: `/api/backoffice/v1/reports/${report}?${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        samples.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${report}: HTTP ${res.statusCode} ${res.body}`);
      }
      samples.sort((a, b) => a - b);
      times.push(`${report} p50 ${samples[Math.floor(samples.length / 2)]!.toFixed(1)} ms`);
    }
    console.log(`\n${label}: ${times.join(", ")}`);
    const plan: string[] = [];
    const explain: SqlExecutor = {
      execute: (async (statement: SQL) => {
        const rows = await queryRows<{ "QUERY PLAN": string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
        plan.push(...rows.map((r) => r["QUERY PLAN"]));
        return { rows: [] };
      }) as unknown as SqlExecutor["execute"],
    };
    await getDailyReport(explain, { from, to: today, currencyGuid: usd!.guid, timeZone: "UTC" });
    const scans = process.argv.includes("--plan")
      ? plan
      : plan.filter((line) => /Scan.*ledger_transfers|Execution Time/.test(line));
    console.log(scans.map((line) => `  ${line.trim()}`).join("\n"));
  }
} finally {
  await app.close();
  await database.close();
}

async function call(method: "bet" | "win", body: Record<string, unknown>) {
  const payload = JSON.stringify({ request_uuid: randomUUID(), timestamp: new Date().toISOString(), ...body });
  const res = await app.inject({
    method: "POST",
    url: `/api/v1/provider/house/wallet/${method}`,
    headers: { "content-type": "application/json", "x-signature": signBody(HOUSE_SECRET, payload) },
    payload,
  });
  if (res.statusCode !== 200 || res.json().status !== "OK") throw new Error(`${method}: ${res.body}`);
}
