import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { activateTestBonus, bet, deposit, houseFreeSpinGame, rollback, win } from "../wallet/wallet-helpers.ts";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { expectBooksClean } from "../bonuses/engine-helpers.ts";
import { createTestStaff } from "../helpers/staff-session.ts";
import { runRakebackAccrual } from "../../src/modules/rakeback/run-rakeback-accrual.ts";
import { accrueAll, api, balanceRow, newCurrency, play, rakebackCampaign, rakebackPlayer } from "./rakeback-helpers.ts";

// Rakeback (issue #18, ADR 035): accrual off the bet path, claims paid once as cash or bonus.

let t: TestContext;
let currency: { code: string; guid: string };

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
});
beforeEach(async () => {
  currency = await newCurrency(t);
});
afterEach(async () => {
  // One campaign at a time per test; the demo's stays untouched (its currencies are not ours).
  await t.database.query(
    `UPDATE bonus_campaigns bc SET status = 'ended' FROM bonus_campaign_versions v
      WHERE v.guid = bc.current_version_guid AND v.bonus_type = 'rakeback' AND bc.status = 'active'
        AND EXISTS (SELECT 1 FROM bonus_campaign_currencies c WHERE c.version_guid = v.guid AND c.currency_guid = $1)`,
    [currency.guid],
  );
  await expectBooksClean(t.database);
});
afterAll(async () => {
  await t?.close();
});

