import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logRequestSerializer } from "../../src/lib/log-options.ts";
import { issueWssToken } from "../../src/modules/identity/verify-wss-token.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { bearer, decodeJwt, login, mailedLink, outbox, signUp } from "../identity/identity-helpers.ts";
import { listeningUrl, openSocket, waitForEvent, type TestSocket } from "../realtime/realtime-helpers.ts";
import { bet, houseGame, providerCall, win, type Seat } from "../wallet/wallet-helpers.ts";

// Issue #15 capability 1: players in the back office. Search, the player page and its lists,
// lock / unlock (realtime logout), end sessions, password reset, notes; audit rows; permissions.

let ctx: TestContext;
let url: string;
let support: TestStaff;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: "http://casino.test" }, { demo: true });
  await ctx.app.listen({ host: "127.0.0.1", port: 0 });
  url = listeningUrl(ctx.app.server.address());
  support = await createTestStaff(ctx, "support");
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

const PASSWORD = "first-pass-123";
type Player = { email: string; id: string; access: string };

async function newPlayer(prefix = "bo"): Promise<Player> {
  const email = `${prefix}-${randomUUID()}@example.com`;
  const s = await signUp(ctx.app, email, PASSWORD);
  return { email, id: s.profile.id, access: s.access_token };
}

const staffCall = (
  staff: TestStaff | null,
  method: "GET" | "POST",
  path: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url: `/api/backoffice/v1${path}`,
    headers: { ...(staff ? staff.headers : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

async function auditRows(action: string, playerId?: string) {
  return ctx.database.query<{
    action: string;
    staff_guid: string;
    before: unknown;
    after: unknown;
    details: Record<string, unknown>;
  }>(
    `SELECT action, staff_guid, before, after, details FROM staff_audit_log
      WHERE action = $1 AND ($2::uuid IS NULL OR player_guid = $2::uuid) ORDER BY id`,
    [action, playerId ?? null],
  );
}

const fieldsOf = (body: string) => (JSON.parse(body).payload.fields as { field: string }[]).map((f) => f.field);

describe("player search", () => {
  let alice: Player;
  let bob: Player;
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    alice = await newPlayer(`alice${tag}`);
    bob = await newPlayer(`bob${tag}`);
    await ctx.database.query(
      `UPDATE users SET first_name = $2, last_name = $3, phone_code = '44', phone_number = $4 WHERE guid = $1`,
      [alice.id, `Zelda${tag}`, `Quill${tag}`, "7700900123"],
    );
    await ctx.database.query(
      `UPDATE users SET first_name = $2, last_name = $3, phone_code = '1', phone_number = $4 WHERE guid = $1`,
      [bob.id, `Yorick${tag}`, `Quill${tag}`, "5550100777"],
    );
  });

  const search = async (q: string, extra = "") => {
    const res = await staffCall(support, "GET", `/players?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as {
      items: { id: string; email: string; phone: string | null; status: string }[];
      next_cursor: string | null;
    };
  };

  it("finds by email (any part, any case), first name, last name, full name, phone digits and exact id", async () => {
    expect((await search(`ALICE${tag}`)).items.map((p) => p.id)).toEqual([alice.id]);
    expect((await search(`zelda${tag}`)).items.map((p) => p.id)).toEqual([alice.id]);
    expect((await search(`yorick${tag} quill`)).items.map((p) => p.id)).toEqual([bob.id]);
    // Both share the last name: newest first.
    expect((await search(`Quill${tag}`)).items.map((p) => p.id)).toEqual([bob.id, alice.id]);
    const byPhone = await search("+44 7700 900123");
    expect(byPhone.items.map((p) => p.id)).toContain(alice.id);
    expect(byPhone.items.find((p) => p.id === alice.id)?.phone).toBe("+44 7700900123");
    expect((await search("555-0100777")).items.map((p) => p.id)).toContain(bob.id);
    expect((await search(alice.id.toUpperCase())).items.map((p) => p.id)).toEqual([alice.id]);
    // LIKE's wildcards are text, not patterns.
    expect((await search(`%${tag}`)).items).toEqual([]);
    expect((await search("__")).items.every((p) => p.email.includes("__"))).toBe(true);
  });

  it("pages with a keyset cursor, newest first, without gaps or repeats", async () => {
    const extra = await newPlayer(`carol${tag}`);
    await ctx.database.query(`UPDATE users SET last_name = $2 WHERE guid = $1`, [extra.id, `Quill${tag}`]);
    const first = await search(`quill${tag}`, "&limit=2");
    expect(first.items.map((p) => p.id)).toEqual([extra.id, bob.id]);
    expect(first.next_cursor).toBeTruthy();
    const second = await search(`quill${tag}`, `&limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((p) => p.id)).toEqual([alice.id]);
    expect(second.next_cursor).toBeNull();
  });

  it("refuses bad input with a field-named VALIDATION_ERROR", async () => {
    const short = await staffCall(support, "GET", "/players?q=a");
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short.body)).toEqual(["query.q"]);
    const big = await staffCall(support, "GET", "/players?q=ab&limit=101");
    expect(big.statusCode).toBe(400);
    expect(fieldsOf(big.body)).toEqual(["query.limit"]);
    const forged = Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000000Z", "1"])).toString("base64url");
    const cursor = await staffCall(support, "GET", `/players?q=ab&cursor=${forged}`);
    expect(cursor.statusCode).toBe(400);
    expect(fieldsOf(cursor.body)).toEqual(["query.cursor"]);
    const junk = await staffCall(support, "GET", "/players?cursor=not!base64");
    expect(junk.statusCode).toBe(400);
    expect(fieldsOf(junk.body)).toEqual(["query.cursor"]);
  });

  it("keeps the search out of the request log (the query is an email, a name or a phone number)", () => {
    for (const url of ["/api/backoffice/v1/players?q=jane%40example.com&limit=25", "/backoffice/players?q=Jane+Doe"]) {
      const logged = logRequestSerializer({ method: "GET", url }).url;
      expect(logged).toContain("q=[Redacted]");
      expect(logged).not.toMatch(/jane|doe/i);
    }
    expect(logRequestSerializer({ method: "GET", url: "/api/backoffice/v1/players?q=ab&limit=25" }).url).toContain(
      "limit=25",
    );
    // The player API's game search is not personal data.
    expect(logRequestSerializer({ method: "GET", url: "/api/v1/catalog/games?q=roulette" }).url).toContain(
      "q=roulette",
    );
  });

  it("audits each search with its query and result count, never the results", async () => {
    const q = `zelda${tag}`;
    await search(q);
    const rows = (await auditRows("players.search")).filter((r) => r.details.q === q);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.at(-1)).toMatchObject({
      staff_guid: support.staffId,
      details: { q, count: 1 },
      before: null,
      after: null,
    });
    expect(JSON.stringify(rows.at(-1))).not.toContain(alice.email);
  });
});

