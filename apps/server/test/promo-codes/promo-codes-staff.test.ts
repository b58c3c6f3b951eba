import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROMO_CODE_ALPHABET } from "@croupier/contract/backoffice/promo-codes";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { promoCampaign, promoCodeRow } from "./promo-fixtures.ts";

// Promo codes in the back office (issue #18, ADR 034): permission, chosen codes, batches, CSV export,
// enable/disable, redemptions, and an audit row for every change and export.

const B = "/api/backoffice/v1";
let ctx: TestContext;
let marketing: TestStaff;
let support: TestStaff;
let usd: string;

const call = (who: TestStaff, method: "GET" | "POST", url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${B}${url}`, headers: who.headers, payload: payload as Record<string, unknown> });

async function audit(targetId: string) {
  return ctx.database.query<{ action: string; staff_guid: string }>(
    "SELECT action, staff_guid FROM staff_audit_log WHERE target_id = $1 ORDER BY id",
    [targetId],
  );
}

beforeAll(async () => {
  ctx = await buildTestApp();
  marketing = await createTestStaff(ctx, "marketing");
  support = await createTestStaff(ctx, "support");
  usd = (await ctx.database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = 'USD'"))[0]!.guid;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe("promo codes in the back office", () => {
  it("needs bonuses.manage for every call", async () => {
    const guid = randomUUID();
    for (const [method, url] of [
      ["GET", "/promo-codes"],
      ["POST", "/promo-codes"],
      ["POST", "/promo-codes/batches"],
      ["GET", `/promo-codes/export.csv?bonus_guid=${guid}`],
      ["POST", `/promo-codes/${guid}/status`],
      ["GET", `/promo-codes/${guid}/activations`],
    ] as const)
      expect((await call(support, method, url, method === "POST" ? {} : undefined)).statusCode, url).toBe(403);
    // A player token is no staff token.
    const player = await signUp(ctx.app, `promo-staff-${randomUUID()}@example.com`);
    expect((await ctx.app.inject({ method: "GET", url: `${B}/promo-codes`, headers: bearer(player.access_token) })).statusCode).toBe(401);
  });

  it("creates a chosen code upper-case, refuses a duplicate and a campaign that takes no codes, and audits", async () => {
    const campaign = await promoCampaign(ctx.database, { currencyGuid: usd });
    const code = `Spring-${randomUUID().slice(0, 6)}`;
    const res = await call(marketing, "POST", "/promo-codes", {
      bonus_guid: campaign.bonusGuid,
      code,
      name: "Spring",
      conditions: "Once per player.",
      multiple_use: true,
      multiple_use_count: 100,
      country_codes: ["gb", "ie"],
      end_date: "2999-01-01T00:00:00Z",
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().payload;
    expect(created).toMatchObject({
      code: code.toUpperCase(),
      bonus_guid: campaign.bonusGuid,
      bonus_name: campaign.name,
      multiple_use: true,
      multiple_use_count: 100,
      used_count: 0,
      country_codes: ["GB", "IE"],
      status: "active",
      created_by: marketing.staffId,
      batch_guid: null,
    });
    expect(await audit(created.guid)).toEqual([{ action: "promo_code.create", staff_guid: marketing.staffId }]);

    const duplicate = await call(marketing, "POST", "/promo-codes", { bonus_guid: campaign.bonusGuid, code: code.toLowerCase(), name: "Again" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().payload.fields).toEqual([{ field: "body.code", message: "already exists" }]);
    const bad = await call(marketing, "POST", "/promo-codes", { bonus_guid: campaign.bonusGuid, code: "-AB", name: "Bad" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.fields[0].field).toBe("body.code");

    const [manual] = await ctx.database.query<{ bonus_guid: string }>(
      "INSERT INTO bonus_campaigns (bonus_guid, status) VALUES (gen_random_uuid(), 'active') RETURNING bonus_guid",
    );
    const [version] = await ctx.database.query<{ guid: string }>(
      `INSERT INTO bonus_campaign_versions (bonus_guid, version, bonus_name, bonus_trigger, bonus_type, wagering_expiration_time, activation_expiration_time)
       VALUES ($1, 1, 'Manual', 'manual', 'fixed_amount', 86400, 86400) RETURNING guid`,
      [manual!.bonus_guid],
    );
    await ctx.database.query("UPDATE bonus_campaigns SET current_version_guid = $2 WHERE bonus_guid = $1", [manual!.bonus_guid, version!.guid]);
    const wrongCampaign = await call(marketing, "POST", "/promo-codes", { bonus_guid: manual!.bonus_guid, code: "MANUALX", name: "x" });
    expect(wrongCampaign.statusCode).toBe(400);
    expect(wrongCampaign.json().payload.fields).toEqual([{ field: "body.bonus_guid", message: "the campaign's trigger is not promo_code" }]);

    const listed = await call(marketing, "GET", `/promo-codes?bonus_guid=${campaign.bonusGuid}&code=${code.slice(0, 6).toLowerCase()}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().payload.map((r: { guid: string }) => r.guid)).toEqual([created.guid]);
    expect((await call(marketing, "GET", "/promo-codes?per_page=101")).statusCode).toBe(400);
  });

  it("generates a batch of unique random codes from the unambiguous alphabet, exports it as CSV, audited", async () => {
    const campaign = await promoCampaign(ctx.database, { currencyGuid: usd });
    const res = await call(marketing, "POST", "/promo-codes/batches", {
      bonus_guid: campaign.bonusGuid,
      name: "Flyer",
      count: 1500,
      prefix: "fly-",
      length: 6,
    });
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json().payload;
    expect(batch).toMatchObject({ bonus_guid: campaign.bonusGuid, count: 1500 });
    expect(batch.sample).toHaveLength(10);
    const codes = await ctx.database.query<{ code: string }>("SELECT code FROM promo_codes WHERE batch_guid = $1", [batch.batch_guid]);
    expect(codes).toHaveLength(1500);
    const pattern = new RegExp(`^FLY-[${PROMO_CODE_ALPHABET}]{6}$`);
    expect(codes.every((c) => pattern.test(c.code))).toBe(true);
    expect(new Set(codes.map((c) => c.code)).size).toBe(1500);
    expect(await audit(batch.batch_guid)).toEqual([{ action: "promo_code.generate", staff_guid: marketing.staffId }]);

    const csv = await call(marketing, "GET", `/promo-codes/export.csv?batch_guid=${batch.batch_guid}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("code,name,status,used_count,multiple_use,multiple_use_count,email,start_date,end_date,batch_guid");
    expect(lines).toHaveLength(1501);
    expect(lines.slice(1).map((l) => l.split(",")[0]).sort()).toEqual(codes.map((c) => c.code).sort());
    expect((await audit(batch.batch_guid)).map((a) => a.action)).toEqual(["promo_code.generate", "promo_code.export"]);
    expect((await call(marketing, "GET", "/promo-codes/export.csv")).statusCode).toBe(400);

    const tooMany = await call(marketing, "POST", "/promo-codes/batches", { bonus_guid: campaign.bonusGuid, name: "x", count: 10_001 });
    expect(tooMany.statusCode).toBe(400);
    const badPrefix = await call(marketing, "POST", "/promo-codes/batches", { bonus_guid: campaign.bonusGuid, name: "x", count: 1, prefix: "-AB" });
    expect(badPrefix.json().payload.fields[0].field).toBe("body.prefix");
  });

  it("disables and enables a code (audited): a disabled code is refused; shows who redeemed it", async () => {
    const campaign = await promoCampaign(ctx.database, { currencyGuid: usd });
    const code = await promoCodeRow(ctx.database, { bonusGuid: campaign.bonusGuid, multipleUse: true });
    const player = await signUp(ctx.app, `promo-redeemer-${randomUUID()}@example.com`);
    const redeem = () =>
      ctx.app.inject({ method: "POST", url: "/api/v1/promocodes/activate", headers: bearer(player.access_token), payload: { code: code.code } });

    const off = await call(marketing, "POST", `/promo-codes/${code.guid}/status`, { status: "disabled" });
    expect(off.statusCode).toBe(200);
    expect(off.json().payload.status).toBe("disabled");
    expect((await redeem()).json().payload.code).toBe("PROMO_CODE_EXPIRED");
    expect((await call(marketing, "POST", `/promo-codes/${code.guid}/status`, { status: "active" })).statusCode).toBe(200);
    expect((await redeem()).statusCode).toBe(200);
    expect((await audit(code.guid)).map((a) => a.action)).toEqual(["promo_code.disable", "promo_code.enable"]);

    const activations = await call(marketing, "GET", `/promo-codes/${code.guid}/activations`);
    expect(activations.statusCode).toBe(200);
    expect(activations.json().payload).toEqual([
      expect.objectContaining({ customer_guid: player.profile.id, status: "activated", activated_by: "customer", customer_bonus_status: "active" }),
    ]);
    expect((await call(marketing, "GET", `/promo-codes/${randomUUID()}/activations`)).statusCode).toBe(404);
    expect((await call(marketing, "POST", `/promo-codes/${randomUUID()}/status`, { status: "active" })).statusCode).toBe(404);
  });
});
