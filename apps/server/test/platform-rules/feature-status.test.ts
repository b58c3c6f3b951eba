import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { invalidateFeatureTargets } from "../../src/modules/features/resolve-feature-status.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { createTestStaff } from "../helpers/staff-session.ts";

// GET /api/feature-status per player and segment (issue #19): a segment row decides for the
// player's segments (off wins), a visitor counts as the default segments, FEATURE_FLAGS otherwise.

let ctx: TestContext;
let vip = "";
let seq = 0;

beforeAll(async () => {
  ctx = await buildTestApp({ FEATURE_FLAGS: "bonus-hub" });
  const [segment] = await queryRows<{ guid: string }>(
    ctx.database.db,
    sql`INSERT INTO segments (name, group_name) VALUES ('vip-test', 'tests') RETURNING guid`,
  );
  vip = segment!.guid;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const status = async (feature: string, token?: string) => {
  const response = await ctx.app.inject({
    method: "GET",
    url: `/api/feature-status?feature=${feature}&userId=someone-else`,
    headers: token ? bearer(token) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload as boolean;
};

const target = async (feature: string, segment: string, enabled: boolean) => {
  await ctx.database.db.execute(
    sql`INSERT INTO feature_flag_segments (feature, segment_guid, enabled) VALUES (${feature}, ${segment}, ${enabled})
        ON CONFLICT (feature, segment_guid) DO UPDATE SET enabled = EXCLUDED.enabled`,
  );
  invalidateFeatureTargets(ctx.app.database.db);
};

describe("feature status per segment", () => {
  it("answers FEATURE_FLAGS when no segment row matches", async () => {
    expect(await status("bonus-hub")).toBe(true);
    expect(await status("sms-auth")).toBe(false);
  });

  it("turns sms-auth on for a player in a targeted segment only, whatever userId the query names", async () => {
    const inVip = await signUp(ctx.app, `vip-${++seq}@example.com`);
    const other = await signUp(ctx.app, `plain-${++seq}@example.com`);
    await ctx.database.db.execute(
      sql`INSERT INTO user_segments (user_guid, segment_guid) VALUES (${inVip.profile.id}, ${vip})`,
    );
    await target("sms-auth", vip, true);
    expect(await status("sms-auth", inVip.access_token)).toBe(true);
    expect(await status("sms-auth", other.access_token)).toBe(false);
    expect(await status("sms-auth")).toBe(false);
  });

  it("lets an off row for a segment win over FEATURE_FLAGS and over an on row of another of the player's segments", async () => {
    const [second] = await queryRows<{ guid: string }>(
      ctx.database.db,
      sql`INSERT INTO segments (name, group_name) VALUES ('no-bonus-hub', 'tests') RETURNING guid`,
    );
    const player = await signUp(ctx.app, `both-${++seq}@example.com`);
    await ctx.database.db.execute(
      sql`INSERT INTO user_segments (user_guid, segment_guid) VALUES (${player.profile.id}, ${vip}), (${player.profile.id}, ${second!.guid})`,
    );
    await target("bonus-hub", vip, true);
    await target("bonus-hub", second!.guid, false);
    expect(await status("bonus-hub", player.access_token)).toBe(false);
    expect(await status("bonus-hub")).toBe(true);
  });

  it("answers a visitor by the default segments", async () => {
    const [byDefault] = await queryRows<{ guid: string }>(
      ctx.database.db,
      sql`INSERT INTO segments (name, group_name, is_default) VALUES ('everyone-test', 'tests', true) RETURNING guid`,
    );
    await target("history-of-rounds", byDefault!.guid, true);
    expect(await status("history-of-rounds")).toBe(true);
  });
});

describe("feature flags per segment in the back office", () => {
  it("are set and cleared by site.manage only, audited, and apply to the next check at once", async () => {
    const [segment] = await queryRows<{ guid: string }>(
      ctx.database.db,
      sql`INSERT INTO segments (name, group_name) VALUES ('console-test', 'tests') RETURNING guid`,
    );
    const player = await signUp(ctx.app, `console-${++seq}@example.com`);
    await ctx.database.db.execute(
      sql`INSERT INTO user_segments (user_guid, segment_guid) VALUES (${player.profile.id}, ${segment!.guid})`,
    );
    const admin = await createTestStaff(ctx, "admin");
    const support = await createTestStaff(ctx, "support");
    const url = `/api/backoffice/v1/feature-flags/caswino-coin/segments/${segment!.guid}`;

    expect(
      (await ctx.app.inject({ method: "PUT", url, headers: support.headers, payload: { enabled: true } })).statusCode,
    ).toBe(403);
    expect(await status("caswino-coin", player.access_token)).toBe(false);
    const set = await ctx.app.inject({ method: "PUT", url, headers: admin.headers, payload: { enabled: true } });
    expect(set.statusCode, set.body).toBe(200);
    expect(await status("caswino-coin", player.access_token)).toBe(true);
    const list = await ctx.app.inject({
      method: "GET",
      url: "/api/backoffice/v1/feature-flags/segments",
      headers: admin.headers,
    });
    expect(list.json().payload).toContainEqual(
      expect.objectContaining({ feature: "caswino-coin", segment_name: "console-test", enabled: true }),
    );
    expect((await ctx.app.inject({ method: "DELETE", url, headers: admin.headers })).statusCode).toBe(200);
    expect(await status("caswino-coin", player.access_token)).toBe(false);
    expect((await ctx.app.inject({ method: "DELETE", url, headers: admin.headers })).statusCode).toBe(404);
    const audit = await queryRows<{ action: string }>(
      ctx.database.db,
      sql`SELECT action FROM staff_audit_log WHERE target_type = 'feature_flag' AND target_id = 'caswino-coin' ORDER BY id`,
    );
    expect(audit.map((row) => row.action)).toEqual(["feature_flag.segment_set", "feature_flag.segment_clear"]);
  });
});