describe("the player page", () => {
  let player: Player;
  let seat: Seat;

  beforeAll(async () => {
    player = await newPlayer("page");
    const usd = (await ctx.database.query<{ guid: string }>(`SELECT guid FROM currencies WHERE code = 'USD'`))[0]!.guid;
    const dep = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/billing/deposit/test",
      headers: bearer(player.access),
      payload: { amount: "100", currency_guid: usd },
    });
    expect(dep.statusCode, dep.body).toBe(200);
    const game = await houseGame(ctx.database);
    const open = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/game/open",
      headers: bearer(player.access),
      payload: { is_demo: false, game_guid: game.guid, language_code: "en", device: "desktop" },
    });
    expect(open.statusCode, open.body).toBe(200);
    const token = new URL(open.json().payload.game_url as string).searchParams.get("token")!;
    const wallet = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/billing/wallet",
      headers: bearer(player.access),
    });
    seat = {
      playerGuid: player.id,
      walletGuid: wallet.json().payload.guid,
      token,
      gameCode: game.code,
      currency: "USD",
    };
    const stake = bet(seat, "5");
    expect((await providerCall(ctx.app, "bet", stake)).status).toBe("OK");
    expect((await providerCall(ctx.app, "win", win(seat, stake, "12", { round_closed: true }))).status).toBe("OK");
  });

  it("shows profile, wallets and counts, and audits the view", async () => {
    const res = await staffCall(support, "GET", `/players/${player.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().payload;
    expect(page.profile).toMatchObject({
      id: player.id,
      email: player.email,
      status: "active",
      status_reason: null,
      currency: "USD",
      email_verified: false,
      identity_verified: false,
    });
    expect(page.profile.last_login_at).toMatch(/^\d{4}-/);
    expect(page.wallets).toEqual([
      expect.objectContaining({ currency: "USD", cash: "107", bonus: "0", active: true, decimals: expect.any(Number) }),
    ]);
    expect(page.counts).toMatchObject({
      deposits: 1,
      withdrawals: 0,
      game_transactions: 2,
      live_sessions: 1,
      notes: 0,
    });
    const audit = await auditRows("player.view", player.id);
    expect(audit.at(-1)).toMatchObject({ staff_guid: support.staffId });
  });

  it("lists ledger transfers with kind, pocket, direction and reference, newest first, in pages", async () => {
    const first = await staffCall(support, "GET", `/players/${player.id}/ledger?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().payload;
    expect(page1.items.map((e: { kind: string }) => e.kind)).toEqual(["win", "bet"]);
    expect(page1.items[0]).toMatchObject({
      amount: "12",
      pocket: "cash",
      direction: "in",
      currency: "USD",
      counterparty: "house_game:house",
    });
    expect(page1.items[1]).toMatchObject({ amount: "5", pocket: "cash", direction: "out" });
    expect(page1.items[1].round_ref).toContain("house");
    const second = await staffCall(support, "GET", `/players/${player.id}/ledger?limit=2&cursor=${page1.next_cursor}`);
    const page2 = second.json().payload;
    expect(page2.items).toEqual([
      expect.objectContaining({ kind: "deposit", amount: "100", direction: "in", payment_id: expect.any(String) }),
    ]);
    expect(page2.next_cursor).toBeNull();
  });

  it("lists payments, game rounds and login sessions", async () => {
    const payments = (await staffCall(support, "GET", `/players/${player.id}/payments`)).json().payload;
    expect(payments.items).toEqual([
      expect.objectContaining({ type: "deposit", status: "successful", amount: "100", currency: "USD", is_test: true }),
    ]);
    const rounds = (await staffCall(support, "GET", `/players/${player.id}/rounds`)).json().payload;
    expect(rounds.items.map((r: { operation: string }) => r.operation)).toEqual(["win", "bet"]);
    expect(rounds.items[1]).toMatchObject({ provider: "house", game_code: seat.gameCode, bet: "5", win: "0" });
    expect(rounds.items[1].game_name).toBeTruthy();
    const sessions = (await staffCall(support, "GET", `/players/${player.id}/sessions`)).json().payload;
    expect(sessions.items).toEqual([expect.objectContaining({ live: true, finished_at: null, finish_reason: null })]);
  });

  it("stops the player's open game when staff lock them (ADR 011: the game session follows the login session)", async () => {
    const before = bet(seat, "1");
    expect((await providerCall(ctx.app, "bet", before)).status).toBe("OK");
    const res = await staffCall(support, "POST", `/players/${player.id}/lock`, { reason: "game check" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await providerCall(ctx.app, "bet", bet(seat, "1"))).status).toBe("TOKEN_EXPIRED");
    // Money owed still lands.
    expect((await providerCall(ctx.app, "win", win(seat, before, "2", { round_closed: true }))).status).toBe("OK");
    expect((await staffCall(support, "POST", `/players/${player.id}/unlock`)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown player and 400 for a malformed id", async () => {
    expect((await staffCall(support, "GET", `/players/${randomUUID()}`)).statusCode).toBe(404);
    expect((await staffCall(support, "GET", `/players/${randomUUID()}/ledger`)).statusCode).toBe(404);
    const bad = await staffCall(support, "GET", "/players/not-a-uuid");
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(["params.id"]);
  });
});

describe("lock and unlock", () => {
  it("logs the player's open tab out in real time, ends every session, shows the reason at login, once per double click", async () => {
    const player = await newPlayer("lock");
    const sid = decodeJwt(player.access).sid as string;
    const socket = await openSocket(url, {
      token: await issueWssToken(ctx.app.env, { userId: player.id, sessionId: sid }),
    });
    sockets.push(socket);

    const res = await staffCall(support, "POST", `/players/${player.id}/lock`, { reason: "chargeback under review" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({
      status: "locked",
      status_reason: "chargeback under review",
      changed: true,
      sessions_ended: 1,
    });
    await waitForEvent(socket, (e) => e.type === "customer_status_changed" && e.payload.status === "locked");
    await waitForEvent(socket, (e) => e.type === "session_closed" && e.payload.session_id === sid);

    const [session] = await ctx.database.query<{ finish_reason: string }>(
      `SELECT finish_reason FROM sessions WHERE guid = $1`,
      [sid],
    );
    expect(session?.finish_reason).toBe("locked");
    const me = await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(player.access) });
    expect(me.statusCode).toBe(401);
    const refused = await login(ctx.app, player.email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().payload).toMatchObject({
      code: "PLAYER_BLOCKED",
      message: expect.stringContaining("chargeback under review"),
    });

    // The double click: nothing more changes, nothing more is recorded.
    const again = await staffCall(support, "POST", `/players/${player.id}/lock`, { reason: "second click" });
    expect(again.json().payload).toEqual({
      status: "locked",
      status_reason: "chargeback under review",
      changed: false,
      sessions_ended: 0,
    });
    const audit = await auditRows("player.lock", player.id);
    expect(audit).toEqual([
      expect.objectContaining({
        staff_guid: support.staffId,
        before: { status: "active", status_reason: null },
        after: { status: "locked", status_reason: "chargeback under review" },
        details: { sessions_ended: 1 },
      }),
    ]);
    const events = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_events WHERE user_guid = $1 AND type = 'customer_status_changed'`,
      [player.id],
    );
    expect(events[0]?.n).toBe(1);

    const unlock = await staffCall(support, "POST", `/players/${player.id}/unlock`);
    expect(unlock.json().payload).toEqual({ status: "active", status_reason: null, changed: true, sessions_ended: 0 });
    expect((await login(ctx.app, player.email, PASSWORD)).statusCode).toBe(200);
    expect(await auditRows("player.unlock", player.id)).toEqual([
      expect.objectContaining({
        before: { status: "locked", status_reason: "chargeback under review" },
        after: { status: "active", status_reason: null },
      }),
    ]);
  });

  it("acts once when two locks race (a double click on two tabs)", async () => {
    const player = await newPlayer("race");
    const answers = await Promise.all(
      [1, 2].map(() => staffCall(support, "POST", `/players/${player.id}/lock`, { reason: "racing clicks" })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().payload.changed).sort()).toEqual([false, true]);
    expect(await auditRows("player.lock", player.id)).toHaveLength(1);
  });

  it("requires a one-line reason of 3 to 300 characters", async () => {
    const player = await newPlayer("reason");
    for (const reason of ["", "  x ", "a".repeat(301), "two\nlines"]) {
      const res = await staffCall(support, "POST", `/players/${player.id}/lock`, { reason });
      expect(res.statusCode, reason).toBe(400);
      expect(fieldsOf(res.body)).toEqual(["body.reason"]);
    }
    const [row] = await ctx.database.query<{ status: string }>(`SELECT status FROM users WHERE guid = $1`, [player.id]);
    expect(row?.status).toBe("active");
  });
});

describe("end sessions and password reset", () => {
  it("ends every login session with reason staff and audits it; nothing left to end records nothing", async () => {
    const player = await newPlayer("end");
    expect((await login(ctx.app, player.email, PASSWORD)).statusCode).toBe(200);
    const sid = decodeJwt(player.access).sid as string;
    const socket = await openSocket(url, {
      token: await issueWssToken(ctx.app.env, { userId: player.id, sessionId: sid }),
    });
    sockets.push(socket);

    const res = await staffCall(support, "POST", `/players/${player.id}/end-sessions`);
    expect(res.json().payload).toEqual({ sessions_ended: 2 });
    await waitForEvent(socket, (e) => e.type === "session_closed" && e.payload.session_id === sid);
    const live = await ctx.database.query(`SELECT 1 FROM sessions WHERE user_guid = $1 AND finished_at IS NULL`, [
      player.id,
    ]);
    expect(live).toEqual([]);
    expect((await staffCall(support, "POST", `/players/${player.id}/end-sessions`)).json().payload).toEqual({
      sessions_ended: 0,
    });
    const audit = await auditRows("player.end_sessions", player.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { live_sessions: 2 }, after: { live_sessions: 0 } });
  });

  it("mails the player identity's reset link, refuses a second within a minute, and keeps the link out of the audit", async () => {
    const player = await newPlayer("reset");
    const res = await staffCall(support, "POST", `/players/${player.id}/password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ sent_to: player.email });
    const link = await mailedLink(ctx.app, player.email, /reset your password/i);
    expect(link.searchParams.get("modal")).toBe("setNewPassword");
    const token = link.searchParams.get("token")!;

    const again = await staffCall(support, "POST", `/players/${player.id}/password-reset`);
    expect(again.statusCode).toBe(409);
    expect((await outbox(ctx.app, player.email)).filter((m) => /reset/i.test(m.subject ?? ""))).toHaveLength(1);

    const audit = await auditRows("player.password_reset", player.id);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(token);

    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/password/reset",
      payload: { token, new_password: "brand-new-pass-7" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(ctx.app, player.email, "brand-new-pass-7")).statusCode).toBe(200);
  });
});

