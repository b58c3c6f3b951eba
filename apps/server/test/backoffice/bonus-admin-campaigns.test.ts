import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignDetail, CampaignInputDraft } from "@croupier/contract/backoffice/bonuses";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";

// Back-office bonus campaigns (issue #17): permission, validation (the gb profile included),
// immutable versions, status changes, labels, preview, and the audit log of every write.

const B = "/api/backoffice/v1";
let ctx: TestContext;
let gb: TestContext;
let marketing: TestStaff;
let support: TestStaff;
let gbMarketing: TestStaff;

const call = (
  c: TestContext,
  who: TestStaff,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) => c.app.inject({ method, url: `${B}${url}`, headers: who.headers, payload: payload as Record<string, unknown> });

const fixedCampaign = (overrides: Partial<CampaignInputDraft> = {}): CampaignInputDraft => ({
  bonus_name: `Test fixed ${randomUUID().slice(0, 8)}`,
  bonus_trigger: "manual",
  bonus_type: "fixed_amount",
  bonus_wager: "5",
  wagering_expiration_time: 7 * 86_400,
  activation_expiration_time: 3 * 86_400,
  product: "slots",
  description: "Ten dollars to play slots.",
  terms: "Full terms: wager 5x within 7 days.",
  currencies: [{ currency: "USD", max_bonus_sum: "10" }],
  ...overrides,
});

async function gameGuid(c: TestContext, externalGuid: string) {
  const [row] = await queryRows<{ guid: string }>(
    c.database.db,
    sql`SELECT guid FROM games WHERE external_guid = ${externalGuid}`,
  );
  return row!.guid;
}

async function auditActions(c: TestContext, targetId: string) {
  const rows = await queryRows<{ action: string; staff_guid: string }>(
    c.database.db,
    sql`SELECT action, staff_guid FROM staff_audit_log WHERE target_id = ${targetId} ORDER BY id`,
  );
  return rows;
}

async function create(c: TestContext, who: TestStaff, body: CampaignInputDraft): Promise<CampaignDetail> {
  const res = await call(c, who, "POST", "/bonus-campaigns", body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  gb = await buildTestApp({ JURISDICTION: "gb" }, { demo: true });
  marketing = await createTestStaff(ctx, "marketing");
  support = await createTestStaff(ctx, "support");
  gbMarketing = await createTestStaff(gb, "marketing");
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await gb?.close();
});