describe("accrual", () => {
  it("accrues each real stake at its game class's rate, unrounded, and shows the truncated amount", async () => {
    await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "1.5", live: "0.25" });
    const p = await rakebackPlayer(t, currency.code);
    const slot = bet(p.slots, "10");
    await play(t, "bet", slot);
    await play(t, "win", win(p.slots, slot, "3"));
    await play(t, "bet", bet(p.slots, "0.33"));
    await play(t, "bet", bet(p.live, "4"));

    const report = await accrueAll(t);
    expect(report.accrued).toBe(3);
    // 10 × 1.5 % + 0.33 × 1.5 % + 4 × 0.25 % = 0.15 + 0.00495 + 0.01; a win accrues nothing.
    expect(await balanceRow(t, p.walletGuid)).toEqual({ accrued: "0.16495", claimed: "0" });
    const classes = await t.database.query<{ game_class: string; amount: string }>(
      "SELECT game_class, trim_scale(amount)::text AS amount FROM rakeback_accruals WHERE wallet_guid = $1 ORDER BY amount",
      [p.walletGuid],
    );
    expect(classes).toEqual([
      { game_class: "slots", amount: "0.00495" },
      { game_class: "live", amount: "0.01" },
      { game_class: "slots", amount: "0.15" },
    ]);

    const res = await api(t, "GET", "/bonuses/rakeback", p.token);
    expect(res.statusCode).toBe(200);
    const [row] = res.json().payload;
    expect(row).toMatchObject({
      wallet_guid: p.walletGuid,
      currency: currency.code,
      available: "0.16",
      total_accrued: "0.16",
      total_claimed: "0.00",
      claimable: true,
      reason: null,
      campaign: { slots_percent: "1.5", live_percent: "0.25", payout: "cash", bonus_wager: "0" },
    });

    // Exactly once: another pass finds nothing new.
    expect(await accrueAll(t)).toEqual({});
    expect((await balanceRow(t, p.walletGuid))?.accrued).toBe("0.16495");
  });

  it("a rollback reverses its bet's accrual, even in the same batch or after the rates changed", async () => {
    const campaign = await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "2" });
    const p = await rakebackPlayer(t, currency.code);
    const first = bet(p.slots, "10");
    await play(t, "bet", first);
    await accrueAll(t);
    expect((await balanceRow(t, p.walletGuid))?.accrued).toBe("0.2");

    await t.database.query("UPDATE bonus_campaign_versions SET rakeback_slots_percent = 5 WHERE guid = $1", [campaign.versionGuid]);
    await play(t, "rollback", rollback(p.slots, first));
    // Bet and rollback of another round in one batch.
    const second = bet(p.slots, "7");
    await play(t, "bet", second);
    await play(t, "rollback", rollback(p.slots, second));
    const report = await accrueAll(t);
    expect(report).toMatchObject({ accrued: 1, reversed: 2 });
    expect(await balanceRow(t, p.walletGuid)).toEqual({ accrued: "0", claimed: "0" });
    const [reversed] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM rakeback_accruals WHERE wallet_guid = $1 AND reversed_by IS NOT NULL",
      [p.walletGuid],
    );
    expect(reversed!.n).toBe(2);
  });

  it("free spins and bonus-funded stakes accrue nothing; only the cash part of a mixed stake does", async () => {
    await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "10" });
    const p = await rakebackPlayer(t, currency.code, "5");
    const game = await houseFreeSpinGame(t.database);
    const issued = await issueGameSession(t.database.db, {
      playerGuid: p.id,
      walletGuid: p.walletGuid,
      providerCode: "house",
      gameCode: game.code,
      gameGuid: game.guid,
    });
    const seat = { ...p.slots, token: issued.token, gameCode: game.code };
    await activateTestBonus(t.database, p.walletGuid, { freeSpins: { count: 2, bet: "1" } });
    await t.database.query("UPDATE wallets SET bonus_balance = 0 WHERE guid = $1", [p.walletGuid]);
    await play(t, "bet", bet(seat, "1", { is_free_spin: true }));
    // 5 cash and bonus money: a stake of 8 is 5 cash + 3 bonus (the bonus bet cap raised for it).
    await t.database.query("UPDATE currencies SET max_bet_slot_bonus = 100 WHERE guid = $1", [currency.guid]);
    await deposit(t.database, p.walletGuid, "3", "bonus_balance");
    await play(t, "bet", bet(seat, "8"));
    await accrueAll(t);
    // Only 5 × 10 % accrues.
    expect(await balanceRow(t, p.walletGuid)).toEqual({ accrued: "0.5", claimed: "0" });
    const rows = await t.database.query<{ stake: string }>("SELECT trim_scale(stake)::text AS stake FROM rakeback_accruals WHERE wallet_guid = $1", [
      p.walletGuid,
    ]);
    expect(rows).toEqual([{ stake: "5" }]);
  });

  it("excluded players, currencies without terms and players outside the campaign's segments accrue nothing", async () => {
    await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "1" });
    const excluded = await rakebackPlayer(t, currency.code);
    const fine = await rakebackPlayer(t, currency.code);
    await play(t, "bet", bet(excluded.slots, "10"));
    await play(t, "bet", bet(fine.slots, "10"));
    await t.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, starts_at, ends_at) VALUES ($1, 'time_out', now(), now() + interval '1 day')",
      [excluded.id],
    );
    const other = await newCurrency(t);
    const noTerms = await rakebackPlayer(t, other.code);
    await play(t, "bet", bet(noTerms.slots, "10"));
    await accrueAll(t);
    expect(await balanceRow(t, excluded.walletGuid)).toBeNull();
    expect(await balanceRow(t, noTerms.walletGuid)).toBeNull();
    expect((await balanceRow(t, fine.walletGuid))?.accrued).toBe("0.1");

    // Segment-targeted campaign: only members accrue.
    const segment = await t.database.query<{ guid: string }>(
      "INSERT INTO segments (name, group_name) VALUES ($1, 'rakeback test') RETURNING guid",
      [`VIP ${randomUUID().slice(0, 6)}`],
    );
    const seg = segment[0]!.guid;
    const segCurrency = await newCurrency(t);
    await rakebackCampaign(t, { currencyGuid: segCurrency.guid, slots: "1", segmentGuids: [seg] });
    const member = await rakebackPlayer(t, segCurrency.code);
    const outsider = await rakebackPlayer(t, segCurrency.code);
    await t.database.query("INSERT INTO user_segments (user_guid, segment_guid, source) VALUES ($1, $2, 'manual')", [member.id, seg]);
    await play(t, "bet", bet(member.slots, "10"));
    await play(t, "bet", bet(outsider.slots, "10"));
    await accrueAll(t);
    expect((await balanceRow(t, member.walletGuid))?.accrued).toBe("0.1");
    expect(await balanceRow(t, outsider.walletGuid)).toBeNull();
    await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE status = 'active' AND bonus_guid IN (SELECT bonus_guid FROM bonus_campaign_versions WHERE $1 = ANY (segment_guids))", [seg]);
  });
});

describe("two processes", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("accrual passes running at once accrue each bet once, and claims racing the accrual never pay more than accrued", async () => {
    await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "1" });
    const p = await rakebackPlayer(t, currency.code);
    for (let i = 0; i < 20; i += 1) await play(t, "bet", bet(p.slots, "10"));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => log, level: "silent" } as never;
    const racing = await Promise.all([
      runRakebackAccrual(t.database.db, log),
      runRakebackAccrual(t.database.db, log),
      runRakebackAccrual(t.database.db, log),
      api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid }),
      api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid }),
    ]);
    await accrueAll(t);
    expect(await balanceRow(t, p.walletGuid)).toMatchObject({ accrued: "2" });
    const [claimed] = await t.database.query<{ total: string | null }>(
      "SELECT trim_scale(sum(amount))::text AS total FROM rakeback_claims WHERE wallet_guid = $1",
      [p.walletGuid],
    );
    expect((await balanceRow(t, p.walletGuid))?.claimed).toBe(claimed!.total ?? "0");
    expect(Number(claimed!.total ?? "0")).toBeLessThanOrEqual(2);
    expect(racing.length).toBe(5);
  });
});