describe("notes", () => {
  it("adds, lists newest first, answers a double submit with the first note, audits, and refuses edits", async () => {
    const player = await newPlayer("notes");
    const first = await staffCall(support, "POST", `/players/${player.id}/notes`, {
      text: "Called about a late withdrawal.",
    });
    expect(first.statusCode, first.body).toBe(200);
    const note = first.json().payload;
    expect(note).toMatchObject({ text: "Called about a late withdrawal.", author_email: support.email });
    const repeat = await staffCall(support, "POST", `/players/${player.id}/notes`, {
      text: "Called about a late withdrawal.",
    });
    expect(repeat.json().payload.id).toBe(note.id);
    await staffCall(support, "POST", `/players/${player.id}/notes`, { text: "  Second note,\nover two lines.  " });

    const list = (await staffCall(support, "GET", `/players/${player.id}/notes`)).json().payload;
    expect(list.items.map((n: { text: string }) => n.text)).toEqual([
      "Second note,\nover two lines.",
      "Called about a late withdrawal.",
    ]);
    expect(await auditRows("player.note_add", player.id)).toHaveLength(2);

    await expect(
      ctx.database.query(`UPDATE player_notes SET text = 'rewritten' WHERE id = $1`, [note.id]),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.database.query(`DELETE FROM player_notes WHERE id = $1`, [note.id])).rejects.toThrow(
      /append-only/,
    );
  });

  it("refuses an empty or too long note with a field-named error", async () => {
    const player = await newPlayer("notes-bad");
    for (const text of ["   ", "x".repeat(2001)]) {
      const res = await staffCall(support, "POST", `/players/${player.id}/notes`, { text });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.body)).toEqual(["body.text"]);
    }
    expect((await staffCall(support, "POST", `/players/${randomUUID()}/notes`, { text: "nobody" })).statusCode).toBe(
      404,
    );
  });
});

