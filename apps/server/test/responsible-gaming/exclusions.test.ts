import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXCLUSION_PERIOD_INTERVALS, type ExclusionPeriod } from "@croupier/contract/entities/exclusions";
import { createExclusion } from "../../src/modules/responsible-gaming/exclusions/create-exclusion.ts";
import { playerBlockedSql } from "../../src/modules/provider-wallet/check-player-may-bet.ts";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createPlayer } from "../wallet/wallet-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const blocked = async (player: string) => {
  const [row] = await queryRows<{ blocked: boolean }>(
    ctx.database.db,
    sql`SELECT ${playerBlockedSql(sql`${player}::uuid`)} AS blocked`,
  );
  return row!.blocked;
};

const expectedEnd = async (startsAt: string, period: ExclusionPeriod) => {
  const [row] = await queryRows<{ end: string }>(
    ctx.database.db,
    sql`SELECT (${startsAt}::timestamptz + ${EXCLUSION_PERIOD_INTERVALS[period]}::interval)::text AS end`,
  );
  return new Date(row!.end).getTime();
};

describe("exclusions", () => {
  it.each([
    ["time_out", "24h", 24 * 3600e3],
    ["time_out", "1w", 7 * 24 * 3600e3],
    ["time_out", "6w", 42 * 24 * 3600e3],
  ] as const)("a %s of %s ends exactly that long after it starts", async (kind, period, length_ms) => {
    const player = await createPlayer(ctx.database);
    const row = await createExclusion(ctx.database.db, player, { kind, period });
    expect(new Date(row.ends_at!).getTime() - new Date(row.starts_at).getTime()).toBe(length_ms);
  });

  it.each([
    ["time_out", "1m"],
    ["self_exclusion", "6m"],
    ["self_exclusion", "1y"],
    ["self_exclusion", "2y"],
    ["self_exclusion", "5y"],
  ] as const)("a %s of %s ends on the calendar date that far ahead", async (kind, period) => {
    const player = await createPlayer(ctx.database);
    const row = await createExclusion(ctx.database.db, player, { kind, period });
    expect(new Date(row.ends_at!).getTime()).toBe(await expectedEnd(row.starts_at, period));
    const months = { "1m": 1, "6m": 6, "1y": 12, "2y": 24, "5y": 60 }[period];
    const days_ms = new Date(row.ends_at!).getTime() - new Date(row.starts_at).getTime();
    expect(days_ms).toBeGreaterThanOrEqual(months * 28 * 24 * 3600e3);
    expect(days_ms).toBeLessThanOrEqual(months * 31 * 24 * 3600e3);
  });

  it("cannot be shortened: a shorter or equal new one is refused, a longer one is accepted", async () => {
    const player = await createPlayer(ctx.database);
    await createExclusion(ctx.database.db, player, { kind: "self_exclusion", period: "1y" });
    await expect(createExclusion(ctx.database.db, player, { kind: "time_out", period: "24h" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(
      createExclusion(ctx.database.db, player, { kind: "self_exclusion", period: "6m" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const [count] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM player_exclusions WHERE user_guid = ${player}`,
    );
    expect(count!.n).toBe(1);
    await createExclusion(ctx.database.db, player, { kind: "self_exclusion", period: "2y" });
    expect(await blocked(player)).toBe(true);
  });

  it("the database refuses to end a player's own exclusion early", async () => {
    const player = await createPlayer(ctx.database);
    const row = await createExclusion(ctx.database.db, player, { kind: "self_exclusion", period: "6m" });
    await expect(
      ctx.database.query("UPDATE player_exclusions SET ended_at = now() WHERE guid = $1", [row.guid]),
    ).rejects.toThrow();
    expect(await blocked(player)).toBe(true);
  });

  it("blocks bets at once and ends every login session with a session_closed event", async () => {
    const player = await createPlayer(ctx.database);
    await ctx.database.query(
      "INSERT INTO sessions (user_guid, refresh_expires_at) VALUES ($1, now() + interval '1 day'), ($1, now() + interval '1 day')",
      [player],
    );
    expect(await blocked(player)).toBe(false);
    await createExclusion(ctx.database.db, player, { kind: "time_out", period: "24h" });
    expect(await blocked(player)).toBe(true);
    const [live] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sessions WHERE user_guid = $1 AND finished_at IS NULL",
      [player],
    );
    expect(live!.n).toBe(0);
    const [events] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_events WHERE user_guid = $1 AND type = 'session_closed'",
      [player],
    );
    expect(events!.n).toBe(2);
  });

  it("an operator exclusion ended by staff, or one past its end, no longer blocks", async () => {
    const player = await createPlayer(ctx.database);
    const row = await createExclusion(ctx.database.db, player, {
      kind: "operator",
      endsAt: null,
      staffId: player,
      reason: "affordability concern",
    });
    expect(await blocked(player)).toBe(true);
    await ctx.database.query("UPDATE player_exclusions SET ended_at = now() WHERE guid = $1", [row.guid]);
    expect(await blocked(player)).toBe(false);

    const other = await createPlayer(ctx.database);
    await ctx.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, starts_at, ends_at) VALUES ($1, 'time_out', '24h', now() - interval '25 hours', now() - interval '1 hour')",
      [other],
    );
    expect(await blocked(other)).toBe(false);
  });

  it("an operator end date in the past is a validation error", async () => {
    const player = await createPlayer(ctx.database);
    await expect(
      createExclusion(ctx.database.db, player, {
        kind: "operator",
        endsAt: "2000-01-01T00:00:00Z",
        staffId: player,
        reason: "x",
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});