describe("claim", () => {
  it("pays the available amount once as cash: ledger bonus_cost → player_cash, balance event, 409 on a second submit", async () => {
    await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "1" });
    const p = await rakebackPlayer(t, currency.code);
    await play(t, "bet", bet(p.slots, "123.45"));
    await accrueAll(t);
    const [before] = await t.database.query<{ balance: string }>("SELECT trim_scale(balance)::text AS balance FROM wallets WHERE guid = $1", [
      p.walletGuid,
    ]);

    const res = await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid });
    expect(res.statusCode).toBe(200);
    const claim = res.json().payload;
    // 1.2345 accrued, 1.23 paid; 0.0045 stays for later.
    expect(claim).toMatchObject({ amount: "1.23", payout: "cash", customer_bonus_guid: null, currency: currency.code });
    const [after] = await t.database.query<{ balance: string }>("SELECT trim_scale(balance)::text AS balance FROM wallets WHERE guid = $1", [
      p.walletGuid,
    ]);
    expect(Number(after!.balance) - Number(before!.balance)).toBeCloseTo(1.23, 10);
    const transfers = await t.database.query<{ kind: string; amount: string }>(
      "SELECT kind, trim_scale(amount)::text AS amount FROM ledger_transfers WHERE idempotency_key = $1",
      [`rakeback:${claim.guid}`],
    );
    expect(transfers).toEqual([{ kind: "rakeback", amount: "1.23" }]);
    const events = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_events WHERE type = 'user_balance_updated' AND payload->>'operation_type' = 'rakeback' AND payload->>'wallet_guid' = $1",
      [p.walletGuid],
    );
    expect(events[0]!.n).toBe(1);
    expect(await balanceRow(t, p.walletGuid)).toEqual({ accrued: "1.2345", claimed: "1.23" });

    const again = await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid });
    expect(again.statusCode).toBe(409);
    expect(again.json().payload.code).toBe("CONFLICT");

    const history = await api(t, "GET", "/bonuses/rakeback/claims", p.token);
    expect(history.json().payload).toHaveLength(1);
    expect(history.json().payload[0].guid).toBe(claim.guid);
    const overview = (await api(t, "GET", "/bonuses/rakeback", p.token)).json().payload[0];
    expect(overview).toMatchObject({ available: "0.00", total_claimed: "1.23", last_claim_amount: "1.23", claimable: false });
  });

  it("is idempotent by Idempotency-Key and by claim_guid; a key reused for another wallet is 409", async () => {
    await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "1" });
    const p = await rakebackPlayer(t, currency.code);
    await play(t, "bet", bet(p.slots, "100"));
    await accrueAll(t);
    const key = `rb-${randomUUID()}`;
    const first = await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid }, { "idempotency-key": key });
    const second = await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid }, { "idempotency-key": key });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().payload.guid).toBe(first.json().payload.guid);
    const otherWallet = randomUUID();
    const mismatch = await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: otherWallet }, { "idempotency-key": key });
    expect(mismatch.statusCode).toBe(409);

    await play(t, "bet", bet(p.slots, "100"));
    await accrueAll(t);
    const claimGuid = randomUUID();
    const a = await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid, claim_guid: claimGuid });
    const b = await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid, claim_guid: claimGuid });
    expect(a.statusCode).toBe(200);
    expect(b.json().payload.guid).toBe(a.json().payload.guid);
    const [paid] = await t.database.query<{ n: number; total: string }>(
      "SELECT count(*)::int AS n, trim_scale(sum(amount))::text AS total FROM rakeback_claims WHERE wallet_guid = $1",
      [p.walletGuid],
    );
    expect(paid).toEqual({ n: 2, total: "2" });
  });

  it("concurrent claims pay once", async () => {
    await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "1" });
    const p = await rakebackPlayer(t, currency.code);
    await play(t, "bet", bet(p.slots, "500"));
    await accrueAll(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const sameKey = await Promise.all(
      Array.from({ length: 4 }, () =>
        api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid }, { "idempotency-key": "same-key" }),
      ),
    );
    // Nothing left: every one of them is refused, none pays.
    expect(sameKey.every((r) => r.statusCode === 409)).toBe(true);
    expect(await balanceRow(t, p.walletGuid)).toEqual({ accrued: "5", claimed: "5" });
  });

  it("a bonus payout grants the campaign's version with its wagering, source key rakeback:{claim}", async () => {
    const campaign = await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "1", payout: "bonus", wager: "3" });
    const p = await rakebackPlayer(t, currency.code);
    await play(t, "bet", bet(p.slots, "250"));
    await accrueAll(t);
    const res = await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid });
    expect(res.statusCode).toBe(200);
    const claim = res.json().payload;
    expect(claim).toMatchObject({ payout: "bonus", amount: "2.50", bonus_guid: campaign.bonusGuid });
    const [bonus] = await t.database.query<{ source_key: string; bonus_amount: string; wager_amount: string; status: string }>(
      `SELECT source_key, trim_scale(bonus_amount)::text AS bonus_amount, trim_scale(wager_amount)::text AS wager_amount, status
         FROM customer_bonuses WHERE guid = $1`,
      [claim.customer_bonus_guid],
    );
    expect(bonus).toEqual({ source_key: `rakeback:${claim.guid}`, bonus_amount: "2.5", wager_amount: "7.5", status: "offered" });
  });

  it("refuses an excluded player (403), another player's wallet (404) and an empty balance (409)", async () => {
    await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "1" });
    const p = await rakebackPlayer(t, currency.code);
    const other = await rakebackPlayer(t, currency.code);
    expect((await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid })).statusCode).toBe(409);
    expect((await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: other.walletGuid })).statusCode).toBe(404);
    await play(t, "bet", bet(p.slots, "100"));
    await accrueAll(t);
    await t.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, starts_at, ends_at) VALUES ($1, 'time_out', now(), now() + interval '1 day')",
      [p.id],
    );
    const refused = await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid });
    if (refused.statusCode !== 401) expect(refused.statusCode).toBe(403);
    expect(await balanceRow(t, p.walletGuid)).toEqual({ accrued: "1", claimed: "0" });
    expect((await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: "not-a-uuid" })).statusCode).toBe(400);
  });
});

