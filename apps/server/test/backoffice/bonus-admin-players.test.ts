import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignDetail, CampaignInputDraft, PlayerBonusRow } from "@croupier/contract/backoffice/bonuses";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";

// Players' bonuses in the back office (issue #17): the player page's list, the manual grant
// (exactly once per request key, through the engine), the staff cancel, all audited; and a
// customer bonus keeps the version it was granted under when the campaign is edited.

const B = "/api/backoffice/v1";
let ctx: TestContext;
let marketing: TestStaff;
let support: TestStaff;
let playerGuid: string;

const call = (who: TestStaff, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${B}${url}`, headers: who.headers, payload: payload as Record<string, unknown> });

const campaign = (overrides: Partial<CampaignInputDraft> = {}): CampaignInputDraft => ({
  bonus_name: `Goodwill ${randomUUID().slice(0, 8)}`,
  bonus_trigger: "manual",
  bonus_type: "fixed_amount",
  bonus_wager: "3",
  wagering_expiration_time: 7 * 86_400,
  activation_expiration_time: 7 * 86_400,
  is_cumulative: true,
  terms: "Terms.",
  currencies: [{ currency: "USD", max_bonus_sum: "10" }],
  ...overrides,
});

async function activeCampaign(overrides: Partial<CampaignInputDraft> = {}): Promise<CampaignDetail> {
  const made = await call(marketing, "POST", "/bonus-campaigns", campaign(overrides));
  expect(made.statusCode, made.body).toBe(200);
  const guid = made.json().payload.bonus_guid;
  const res = await call(marketing, "POST", `/bonus-campaigns/${guid}/status`, { action: "activate" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

const grant = (bonusGuid: string, key: string, extra: Record<string, unknown> = {}) =>
  call(marketing, "POST", `/players/${playerGuid}/bonuses`, {
    bonus_guid: bonusGuid,
    currency: "USD",
    comment: "Goodwill after a complaint",
    idempotency_key: key,
    ...extra,
  });

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  marketing = await createTestStaff(ctx, "marketing");
  support = await createTestStaff(ctx, "support");
  const [player] = await queryRows<{ guid: string }>(
    ctx.database.db,
    sql`SELECT guid FROM users WHERE email = 'demo2@example.com'`,
  );
  playerGuid = player!.guid;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe("players' bonuses in the back office", () => {
  it("grants once per request key, audited, and lists it on the player page", async () => {
    const detail = await activeCampaign();
    const key = `grant-${randomUUID()}`;
    const [first, second] = await Promise.all([grant(detail.bonus_guid, key), grant(detail.bonus_guid, key)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const statuses = [first.json().payload.status, second.json().payload.status].sort();
    expect(statuses).toEqual(["duplicate", "granted"]);
    const bonus = first.json().payload.customer_bonus as PlayerBonusRow;
    expect(second.json().payload.customer_bonus.guid).toBe(bonus.guid);
    expect(bonus).toMatchObject({
      bonus_guid: detail.bonus_guid,
      bonus_version_guid: detail.current.guid,
      status: "offered",
      currency: "USD",
      bonus_amount: "10",
      wager_amount: "30",
      granted_by: marketing.staffId,
      comment: "Goodwill after a complaint",
    });
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM customer_bonuses WHERE source_key = ${`manual:${key}`}`,
    );
    expect(rows[0]!.n).toBe(1);
    const audit = await queryRows<{ action: string; player_guid: string }>(
      ctx.database.db,
      sql`SELECT action, player_guid FROM staff_audit_log WHERE target_id = ${bonus.guid}`,
    );
    expect(audit).toEqual([{ action: "bonus.grant", player_guid: playerGuid }]);

    const list = await call(marketing, "GET", `/players/${playerGuid}/bonuses?status=offered`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().payload.map((r: PlayerBonusRow) => r.guid)).toContain(bonus.guid);
    expect((await call(support, "GET", `/players/${playerGuid}/bonuses`)).statusCode).toBe(403);
    expect((await call(marketing, "GET", `/players/${randomUUID()}/bonuses`)).statusCode).toBe(404);
  });

  it("an explicit amount replaces the version's; a draft campaign or a key used for another player is refused", async () => {
    const detail = await activeCampaign();
    const res = await grant(detail.bonus_guid, `grant-${randomUUID()}`, { amount: "4.5" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.customer_bonus).toMatchObject({ bonus_amount: "4.5", wager_amount: "13.5" });

    const draft = await call(marketing, "POST", "/bonus-campaigns", campaign());
    const refused = await grant(draft.json().payload.bonus_guid, `grant-${randomUUID()}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message).toContain("not active");

    const key = `grant-${randomUUID()}`;
    expect((await grant(detail.bonus_guid, key)).statusCode).toBe(200);
    const [other] = await queryRows<{ guid: string }>(
      ctx.database.db,
      sql`SELECT guid FROM users WHERE email = 'demo@example.com'`,
    );
    const reused = await call(marketing, "POST", `/players/${other!.guid}/bonuses`, {
      bonus_guid: detail.bonus_guid,
      currency: "USD",
      comment: "Same key, other player",
      idempotency_key: key,
    });
    expect(reused.statusCode).toBe(409);
  });

  it("a customer bonus keeps its version when the campaign is edited", async () => {
    const detail = await activeCampaign();
    const granted = await grant(detail.bonus_guid, `grant-${randomUUID()}`);
    const bonusGuid = granted.json().payload.customer_bonus.guid;
    const edit = await call(marketing, "PUT", `/bonus-campaigns/${detail.bonus_guid}`, {
      ...campaign(),
      bonus_wager: "9",
      currencies: [{ currency: "USD", max_bonus_sum: "50" }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = edit.json().payload as CampaignDetail;
    expect(after.current.version).toBe(2);
    const [row] = await queryRows<{ bonus_version_guid: string; bonus_amount: string }>(
      ctx.database.db,
      sql`SELECT bonus_version_guid, trim_scale(bonus_amount)::text AS bonus_amount FROM customer_bonuses WHERE guid = ${bonusGuid}`,
    );
    expect(row).toEqual({ bonus_version_guid: detail.current.guid, bonus_amount: "10" });
    expect(after.versions.find((v) => v.version === 1)!.customer_bonuses).toBe(1);
    expect(after.current.customer_bonuses).toBe(0);
    expect(after.counts).toMatchObject({ offered: 1, total: 1 });
    // A new grant takes the new version.
    const next = await grant(detail.bonus_guid, `grant-${randomUUID()}`);
    expect(next.json().payload.customer_bonus).toMatchObject({
      bonus_version_guid: after.current.guid,
      bonus_amount: "50",
    });
  });

  it("staff cancel forfeits an active bonus's money, audited, once", async () => {
    const detail = await activeCampaign({ auto_activation: true });
    const granted = await grant(detail.bonus_guid, `grant-${randomUUID()}`, { amount: "7" });
    expect(granted.statusCode, granted.body).toBe(200);
    const bonus = granted.json().payload.customer_bonus as PlayerBonusRow;
    // Auto-activation with no delay and a free wallet: the money is on the wallet, wagering running.
    expect(bonus).toMatchObject({ status: "active", bonus_amount: "7", wager_remaining: "21" });
    const missing = await call(marketing, "POST", `/players/${playerGuid}/bonuses/${randomUUID()}/cancel`, {
      reason: "Bonus abuse",
    });
    expect(missing.statusCode).toBe(404);
    const res = await call(marketing, "POST", `/players/${playerGuid}/bonuses/${bonus.guid}/cancel`, {
      reason: "Bonus abuse",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      customer_bonus_guid: bonus.guid,
      status: "cancelled",
      forfeited_amount: "7",
    });
    expect(
      (await call(marketing, "POST", `/players/${playerGuid}/bonuses/${bonus.guid}/cancel`, { reason: "Again" }))
        .statusCode,
    ).toBe(409);
    const audit = await queryRows<{ action: string; details: { reason: string } }>(
      ctx.database.db,
      sql`SELECT action, details FROM staff_audit_log WHERE target_id = ${bonus.guid} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["bonus.grant", "bonus.cancel"]);
    expect(audit[1]!.details.reason).toBe("Bonus abuse");
    const detailAfter = (await call(marketing, "GET", `/bonus-campaigns/${detail.bonus_guid}`)).json().payload;
    expect(detailAfter.counts).toMatchObject({ cancelled: 1 });
    expect(detailAfter.money).toEqual([
      expect.objectContaining({ currency: "USD", granted: "7", forfeited: "7", converted: "0" }),
    ]);
  });
});