describe("bonus campaigns in the back office", () => {
  it("refuses a role without bonuses.manage, for reads and writes", async () => {
    expect((await call(ctx, support, "GET", "/bonus-campaigns")).statusCode).toBe(403);
    expect((await call(ctx, support, "POST", "/bonus-campaigns", fixedCampaign())).statusCode).toBe(403);
    expect((await call(ctx, support, "GET", "/bonus-labels")).statusCode).toBe(403);
    expect((await call(ctx, marketing, "GET", "/bonus-campaigns")).statusCode).toBe(200);
  });

  it("creates version 1 as a draft, audited, and lists it with its counts", async () => {
    const body = fixedCampaign();
    const detail = await create(ctx, marketing, body);
    expect(detail.status).toBe("draft");
    expect(detail.current).toMatchObject({
      version: 1,
      bonus_name: body.bonus_name,
      bonus_wager: "5",
      product: "slots",
    });
    expect(detail.current.currencies).toEqual([
      expect.objectContaining({ currency: "USD", max_bonus_sum: "10", max_cashout: "0" }),
    ]);
    // The threshold defaults to the currency's own.
    const [usd] = await queryRows<{ t: string }>(
      ctx.database.db,
      sql`SELECT trim_scale(bonus_threshold)::text AS t FROM currencies WHERE code = 'USD'`,
    );
    expect(detail.current.currencies[0]!.bonus_threshold).toBe(usd!.t);
    expect(detail.versions).toHaveLength(1);
    expect(detail.counts.total).toBe(0);
    expect(await auditActions(ctx, detail.bonus_guid)).toEqual([
      { action: "bonus_campaign.create", staff_guid: marketing.staffId },
    ]);

    const list = await call(
      ctx,
      marketing,
      "GET",
      `/bonus-campaigns?status=draft&name=${encodeURIComponent(body.bonus_name!)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().payload.map((r: { bonus_guid: string }) => r.bonus_guid)).toEqual([detail.bonus_guid]);
    expect(list.json().metadata).toMatchObject({ page: 1, total: 1 });
    expect(list.json().payload[0]).toMatchObject({ currencies: ["USD"], counts: { total: 0 } });
  });

  it("refuses inconsistent terms, naming each field", async () => {
    const roulette = await gameGuid(ctx, "house:roulette-european-roulette");
    const res = await call(
      ctx,
      marketing,
      "POST",
      "/bonus-campaigns",
      fixedCampaign({
        bonus_trigger: "deposit",
        bonus_type: "free_spins",
        product: "any",
        deposit_number: 2,
        game_guids: [roulette],
        currencies: [
          { currency: "USD", free_spins_count: 0, free_spin_bet: "0.2" },
          { currency: "XYZ", free_spins_count: 5, free_spin_bet: "0.2" },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().payload.code).toBe("VALIDATION_ERROR");
    const fields = res.json().payload.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(["body.game_guids.0", "body.currencies.0.free_spins_count", "body.currencies.1.currency"]),
    );

    const match = await call(
      ctx,
      marketing,
      "POST",
      "/bonus-campaigns",
      fixedCampaign({ bonus_trigger: "registration", bonus_type: "deposit_match", deposit_number: 1 }),
    );
    expect(match.statusCode).toBe(400);
    expect(match.json().payload.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(["body.bonus_percent", "body.deposit_number", "body.bonus_trigger"]),
    );
    // Out of range for the schema itself (the zod layer).
    const wager = await call(ctx, marketing, "POST", "/bonus-campaigns", fixedCampaign({ bonus_wager: "500" }));
    expect(wager.statusCode).toBe(400);
    // Decimals beyond the currency's.
    const decimals = await call(
      ctx,
      marketing,
      "POST",
      "/bonus-campaigns",
      fixedCampaign({ currencies: [{ currency: "USD", max_bonus_sum: "10.001" }] }),
    );
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().payload.fields[0].field).toBe("body.currencies.0.max_bonus_sum");
  });

  it("accepts free spins on games that allow them", async () => {
    const slot = await gameGuid(ctx, "house:slot-pharaoh-gold");
    const detail = await create(
      ctx,
      marketing,
      fixedCampaign({
        bonus_type: "free_spins",
        game_guids: [slot],
        currencies: [{ currency: "USD", free_spins_count: 10, free_spin_bet: "0.2" }],
      }),
    );
    expect(detail.current.game_guids).toEqual([slot]);
    expect(detail.current.currencies[0]).toMatchObject({ free_spins_count: 10, free_spin_bet: "0.2" });
  });

  it("under JURISDICTION=gb refuses more than 10× wagering, a product of any, and missing terms (LCCP SR 5.1.1)", async () => {
    const res = await call(
      gb,
      gbMarketing,
      "POST",
      "/bonus-campaigns",
      fixedCampaign({ bonus_wager: "20", product: "any", terms: "" }),
    );
    expect(res.statusCode, res.body).toBe(400);
    const fields = res.json().payload.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(["body.bonus_wager", "body.product", "body.terms"]);
    for (const f of fields) expect(f.message).toContain("LCCP SR 5.1.1");
    expect(fields.find((f) => f.field === "body.bonus_wager")!.message).toContain("10×");

    // Exactly 10× on slots with terms is fine there, and 20× is fine without the profile.
    await create(gb, gbMarketing, fixedCampaign({ bonus_wager: "10" }));
    await create(ctx, marketing, fixedCampaign({ bonus_wager: "20", product: "any", terms: "" }));
    // An edit is held to the same rules.
    const detail = await create(gb, gbMarketing, fixedCampaign({ bonus_wager: "10" }));
    const edit = await call(
      gb,
      gbMarketing,
      "PUT",
      `/bonus-campaigns/${detail.bonus_guid}`,
      fixedCampaign({ bonus_wager: "11" }),
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().payload.fields[0].field).toBe("body.bonus_wager");
  });

  it("an edit writes a new version; the old one stays as it was", async () => {
    const body = fixedCampaign();
    const first = await create(ctx, marketing, body);
    const res = await call(ctx, marketing, "PUT", `/bonus-campaigns/${first.bonus_guid}`, {
      ...body,
      bonus_wager: "8",
      currencies: [
        { currency: "USD", max_bonus_sum: "15" },
        { currency: "EUR", max_bonus_sum: "12" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json().payload as CampaignDetail;
    expect(second.current.version).toBe(2);
    expect(second.current.guid).not.toBe(first.current.guid);
    expect(second.versions.map((v) => v.version)).toEqual([2, 1]);
    const old = second.versions.find((v) => v.version === 1)!;
    expect(old).toMatchObject({ guid: first.current.guid, bonus_wager: "5" });
    expect(old.currencies.map((c) => [c.currency, c.max_bonus_sum])).toEqual([["USD", "10"]]);
    expect(second.current.currencies.map((c) => c.currency).sort()).toEqual(["EUR", "USD"]);
    expect((await auditActions(ctx, first.bonus_guid)).map((a) => a.action)).toEqual([
      "bonus_campaign.create",
      "bonus_campaign.edit",
    ]);
  });

  it("two edits at once get consecutive versions, neither lost", async () => {
    const first = await create(ctx, marketing, fixedCampaign());
    const [a, b] = await Promise.all([
      call(ctx, marketing, "PUT", `/bonus-campaigns/${first.bonus_guid}`, fixedCampaign({ bonus_wager: "6" })),
      call(ctx, marketing, "PUT", `/bonus-campaigns/${first.bonus_guid}`, fixedCampaign({ bonus_wager: "7" })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const detail = (await call(ctx, marketing, "GET", `/bonus-campaigns/${first.bonus_guid}`)).json()
      .payload as CampaignDetail;
    expect(detail.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(
      detail.versions
        .slice(0, 2)
        .map((v) => v.bonus_wager)
        .sort(),
    ).toEqual(["6", "7"]);
  });

  it("moves through the statuses and refuses the wrong transitions", async () => {
    const { bonus_guid } = await create(ctx, marketing, fixedCampaign());
    const status = (action: string, extra: Record<string, unknown> = {}) =>
      call(ctx, marketing, "POST", `/bonus-campaigns/${bonus_guid}/status`, { action, ...extra });

    expect((await status("resume")).statusCode).toBe(409);
    const past = await status("schedule", { start_date: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().payload.fields[0].field).toBe("body.start_date");

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await status("schedule", { start_date: future });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().payload.status).toBe("scheduled");
    // The start date lives on the version: scheduling wrote version 2 with it.
    expect(scheduled.json().payload.current).toMatchObject({ version: 2, start_date: future });

    // While scheduled, an edit must keep a future start (the sweeper starts it then).
    const noStart = await call(ctx, marketing, "PUT", `/bonus-campaigns/${bonus_guid}`, fixedCampaign());
    expect(noStart.statusCode).toBe(400);
    expect(noStart.json().payload.fields[0].field).toBe("body.start_date");

    const active = await status("activate");
    expect(active.json().payload.status).toBe("active");
    // Activating before the version's start wrote a version starting now.
    expect(Date.parse(active.json().payload.current.start_date)).toBeLessThanOrEqual(Date.now());
    expect((await status("pause")).json().payload.status).toBe("paused");
    expect((await status("resume")).json().payload.status).toBe("active");
    expect((await status("end")).json().payload.status).toBe("ended");
    expect((await status("activate")).statusCode).toBe(409);
    expect((await call(ctx, marketing, "PUT", `/bonus-campaigns/${bonus_guid}`, fixedCampaign())).statusCode).toBe(409);
    expect((await auditActions(ctx, bonus_guid)).map((a) => a.action)).toEqual([
      "bonus_campaign.create",
      "bonus_campaign.schedule",
      "bonus_campaign.activate",
      "bonus_campaign.pause",
      "bonus_campaign.resume",
      "bonus_campaign.end",
    ]);
    expect((await call(ctx, marketing, "GET", `/bonus-campaigns/${randomUUID()}`)).statusCode).toBe(404);
  });

  it("manages labels, refuses deleting one in use, and previews a version as players see it", async () => {
    const made = await call(ctx, marketing, "POST", "/bonus-labels", {
      name: "Hot",
      background_color: "#ff0044",
      styles: { color: "#ffffff" },
    });
    expect(made.statusCode, made.body).toBe(200);
    const label = made.json().payload;
    const edited = await call(ctx, marketing, "PUT", `/bonus-labels/${label.guid}`, {
      name: "Hot deal",
      background_color: "red",
    });
    expect(edited.json().payload).toMatchObject({ name: "Hot deal", background_color: "red", styles: {} });

    const detail = await create(ctx, marketing, fixedCampaign({ label_guids: [label.guid] }));
    const labels = (await call(ctx, marketing, "GET", "/bonus-labels")).json().payload;
    expect(labels.find((l: { guid: string }) => l.guid === label.guid).campaigns).toBe(1);
    const refused = await call(ctx, marketing, "DELETE", `/bonus-labels/${label.guid}`);
    expect(refused.statusCode).toBe(409);

    const preview = await call(ctx, marketing, "GET", `/bonus-campaigns/${detail.bonus_guid}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().payload).toMatchObject({
      guid: detail.current.guid,
      bonus_status: "draft",
      terms: detail.current.terms,
      labels: [{ guid: label.guid, name: "Hot deal" }],
      bonus_currencies: [{ external_guid: "USD", max_bonus_sum: "10" }],
    });

    // Off the current version, the label can go; the old version's preview drops it.
    await call(ctx, marketing, "PUT", `/bonus-campaigns/${detail.bonus_guid}`, fixedCampaign());
    const deleted = await call(ctx, marketing, "DELETE", `/bonus-labels/${label.guid}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const old = await call(
      ctx,
      marketing,
      "GET",
      `/bonus-campaigns/${detail.bonus_guid}/preview?version_guid=${detail.current.guid}`,
    );
    expect(old.json().payload.labels).toEqual([]);
    expect((await auditActions(ctx, label.guid)).map((a) => a.action)).toEqual([
      "bonus_label.create",
      "bonus_label.update",
      "bonus_label.delete",
    ]);
    // A label that does not exist is refused on a campaign.
    const missing = await call(
      ctx,
      marketing,
      "POST",
      "/bonus-campaigns",
      fixedCampaign({ label_guids: [label.guid] }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().payload.fields[0].field).toBe("body.label_guids.0");
  });
});