describe("staff", () => {
  it("lists balances, accruals (reversed ones marked) and claims per player and campaign, for bonuses.manage only", async () => {
    const campaign = await rakebackCampaign(t, { currencyGuid: currency.guid, slots: "1" });
    const p = await rakebackPlayer(t, currency.code);
    await play(t, "bet", bet(p.slots, "300"));
    const undone = bet(p.slots, "50");
    await play(t, "bet", undone);
    await play(t, "rollback", rollback(p.slots, undone));
    await accrueAll(t);
    expect((await api(t, "POST", "/bonuses/rakeback/claim", p.token, { wallet_guid: p.walletGuid })).statusCode).toBe(200);

    const marketing = await createTestStaff(t, "marketing");
    const get = (url: string, headers = marketing.headers) => t.app.inject({ method: "GET", url: `/api/backoffice/v1${url}`, headers });
    const balances = await get(`/rakeback/balances?player_guid=${p.id}`);
    expect(balances.statusCode).toBe(200);
    expect(balances.json().payload).toEqual([
      expect.objectContaining({ wallet_guid: p.walletGuid, accrued: "3", claimed: "3", available: "0.00", bonus_guid: campaign.bonusGuid }),
    ]);
    const [audit] = await t.database.query<{ action: string; player_guid: string; details: { count: number } }>(
      "SELECT action, player_guid, details FROM staff_audit_log WHERE staff_guid = $1 ORDER BY id DESC LIMIT 1",
      [marketing.staffId],
    );
    expect(audit).toMatchObject({ action: "rakeback.balances.read", player_guid: p.id, details: { count: 1 } });
    const accruals = await get(`/rakeback/accruals?player_guid=${p.id}&bonus_guid=${campaign.bonusGuid}`);
    expect(
      accruals
        .json()
        .payload.map((a: { stake: string; reversed: boolean }) => [a.stake, a.reversed])
        .sort(),
    ).toEqual([
      ["300", false],
      ["50", true],
    ]);
    const claims = await get(`/rakeback/claims?bonus_guid=${campaign.bonusGuid}`);
    expect(claims.json().payload).toEqual([expect.objectContaining({ player_guid: p.id, amount: "3", payout: "cash" })]);
    expect(claims.json().metadata.total).toBe(1);

    const support = await createTestStaff(t, "support");
    expect((await get("/rakeback/claims", support.headers)).statusCode).toBe(403);
    expect((await get("/rakeback/claims?per_page=1000")).statusCode).toBe(400);
    expect((await get("/rakeback/claims?player_guid=nope")).statusCode).toBe(400);
  });
});
