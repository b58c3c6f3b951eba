import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { fundedPlayer, requestWithdrawal } from "../backoffice/money-review-helpers.ts";
import { login, signUp } from "../identity/identity-helpers.ts";
import {
  buildPaymentsApp,
  call,
  expectReconciled,
  newPlayer,
  type PaymentsTest,
  type Player,
} from "../payments/payments-helpers.ts";
import { bet, houseGame, providerCall, rollback, win, type Seat } from "../wallet/wallet-helpers.ts";

// The account pages' data (issue #16, ADR 024): the dashboard's figures from the ledger, and the
// account history read from the tables that keep each fact.

let t: PaymentsTest;

beforeAll(async () => {
  t = await buildPaymentsApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectReconciled(t);
});

async function seat(player: Player, walletGuid: string): Promise<Seat> {
  const game = await houseGame(t.database);
  const session = await issueGameSession(t.database.db, {
    playerGuid: player.id,
    walletGuid,
    providerCode: "house",
    gameCode: game.code,
    gameGuid: game.guid,
  });
  return { playerGuid: player.id, walletGuid, token: session.token, gameCode: game.code, currency: "USD" };
}

const today = () => new Date().toISOString().slice(0, 10);

describe("account dashboard", () => {
  it("sums deposits, withdrawals, stakes and wins per day from the ledger, with running totals", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer(t, "100");
    await requestWithdrawal(t, player, wallet, cardGuid, "30");
    await t.worker.tick();
    await t.worker.tick();
    const s = await seat(player, wallet);
    const first = bet(s, "10");
    expect(await providerCall(t.app, "bet", first)).toMatchObject({ status: "OK" });
    expect(await providerCall(t.app, "win", win(s, first, "4", { round_closed: true }))).toMatchObject({
      status: "OK",
    });
    // A rolled-back stake is no stake.
    const undone = bet(s, "5");
    expect(await providerCall(t.app, "bet", undone)).toMatchObject({ status: "OK" });
    expect(await providerCall(t.app, "rollback", rollback(s, undone))).toMatchObject({ status: "OK" });

    const res = await call(t, player, "GET", "/account/dashboard?days=7");
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = res.json().payload;
    expect(dashboard).toMatchObject({ range_days: 7, to: today() });
    expect(dashboard.currencies).toHaveLength(1);
    const usd = dashboard.currencies[0];
    expect(usd.currency_code).toBe("USD");
    expect(usd.totals).toEqual({
      deposits: "100.00",
      withdrawals: "30.00",
      stakes: "10.00",
      wins: "4.00",
      net_deposits: "70.00",
      net_loss: "6.00",
    });
    // Every day of the range, oldest first, zeros on the quiet ones.
    expect(usd.days).toHaveLength(7);
    expect(usd.days[0].date).toBe(dashboard.from);
    expect(usd.days[0]).toMatchObject({ deposits: "0.00", net_deposits: "0.00" });
    expect(usd.days[6]).toMatchObject({ date: today(), deposits: "100.00", net_deposits: "70.00", net_loss: "6.00" });
    expect((await call(t, player, "GET", "/account/dashboard")).json().payload.currencies[0].days).toHaveLength(30);
  });

  it("is the caller's own, empty without activity, and takes only the offered ranges", async () => {
    const quiet = await newPlayer(t, "quiet");
    await fundedPlayer(t, "50");
    const res = await call(t, quiet, "GET", "/account/dashboard?days=90");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ range_days: 90, currencies: [] });
    expect((await call(t, quiet, "GET", "/account/dashboard?days=8")).statusCode).toBe(400);
    expect((await call(t, quiet, "GET", "/account/dashboard?days=365")).statusCode).toBe(400);
    expect((await call(t, null, "GET", "/account/dashboard")).statusCode).toBe(401);
  });
});