describe("permissions", () => {
  it("lets support lock, finance read and write notes but not lock, and marketing not even read; player tokens never pass", async () => {
    const player = await newPlayer("perm");
    const finance = await createTestStaff(ctx, "finance");
    const marketing = await createTestStaff(ctx, "marketing");
    expect((await staffCall(marketing, "GET", "/players?q=perm")).statusCode).toBe(403);
    expect((await staffCall(marketing, "GET", `/players/${player.id}`)).statusCode).toBe(403);
    expect((await staffCall(finance, "GET", `/players/${player.id}`)).statusCode).toBe(200);
    expect((await staffCall(finance, "POST", `/players/${player.id}/notes`, { text: "finance note" })).statusCode).toBe(
      200,
    );
    expect((await staffCall(finance, "POST", `/players/${player.id}/lock`, { reason: "not allowed" })).statusCode).toBe(
      403,
    );
    expect((await staffCall(finance, "POST", `/players/${player.id}/end-sessions`)).statusCode).toBe(403);
    expect((await staffCall(null, "GET", "/players?q=perm", undefined, bearer(player.access))).statusCode).toBe(401);
    expect((await staffCall(null, "GET", "/players?q=perm")).statusCode).toBe(401);
    const [row] = await ctx.database.query<{ status: string }>(`SELECT status FROM users WHERE guid = $1`, [player.id]);
    expect(row?.status).toBe("active");
    expect((await staffCall(support, "POST", `/players/${player.id}/lock`, { reason: "support may" })).statusCode).toBe(
      200,
    );
  });
});
