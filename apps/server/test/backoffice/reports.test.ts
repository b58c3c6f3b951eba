import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DailyReportRow } from "@croupier/contract/backoffice/reports";
import { canonicalAmount } from "@croupier/contract/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { PLATFORM_OWNER, ensureLedgerAccount, systemAccountGuid } from "../../src/modules/ledger/ledger-accounts.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { completeWithdrawal } from "../../src/modules/payments/withdrawal-ledger.ts";
import { formatCsv } from "../../src/modules/reports/format-csv.ts";
import {
  buildPaymentsApp,
  call,
  currencyGuid,
  futureYear,
  newPlayer,
  systemGuid,
  walletOf,
  type PaymentsTest,
  type Player,
} from "../payments/payments-helpers.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { bet, deposit, houseGame, providerCall, rollback, win, type Seat } from "../wallet/wallet-helpers.ts";

// Reports from the ledger (issue #15, capability 4). A small GBP history (no demo player touches
// GBP) is built through the real paths: test deposits, provider wallet bets/wins/rollbacks, a bonus
// grant, a paid withdrawal, plus one deposit dated yesterday; every figure is then asserted, and
// the totals are checked against the ledger's own sums (reconcileLedger, account balances).

let t: PaymentsTest;
let staff: TestStaff;
let gbp: string;
let today: string;
let yesterday: string;
const B = "/api/backoffice/v1";

const get = (url: string, who: TestStaff = staff) =>
  t.app.inject({ method: "GET", url: `${B}${url}`, headers: who.headers });

async function depositTest(player: Player, amount: string, currency: string) {
  const res = await call(t, player, "POST", "/billing/deposit/test", { amount, currency_guid: currency });
  expect(res.statusCode, res.body).toBe(200);
}

async function seat(player: Player): Promise<Seat> {
  const walletGuid = await walletOf(t, player.id, "GBP");
  const game = await houseGame(t.database);
  const session = await issueGameSession(t.database.db, {
    playerGuid: player.id,
    walletGuid,
    providerCode: "house",
    gameCode: game.code,
    gameGuid: game.guid,
  });
  return { playerGuid: player.id, walletGuid, token: session.token, gameCode: game.code, currency: "GBP" };
}

async function play(method: "bet" | "win" | "rollback", body: Record<string, unknown>) {
  const answer = await providerCall(t.app, method, body);
  expect(answer.status, JSON.stringify(answer)).toBe("OK");
}