describe("account history", () => {
  type Entry = {
    id: string;
    kind: string;
    action: string;
    title: string;
    description: string;
    details: Record<string, string>;
  };
  const history = async (player: Player, query = "") => {
    const res = await call(t, player, "GET", `/account/history${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as { items: Entry[]; has_more: boolean; page: number };
  };

  it("lists logins with device and address, credential changes, limits, exclusions and documents, newest first", async () => {
    const email = `history-${randomUUID()}@example.com`;
    const signed = await signUp(t.app, email);
    const player: Player = { token: signed.access_token, id: signed.profile.id };
    const again = await login(t.app, email, "correct-horse-9", {
      "user-agent":
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      "x-forwarded-for": "203.0.113.9",
    });
    expect(again.statusCode, again.body).toBe(200);

    await t.database.query("UPDATE users SET password_hash = password_hash || 'x' WHERE guid = $1", [player.id]);
    await t.database.query("UPDATE users SET email = $2 WHERE guid = $1", [
      player.id,
      `moved-${randomUUID()}@example.com`,
    ]);
    await t.database.query("UPDATE users SET phone_code = '+44', phone_number = '7700900123' WHERE guid = $1", [
      player.id,
    ]);
    await t.database.query("UPDATE users SET is_phone_verified = true WHERE guid = $1", [player.id]);
    // An update that changes none of them writes nothing.
    await t.database.query("UPDATE users SET is_phone_verified = true, phone_number = '7700900123' WHERE guid = $1", [
      player.id,
    ]);
    const usd = await t.database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = 'USD'");
    await t.database.query(
      `INSERT INTO player_limit_changes (user_guid, limit_guid, kind, period, currency_guid, action, old_amount, new_amount)
       VALUES ($1, gen_random_uuid(), 'deposit', 'week', $2, 'decreased', 500, 200)`,
      [player.id, usd[0]!.guid],
    );
    await t.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, ends_at) VALUES ($1, 'time_out', '24h', now() + interval '24 hours')",
      [player.id],
    );
    await t.database.query(
      `INSERT INTO kyc_documents (user_guid, type, status, original_filename, filename, storage_key, content_type, size_bytes, sha256, reviewed_at)
       VALUES ($1, 'passport', 'approved', 'my-passport.jpg', $2, $3, 'image/jpeg', 1234, $4, now())`,
      [player.id, `${randomUUID()}.jpg`, randomUUID(), "a".repeat(64)],
    );

    const all = await history(player);
    const actions = all.items.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "login",
        "password_changed",
        "email_changed",
        "limit_decreased",
        "exclusion_time_out",
        "document_uploaded",
        "document_approved",
      ]),
    );
    const logins = all.items.filter((entry) => entry.kind === "login");
    expect(logins.length).toBeGreaterThanOrEqual(2);
    const chrome = logins.find((entry) => entry.details.browser === "Chrome");
    expect(chrome, JSON.stringify(logins)).toBeDefined();
    expect(chrome!.title).toBe("Logged in");
    expect(chrome!.description).toContain("Chrome");
    expect(chrome!.details.ip).toEqual(expect.any(String));
    expect(all.items.find((e) => e.action === "limit_decreased")).toMatchObject({
      title: "Deposit limit (weekly) lowered",
      description: "500.00 USD → 200.00 USD",
    });
    expect(all.items.find((e) => e.action === "exclusion_time_out")!.description).toMatch(
      /^24 hours · until \d{4}-\d{2}-\d{2}$/,
    );
    expect(all.items.find((e) => e.action === "document_approved")).toMatchObject({ title: "Passport approved" });

    // One kind at a time, and pages that say whether another follows.
    const credentials = await history(player, "?kind=credentials");
    expect(credentials.items.map((entry) => entry.action).sort()).toEqual([
      "email_changed",
      "password_changed",
      "phone_changed",
      "phone_verified",
    ]);
    expect(credentials.items.find((entry) => entry.action === "phone_verified")!.title).toBe("Phone number verified");
    const firstPage = await history(player, "?per_page=2");
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.has_more).toBe(true);
    const secondPage = await history(player, "?per_page=2&page=2");
    expect(secondPage.items.map((e) => e.id)).not.toContain(firstPage.items[0]!.id);
    expect((await call(t, player, "GET", "/account/history?kind=bets")).statusCode).toBe(400);
    expect((await call(t, player, "GET", "/account/history?per_page=51")).statusCode).toBe(400);
    expect((await call(t, player, "GET", "/account/history?page=101")).statusCode).toBe(400);

    // Another player sees none of it.
    const other = await newPlayer(t, "stranger");
    const theirs = await history(other);
    expect(theirs.items.every((entry) => entry.kind === "login")).toBe(true);
    expect(theirs.items.map((entry) => entry.id).some((id) => all.items.some((mine) => mine.id === id))).toBe(false);
    expect((await call(t, null, "GET", "/account/history")).statusCode).toBe(401);
  });
});
