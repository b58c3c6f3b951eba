import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPromoCodesDemo } from "@croupier/db/seed/seed-promo-codes-demo";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";

// The demo promo codes (ADR 034): WELCOME100 is a real code now (a deposit match waiting for the first
// deposit), FREE10 grants 10 at once; a re-run of the seed changes nothing.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  await seedPromoCodesDemo(ctx.database.db);
  await seedPromoCodesDemo(ctx.database.db);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe("demo promo codes", () => {
  it("seeds WELCOME100 and FREE10 once, both redeemable", async () => {
    const codes = await ctx.database.query<{ code: string; bonus_type: string; status: string }>(
      `SELECT pc.code, v.bonus_type, bc.status FROM promo_codes pc JOIN bonus_campaigns bc ON bc.bonus_guid = pc.bonus_guid
         JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid ORDER BY pc.code`,
    );
    expect(codes).toEqual([
      { code: "FREE10", bonus_type: "fixed_amount", status: "active" },
      { code: "WELCOME100", bonus_type: "deposit_match", status: "active" },
    ]);

    const signed = await signUp(ctx.app, `demo-promo-${randomUUID()}@example.com`, "correct-horse-9", { promo_code: "WELCOME100" });
    const [pending] = await ctx.database.query<{ status: string }>("SELECT status FROM customer_promo_codes WHERE customer_guid = $1", [signed.profile.id]);
    expect(pending).toEqual({ status: "pending" });

    const res = await ctx.app.inject({ method: "POST", url: "/api/v1/promocodes/activate", headers: bearer(signed.access_token), payload: { code: "free10" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.message).toBe("Promo code accepted: you received FREE10 bonus.");
  });
});