beforeAll(async () => {
  t = await buildPaymentsApp();
  staff = await createTestStaff(t, "finance");
  gbp = await currencyGuid(t, "GBP");
  const usd = await currencyGuid(t, "USD");
  const [day] = await queryRows<{ today: string; yesterday: string }>(
    t.database.db,
    sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today,
               to_char((now() AT TIME ZONE 'UTC') - interval '1 day', 'YYYY-MM-DD') AS yesterday`,
  );
  today = day!.today;
  yesterday = day!.yesterday;

  // P1: deposits 200, bets 10 (wins 25), 5 (loses), 7 (rolled back), withdraws 50 (paid).
  const p1 = await newPlayer(t, "r1");
  await depositTest(p1, "200", gbp);
  const s1 = await seat(p1);
  const b1 = bet(s1, "10");
  await play("bet", b1);
  await play("win", win(s1, b1, "25", { round_closed: true }));
  await play("bet", bet(s1, "5", { round_closed: true }));
  const b3 = bet(s1, "7");
  await play("bet", b3);
  await play("rollback", rollback(s1, b3));
  const card = await call(t, p1, "POST", "/billing/card", {
    card_number: "4242424242424242",
    cardholder_name: "R Player",
    expiration_month: 12,
    expiration_year: Number(futureYear),
  });
  expect(card.statusCode, card.body).toBe(200);
  const withdrawal = await call(t, p1, "POST", "/billing/withdrawal", {
    psp_guid: await systemGuid(t, "sandbox_card"),
    amount: "50",
    wallet_guid: s1.walletGuid,
    card_guid: card.json().payload.guid,
  });
  expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  expect(await completeWithdrawal(t.database.db, withdrawal.json().payload.guid, {})).toBe("paid");

  // P2: deposits 100, is granted 30 of bonus money, bets 20 (loses).
  const p2 = await newPlayer(t, "r2");
  await depositTest(p2, "100", gbp);
  const s2 = await seat(p2);
  await deposit(t.database, s2.walletGuid, "30", "bonus_balance");
  await play("bet", bet(s2, "20", { round_closed: true }));
  // Staff credit P2 12 by a manual adjustment (below the four-eyes threshold: applied at once).
  const adjusted = await t.app.inject({
    method: "POST",
    url: `${B}/adjustments`,
    headers: staff.headers,
    payload: {
      wallet_guid: s2.walletGuid,
      pocket: "cash",
      direction: "credit",
      amount: "12",
      reason: "goodwill",
      idempotency_key: `rep-${randomUUID()}`,
    },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  expect(adjusted.json().payload.status).toBe("applied");

  // P3 deposited USD before GBP: not a first-time depositor in GBP.
  const p3 = await newPlayer(t, "r3");
  await depositTest(p3, "40", usd);
  await depositTest(p3, "40", gbp);

  // A player's first deposit yesterday (the ledger refuses UPDATE, so the row is written dated).
  const owner = randomUUID();
  const cash = await ensureLedgerAccount(t.database.db, { kind: "player_cash", owner, currencyGuid: gbp });
  const clearing = await systemAccountGuid(t.database.db, {
    kind: "payment_clearing",
    owner: PLATFORM_OWNER,
    currencyGuid: gbp,
  });
  await t.database.db.execute(
    sql`INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount, created_at)
        VALUES (${`test:yesterday:${owner}`}, 'deposit', ${gbp}::uuid, ${clearing}::uuid, ${cash}::uuid, 15, now() - interval '1 day')`,
  );
});
afterAll(async () => {
  await t?.close();
});

describe("reports", () => {
  it("the daily report: every figure per UTC day, and the window's totals", async () => {
    const res = await get(`/reports/daily?from=${yesterday}&to=${today}&currency=GBP`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().payload;
    expect(report.time_zone).toBe("UTC");
    expect(report.days).toEqual([
      {
        date: yesterday,
        currency: "GBP",
        deposits: "15",
        withdrawals: "0",
        stakes: "0",
        wins: "0",
        ggr: "0",
        bonus_cost: "0",
        ngr: "0",
        adjustments: "0",
        active_players: 0,
        first_time_depositors: 1,
      },
      {
        date: today,
        currency: "GBP",
        deposits: "340",
        withdrawals: "50",
        stakes: "35",
        wins: "25",
        ggr: "10",
        bonus_cost: "30",
        ngr: "-20",
        adjustments: "12",
        active_players: 2,
        first_time_depositors: 2,
      },
    ]);
    expect(report.totals).toEqual([
      {
        currency: "GBP",
        deposits: "355",
        withdrawals: "50",
        stakes: "35",
        wins: "25",
        ggr: "10",
        bonus_cost: "30",
        ngr: "-20",
        adjustments: "12",
        active_players: 2,
        first_time_depositors: 3,
      },
    ]);
  });

  it("every currency when none is asked; a day without activity is a row of zeros", async () => {
    const all = (await get(`/reports/daily?from=${yesterday}&to=${today}`)).json().payload;
    const currencies = [...new Set(all.days.map((d: { currency: string }) => d.currency))];
    expect(currencies).toEqual(expect.arrayContaining(["GBP", "USD"]));
    expect(all.days).toHaveLength(currencies.length * 2);
    expect(
      all.totals.find((r: { currency: string }) => r.currency === "USD").first_time_depositors,
    ).toBeGreaterThanOrEqual(1);
    const empty = (await get(`/reports/daily?from=2001-01-01&to=2001-01-03&currency=GBP`)).json().payload;
    expect(empty.days.map((d: { date: string; ggr: string }) => [d.date, d.ggr])).toEqual([
      ["2001-01-01", "0"],
      ["2001-01-02", "0"],
      ["2001-01-03", "0"],
    ]);
  });

  it("report totals equal the ledger's own sums for the same window", async () => {
    const totals = (await get(`/reports/daily?from=${yesterday}&to=${today}&currency=GBP`)).json().payload.totals[0];
    // Balances of the platform accounts, straight from the ledger (the whole GBP history is in the window).
    const balances = await queryRows<{ kind: string; balance: string }>(
      t.database.db,
      sql`SELECT a.kind, trim_scale(sum(CASE WHEN t.credit_account_guid = a.guid THEN t.amount ELSE -t.amount END))::text AS balance
            FROM ledger_accounts a
            JOIN ledger_transfers t ON t.credit_account_guid = a.guid OR t.debit_account_guid = a.guid
           WHERE a.currency_guid = ${gbp}::uuid AND a.kind NOT LIKE 'player_%'
           GROUP BY a.kind`,
    );
    const balance = (kind: string) => balances.find((b) => b.kind === kind)?.balance ?? "0";
    expect(balance("house_game")).toBe(totals.ggr);
    expect(balance("bonus_cost")).toBe(`-${totals.bonus_cost}`);
    expect(balance("payment_clearing")).toBe("-305"); // withdrawals − deposits
    expect(balance("withdrawal_pending")).toBe("0");
    expect(balance("operator_adjustment")).toBe(`-${totals.adjustments}`);
    // reconcile's independent view: what players hold = deposits − withdrawals − NGR + adjustments.
    const reconciled = await reconcileLedger(t.database.db);
    expect(reconciled.ok).toBe(true);
    expect(canonicalAmount(reconciled.currencies.find((c) => c.currency === "GBP")!.player_money)).toBe("337");
  });

  it("per game provider and per game; the games add up to their provider", async () => {
    const providers = (await get(`/reports/providers?from=${yesterday}&to=${today}&currency=GBP`)).json().payload;
    expect(providers.rows).toEqual([
      { provider: "house", currency: "GBP", stakes: "35", wins: "25", ggr: "10", rounds: 4, players: 2 },
    ]);
    const games = await get(
      `/reports/games?from=${today}&to=${today}&currency=GBP&provider=house&sort=game_name&order=desc`,
    );
    expect(games.statusCode, games.body).toBe(200);
    const body = games.json();
    expect(body.metadata).toMatchObject({ page: 1, per_page: 50, total: 1 });
    const game = await houseGame(t.database);
    expect(body.payload).toEqual([
      expect.objectContaining({
        provider: "house",
        currency: "GBP",
        game_guid: game.guid,
        game_code: game.code,
        stakes: "35",
        wins: "25",
        ggr: "10",
        rounds: 4,
        players: 2,
      }),
    ]);
    expect(body.payload[0].game_name).toEqual(expect.any(String));
    expect(body.payload[0].studio).toEqual(expect.any(String));
    const past = (await get(`/reports/games?from=${today}&to=${today}&currency=GBP&page=3&per_page=1`)).json();
    expect(past.payload).toEqual([]);
    expect(past.metadata).toMatchObject({ page: 3, per_page: 1, total: 1 });
    const other = (await get(`/reports/games?from=${today}&to=${today}&currency=GBP&provider=nobody`)).json();
    expect(other.payload).toEqual([]);
  });

  it("CSV exports: text/csv, a header row, CRLF, a safe file name, audited", async () => {
    const res = await get(`/reports/daily.csv?from=${yesterday}&to=${today}&currency=GBP`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="croupier_daily_${yesterday}_${today}_GBP.csv"`,
    );
    expect(res.body.split("\r\n")).toEqual([
      "date,currency,deposits,withdrawals,stakes,wins,ggr,bonus_cost,ngr,adjustments,active_players,first_time_depositors",
      `${yesterday},GBP,15,0,0,0,0,0,0,0,0,1`,
      `${today},GBP,340,50,35,25,10,30,-20,12,2,2`,
      "",
    ]);
    const providers = await get(`/reports/providers.csv?from=${today}&to=${today}`);
    expect(providers.body.split("\r\n")[0]).toBe("provider,currency,stakes,wins,ggr,rounds,players");
    expect(providers.body).toContain("house,GBP,35,25,10,4,2");
    const games = await get(`/reports/games.csv?from=${today}&to=${today}&currency=GBP`);
    expect(games.body.split("\r\n")[0]).toBe(
      "provider,studio,game_code,game_name,currency,stakes,wins,ggr,rounds,players",
    );
    expect(games.body.split("\r\n")).toHaveLength(3);
    const audit = await queryRows<{ target_id: string; staff_guid: string; details: { from: string; rows: number } }>(
      t.database.db,
      sql`SELECT target_id, staff_guid, details FROM staff_audit_log WHERE action = 'reports.export' ORDER BY target_id`,
    );
    expect(audit.map((a) => a.target_id).sort()).toEqual(["daily", "games", "providers"]);
    expect(audit.every((a) => a.staff_guid === staff.staffId)).toBe(true);
    expect(audit.find((a) => a.target_id === "daily")!.details).toMatchObject({ from: yesterday, rows: 2 });
  });

  it("CSV cells: RFC 4180 quoting, and text that a spreadsheet would run is neutralised", () => {
    const csv = formatCsv(
      [
        { header: "name", kind: "text" as const, value: (r: { name: string; ggr: string }) => r.name },
        { header: "ggr", kind: "number" as const, value: (r: { name: string; ggr: string }) => r.ggr },
      ],
      [
        { name: '=HYPERLINK("http://x","y")', ggr: "-12.5" },
        { name: 'Slots, "Gold"\nEdition', ggr: "3" },
        { name: "+1", ggr: "0" },
        { name: "@SUM(A1)", ggr: "0" },
      ],
    );
    expect(csv).toBe(
      'name,ggr\r\n"\'=HYPERLINK(""http://x"",""y"")",-12.5\r\n"Slots, ""Gold""\nEdition",3\r\n\'+1,0\r\n\'@SUM(A1),0\r\n',
    );
  });

  it("days of another time zone: a deposit late on a UTC evening is the next day in Malta", async () => {
    const eur = await currencyGuid(t, "EUR");
    const owner = randomUUID();
    const cash = await ensureLedgerAccount(t.database.db, { kind: "player_cash", owner, currencyGuid: eur });
    const clearing = await systemAccountGuid(t.database.db, {
      kind: "payment_clearing",
      owner: PLATFORM_OWNER,
      currencyGuid: eur,
    });
    await t.database.db.execute(
      sql`INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount, created_at)
          VALUES (${`test:tz:${owner}`}, 'deposit', ${eur}::uuid, ${clearing}::uuid, ${cash}::uuid, 7, '2025-06-10T23:30:00Z')`,
    );
    const days = async (tz?: string) => {
      const res = await get(`/reports/daily?from=2025-06-10&to=2025-06-11&currency=EUR${tz ? `&tz=${tz}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json().payload;
      return [
        report.time_zone,
        ...report.days.map((d: DailyReportRow) => `${d.date} ${d.deposits} ${d.first_time_depositors}`),
      ];
    };
    expect(await days()).toEqual(["UTC", "2025-06-10 7 1", "2025-06-11 0 0"]);
    expect(await days("Europe/Malta")).toEqual(["Europe/Malta", "2025-06-10 0 0", "2025-06-11 7 1"]);
    // The window's edges move with the zone too: Malta's 2025-06-10 alone ends before the deposit.
    const malta = (await get("/reports/daily?from=2025-06-10&to=2025-06-10&currency=EUR&tz=Europe/Malta")).json()
      .payload;
    expect(malta.totals[0]).toMatchObject({ deposits: "0", first_time_depositors: 0 });
  });

  it("refuses bad ranges with the field named, and roles without reports.read", async () => {
    const cases: [string, string][] = [
      [`/reports/daily?from=${today}&to=${yesterday}`, "query.to"],
      ["/reports/daily?from=2024-01-01&to=2025-01-02", "query.to"],
      ["/reports/daily?from=2025-02-30&to=2025-03-01", "query.from"],
      ["/reports/daily?to=2025-03-01", "query.from"],
      ["/reports/daily?from=2025-01-01&to=2025-01-02&currency=XXX", "query.currency"],
      ["/reports/daily?from=2025-01-01&to=2025-01-02&currency=usd", "query.currency"],
      ["/reports/daily?from=2025-01-01&to=2025-01-02&tz=Mars/Olympus", "query.tz"],
      ["/reports/providers?from=2025-01-01&to=2025-01-02&tz=UTC;DROP", "query.tz"],
      ["/reports/games?from=2025-01-01&to=2025-01-02&per_page=101", "query.per_page"],
      ["/reports/games.csv?from=2025-01-02&to=2025-01-01", "query.to"],
    ];
    for (const [url, field] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().payload.code, url).toBe("VALIDATION_ERROR");
      expect(
        res.json().payload.fields.map((f: { field: string }) => f.field),
        url,
      ).toContain(field);
    }
    expect((await get("/reports/daily?from=2025-01-01&to=2025-12-31")).statusCode).toBe(200);
    const support = await createTestStaff(t, "support");
    expect((await get(`/reports/daily?from=${today}&to=${today}`, support)).statusCode).toBe(403);
    expect((await get(`/reports/daily.csv?from=${today}&to=${today}`, support)).statusCode).toBe(403);
    const marketing = await createTestStaff(t, "marketing");
    const currencies = (await get("/reports/currencies", marketing)).json().payload;
    expect(currencies[0]).toEqual({ code: "USD", decimals: 2 });
    expect(currencies).toContainEqual({ code: "JPY", decimals: 0 });
    expect((await get(`/reports/providers?from=${today}&to=${today}`, marketing)).statusCode).toBe(200);
  });
});
