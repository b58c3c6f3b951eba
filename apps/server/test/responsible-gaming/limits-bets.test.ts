import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabase, type DatabaseHandle } from "@croupier/db/create-database";
import { buildApp, type App } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import {
  bet,
  currencyGuid,
  hasPostgres,
  providerCall,
  rollback,
  seatPlayer,
  walletState,
  win,
  type Seat,
} from "../wallet/wallet-helpers.ts";

// Loss, wager and session-time limits on the provider wallet (issue #16, ADR 021). The loss and
// wager rule is judged once, in provider_wallet_apply under the wallet's lock, which both bet paths
// end in; the session-time rule in player_bet_limit_reached, which both read first. Each scenario
// runs on both paths: once as production runs it (the one-trip SQL path answers what it can) and
// once with that path switched off (every call decided in TypeScript); the answers must agree.

const paths = vi.hoisted(() => ({ fast: true, fastAnswers: 0 }));
vi.mock(import("../../src/modules/provider-wallet/run-fast-call.ts"), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    runFastCall: async (...args: Parameters<typeof original.runFastCall>) => {
      if (!paths.fast) return undefined;
      const answer = await original.runFastCall(...args);
      if (answer) paths.fastAnswers += 1;
      return answer;
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

async function addLimit(seat: Seat, kind: string, period: string | null, amount: string | null, minutes: number | null = null, currency = seat.currency) {
  await ctx.database.query(
    `INSERT INTO player_limits (user_guid, kind, period, currency_guid, amount, minutes)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [seat.playerGuid, kind, period, kind === "session_time" ? null : await currencyGuid(ctx.database, currency), amount, minutes],
  );
}

type Run = { statuses: string[]; balance: string; fastAnswers: number };

/** Runs a scenario on a fresh seat with the one-trip path on and off; both must answer alike. */
async function onBothPaths(scenario: (seat: Seat) => Promise<string[]>, options: { cash?: string } = {}): Promise<Run> {
  const runs: Run[] = [];
  for (const fast of [true, false]) {
    paths.fast = fast;
    paths.fastAnswers = 0;
    const seat = await seatPlayer(ctx.database, { cash: options.cash ?? "1000" });
    const statuses = await scenario(seat);
    runs.push({ statuses, balance: (await walletState(ctx.database, seat.walletGuid)).balance, fastAnswers: paths.fastAnswers });
  }
  paths.fast = true;
  const [fastRun, slowRun] = runs;
  expect(slowRun!.statuses, "the TypeScript path answers as the one-trip path").toEqual(fastRun!.statuses);
  expect(slowRun!.balance).toBe(fastRun!.balance);
  expect(slowRun!.fastAnswers).toBe(0);
  return fastRun!;
}

const send = async (seat: Seat, body: Record<string, unknown>, method: "bet" | "win" | "rollback" = "bet") =>
  (await providerCall(ctx.app, method, body)).status;

describe("loss and wager limits on both bet paths", () => {
  it("a daily wager limit refuses the stake that does not fit with LIMIT_REACHED; a rollback gives its stake back", async () => {
    const run = await onBothPaths(async (seat) => {
      await addLimit(seat, "wager", "day", "50");
      const first = bet(seat, "30");
      const statuses = [await send(seat, first), await send(seat, bet(seat, "30")), await send(seat, bet(seat, "20")), await send(seat, bet(seat, "0.01"))];
      statuses.push(await send(seat, rollback(seat, first), "rollback"));
      statuses.push(await send(seat, bet(seat, "30")));
      statuses.push(await send(seat, bet(seat, "0.01")));
      return statuses;
    });
    expect(run.statuses).toEqual(["OK", "LIMIT_REACHED", "OK", "LIMIT_REACHED", "OK", "OK", "LIMIT_REACHED"]);
    expect(run.balance).toBe("950.00");
    // The one-trip path answered the bets itself, refusals included: the rule is not a fallback.
    // Six bets, three refused: at least four answers from the one-trip path means it refused some itself.
    expect(run.fastAnswers).toBeGreaterThanOrEqual(4);
  });

  it("a loss limit counts stakes minus wins", async () => {
    const run = await onBothPaths(async (seat) => {
      await addLimit(seat, "loss", "week", "50");
      const first = bet(seat, "40");
      const statuses = [await send(seat, first), await send(seat, bet(seat, "20"))];
      // A win of 30 on the first bet: net loss 10, room 40.
      statuses.push(await send(seat, win(seat, first, "30"), "win"));
      statuses.push(await send(seat, bet(seat, "40")), await send(seat, bet(seat, "0.01")));
      return statuses;
    });
    expect(run.statuses).toEqual(["OK", "LIMIT_REACHED", "OK", "OK", "LIMIT_REACHED"]);
    expect(run.balance).toBe("950.00");
  });

  it("with several limits the lowest remaining room decides, and another currency's limit does not apply", async () => {
    const run = await onBothPaths(async (seat) => {
      await addLimit(seat, "wager", "day", "100");
      await addLimit(seat, "wager", "week", "60");
      await addLimit(seat, "loss", "month", "500");
      await addLimit(seat, "wager", "day", "1", null, "EUR");
      return [await send(seat, bet(seat, "61")), await send(seat, bet(seat, "60")), await send(seat, bet(seat, "1"))];
    });
    expect(run.statuses).toEqual(["LIMIT_REACHED", "OK", "LIMIT_REACHED"]);
  });

  it("bets outside the rolling window no longer count", async () => {
    const run = await onBothPaths(async (seat) => {
      await addLimit(seat, "wager", "day", "50");
      const statuses = [await send(seat, bet(seat, "50")), await send(seat, bet(seat, "10"))];
      await ctx.database.query("UPDATE game_transactions SET created_at = now() - interval '25 hours' WHERE wallet_guid = $1", [seat.walletGuid]);
      statuses.push(await send(seat, bet(seat, "10")));
      return statuses;
    });
    expect(run.statuses).toEqual(["OK", "LIMIT_REACHED", "OK"]);
  });
});

describe("session-time limit on both bet paths", () => {
  it("refuses every bet once the current login session has lasted longer than the limit", async () => {
    const run = await onBothPaths(async (seat) => {
      await addLimit(seat, "session_time", null, null, 30);
      const [session] = await ctx.database.query<{ guid: string }>(
        `INSERT INTO sessions (user_guid, refresh_expires_at, created_at, logged_in_at)
         VALUES ($1, now() + interval '30 days', now() - interval '10 minutes', now() - interval '10 minutes') RETURNING guid`,
        [seat.playerGuid],
      );
      const statuses = [await send(seat, bet(seat, "1"))];
      await ctx.database.query("UPDATE sessions SET logged_in_at = now() - interval '31 minutes' WHERE guid = $1", [session!.guid]);
      statuses.push(await send(seat, bet(seat, "1")));
      return statuses;
    });
    expect(run.statuses).toEqual(["OK", "LIMIT_REACHED"]);
  });
});

// PGlite runs one statement at a time and hides races: these need PostgreSQL.
describe.skipIf(!hasPostgres)("bets racing for the last room (PostgreSQL)", () => {
  let second: { app: App; database: DatabaseHandle } | undefined;
  beforeAll(async () => {
    // A second server process on the same database: its batches are transactions of their own,
    // so the two really race for the wallet's lock.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${ctx.database.name}`;
    const database = await createDatabase({ url: url.toString(), poolMax: 10 });
    const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false", DEMO_MODE: "true" });
    const app = await buildApp({ env, database, logger: false });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  for (const fast of [true, false]) {
    it(`40 concurrent bets on two servers against a wager limit: exactly the ones that fit are taken (${fast ? "one-trip" : "TypeScript"} path)`, async () => {
      paths.fast = fast;
      const seat = await seatPlayer(ctx.database, { cash: "1000" });
      await addLimit(seat, "wager", "day", "50");
      const bets = Array.from({ length: 40 }, () => bet(seat, "5", { transaction_uuid: `race-${randomUUID()}` }));
      const answers = await Promise.all(bets.map((b, i) => providerCall(i % 2 === 0 ? ctx.app : second!.app, "bet", b)));
      paths.fast = true;
      expect(answers.filter((a) => a.status === "OK")).toHaveLength(10);
      expect(answers.filter((a) => a.status === "LIMIT_REACHED")).toHaveLength(30);
      expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("950.00");
      const [taken] = await ctx.database.query<{ stakes: string }>(
        "SELECT trim_scale(sum(bet_sum))::text AS stakes FROM game_transactions WHERE wallet_guid = $1 AND operation = 'bet'",
        [seat.walletGuid],
      );
      expect(taken!.stakes).toBe("50");
    });
  }
});
