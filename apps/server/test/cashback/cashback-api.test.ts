import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { engineCampaign, expectBooksClean, type EngineCampaign } from "../bonuses/engine-helpers.ts";
import { cashbackCampaign, job, newCurrency, playRound, seat, settle } from "./cashback-helpers.ts";

// GET /bonuses/cashback/list and /estimate (player), the staff cashback routes (issue #18, ADR 035).

let t: TestContext;
let marketing: TestStaff;
let currency: { code: string; guid: string };
let campaign: EngineCampaign;
let player: { id: string; token: string; walletGuid: string };
let runGuid: string;

const staffCall = (method: "GET" | "POST", url: string, who: TestStaff, payload?: unknown) =>
  t.app.inject({ method, url: `/api/backoffice/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
const playerCall = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  marketing = await createTestStaff(t, "marketing");
  currency = await newCurrency(t);
  campaign = await cashbackCampaign(t, currency.guid, { percent: "10", cap: "100", wager: "1" });
  const session = await signUp(t.app, `cashback-${randomUUID()}@example.com`);
  const s = await seat(t, currency.code, { cash: "100", playerGuid: session.profile.id });
  player = { id: session.profile.id, token: session.access_token, walletGuid: s.walletGuid };
  await playRound(t, s, "50", { win: "10" });
});
afterAll(async () => {
  if (t) await expectBooksClean(t.database);
  await t?.close();
});

describe("player", () => {
  it("estimate: the running period's net cash loss and the cashback it would pay now", async () => {
    expect((await playerCall("/bonuses/cashback/estimate")).statusCode).toBe(401);
    const res = await playerCall("/bonuses/cashback/estimate", player.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { payload: { bonus_guid: string; net_loss: string; estimate: string; currency: string }[] }).payload;
    const mine = rows.find((r) => r.bonus_guid === campaign.bonusGuid);
    expect(mine).toMatchObject({ currency: currency.code, net_loss: "40.00", estimate: "4.00" });
  });

  it("staff close the period; the list then shows the cashback bonus, and only cashback bonuses", async () => {
    expect((await playerCall("/bonuses/cashback/list")).statusCode).toBe(401);
    const empty = await playerCall("/bonuses/cashback/list", player.token);
    expect(empty.json()).toMatchObject({ status: "ok", payload: [], metadata: { total: 0 } });

    const closed = await staffCall("POST", `/cashback/campaigns/${campaign.bonusGuid}/close-period`, marketing, { comment: "month end" });
    expect(closed.statusCode, closed.body).toBe(200);
    runGuid = (closed.json() as { payload: { guid: string; status: string; closed_by: string } }).payload.guid;
    expect(closed.json()).toMatchObject({ payload: { status: "counting", closed_by: "staff", staff_guid: marketing.staffId } });
    const [audit] = await t.database.query<{ staff_guid: string; target_id: string; details: { comment: string } }>(
      "SELECT staff_guid, target_id, details FROM staff_audit_log WHERE action = 'cashback.close_period' AND target_id = $1",
      [runGuid],
    );
    expect(audit).toMatchObject({ staff_guid: marketing.staffId, details: { comment: "month end" } });
    await settle();
    await job(t);

    // Another bonus type on the same wallet is not listed.
    const fixed = await engineCampaign(t.database, { currencyGuid: currency.guid, type: "fixed_amount", maxBonusSum: "5" });
    const manual = await staffCall("POST", `/players/${player.id}/bonuses`, marketing, {
      bonus_guid: fixed.bonusGuid,
      currency: currency.code,
      idempotency_key: randomUUID(),
      comment: "goodwill",
    });
    expect(manual.statusCode, manual.body).toBe(200);

    const res = await playerCall("/bonuses/cashback/list", player.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { payload: { bonus_type: string; bonus_amount: string; bonus_guid: string; wager_amount: string }[]; metadata: { total: number } };
    expect(body.payload).toHaveLength(1);
    expect(body.payload[0]).toMatchObject({ bonus_type: "cashback", bonus_amount: "4.00", wager_amount: "4.00", bonus_guid: campaign.bonusGuid });
    const all = await playerCall("/bonuses/list", player.token);
    expect((all.json() as { payload: unknown[] }).payload.length).toBeGreaterThanOrEqual(2);
    // Another type asked for: an empty page; a status filter works as on /bonuses/list.
    expect((await playerCall("/bonuses/cashback/list?bonus_type=fixed_amount", player.token)).json()).toMatchObject({ payload: [] });
    expect((await playerCall("/bonuses/cashback/list?status=completed", player.token)).json()).toMatchObject({ payload: [] });
    expect((await playerCall("/bonuses/cashback/list?status=active,offered", player.token)).json()).toMatchObject({
      payload: [{ bonus_type: "cashback" }],
    });
    expect((await playerCall("/bonuses/cashback/list?status=nope", player.token)).statusCode).toBe(400);
  });
});

describe("staff", () => {
  it("lists cashback campaigns with the running period, runs with counts and totals, and a run's payouts", async () => {
    const campaigns = await staffCall("GET", "/cashback/campaigns", marketing);
    expect(campaigns.statusCode, campaigns.body).toBe(200);
    const row = (campaigns.json() as { payload: { bonus_guid: string; runs_count: number; last_run_status: string; cashback_period: string }[] }).payload.find(
      (c) => c.bonus_guid === campaign.bonusGuid,
    );
    expect(row).toMatchObject({ runs_count: 1, last_run_status: "completed", cashback_period: "weekly" });

    const runs = await staffCall("GET", `/cashback/campaigns/${campaign.bonusGuid}/runs?per_page=10`, marketing);
    expect(runs.statusCode, runs.body).toBe(200);
    expect(runs.json()).toMatchObject({
      payload: [
        {
          guid: runGuid,
          status: "completed",
          wallets_count: 1,
          paid_count: 1,
          skipped_count: 0,
          pending_count: 0,
          totals: [{ currency: currency.code, amount: "4.00", count: 1 }],
        },
      ],
      metadata: { total: 1, page: 1, per_page: 10 },
    });

    const payouts = await staffCall("GET", `/cashback/runs/${runGuid}/payouts?status=paid`, marketing);
    expect(payouts.statusCode, payouts.body).toBe(200);
    expect(payouts.json()).toMatchObject({
      payload: [{ wallet_guid: player.walletGuid, staked: "50.00", returned: "10.00", net_loss: "40.00", amount: "4.00", status: "paid" }],
    });
    expect((await staffCall("GET", `/cashback/runs/${randomUUID()}/payouts`, marketing)).statusCode).toBe(404);
    expect((await staffCall("GET", `/cashback/campaigns/${randomUUID()}/runs`, marketing)).statusCode).toBe(404);
    expect((await staffCall("GET", `/cashback/campaigns/${campaign.bonusGuid}/runs?per_page=1000`, marketing)).statusCode).toBe(400);
  });

  it("needs bonuses.manage: support is refused and nothing is closed", async () => {
    const support = await createTestStaff(t, "support");
    expect((await staffCall("GET", "/cashback/campaigns", support)).statusCode).toBe(403);
    const refused = await staffCall("POST", `/cashback/campaigns/${campaign.bonusGuid}/close-period`, support, {});
    expect(refused.statusCode).toBe(403);
    const [runs] = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM cashback_runs WHERE bonus_guid = $1", [
      campaign.bonusGuid,
    ]);
    expect(runs!.n).toBe(1);
  });
});
