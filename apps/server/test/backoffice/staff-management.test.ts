import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { updateStaffMember } from "../../src/modules/staff/update-staff-member.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { API, PASSWORD, post } from "./staff-test-helpers.ts";

// Staff management (POST/GET/PATCH /staff, reset two-factor) and the audit-log list with its filters.
describe("staff management and the audit log", () => {
  let ctx: TestContext;
  let admin: TestStaff;
  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createTestStaff(ctx, "admin");
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, headers = admin.headers) => ctx.app.inject({ method: "GET", url: `${API}${url}`, headers });
  const patch = (id: string, payload: unknown, headers = admin.headers) =>
    ctx.app.inject({
      method: "PATCH",
      url: `${API}/staff/${id}`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const create = (payload: Record<string, unknown>) => post(ctx, "/staff", payload, { headers: admin.headers });
  const fieldsOf = (res: { json: () => { payload: { fields?: { field: string }[] } } }) =>
    (res.json().payload.fields ?? []).map((f) => f.field);

  it("creates a staff member (audited without the password) and refuses bad input by field", async () => {
    const email = `Created-${Date.now()}@Staff.Test`;
    const res = await create({ email, display_name: "  Ada Admin ", role: "marketing", password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const member = res.json().payload;
    expect(member).toMatchObject({
      email: email.toLowerCase(),
      display_name: "Ada Admin",
      role: "marketing",
      status: "active",
      two_factor_enrolled: false,
      last_seen_at: null,
    });
    const [audit] = await queryRows<{ action: string; staff_guid: string; after: unknown; row: string }>(
      ctx.database.db,
      sql`SELECT action, staff_guid, after, row_to_json(a)::text AS row FROM staff_audit_log a
           WHERE target_id = ${member.id} AND action = 'staff.create'`,
    );
    expect(audit).toMatchObject({
      staff_guid: admin.staffId,
      after: { email: email.toLowerCase(), role: "marketing" },
    });
    expect(audit!.row).not.toContain(PASSWORD);

    const taken = await create({
      email: email.toUpperCase(),
      display_name: "Twin",
      role: "support",
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken)).toEqual(["body.email"]);

    const badRole = await create({
      email: `r-${Date.now()}@staff.test`,
      display_name: "R",
      role: "croupier",
      password: PASSWORD,
    });
    expect(badRole.statusCode).toBe(400);
    expect(fieldsOf(badRole)).toEqual(["body.role"]);
    const short = await create({
      email: `s-${Date.now()}@staff.test`,
      display_name: "S",
      role: "support",
      password: "short-pass",
    });
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short)).toEqual(["body.password"]);
    const common = await create({
      email: `c-${Date.now()}@staff.test`,
      display_name: "C",
      role: "support",
      password: "administrator",
    });
    expect(common.statusCode).toBe(400);
    expect(fieldsOf(common)).toEqual(["body.password"]);
    const noName = await create({
      email: `n-${Date.now()}@staff.test`,
      display_name: " ",
      role: "support",
      password: PASSWORD,
    });
    expect(fieldsOf(noName)).toEqual(["body.display_name"]);
  });

  it("lists staff newest first in keyset pages", async () => {
    for (let i = 0; i < 3; i += 1) await createTestStaff(ctx, "support");
    const first = await get("/staff?limit=2");
    expect(first.statusCode).toBe(200);
    const page1 = first.json().payload;
    expect(page1.items).toHaveLength(2);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (await get(`/staff?limit=2&cursor=${page1.next_cursor}`)).json().payload;
    const ids = [...page1.items, ...page2.items].map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = (await get("/staff?limit=100")).json().payload.items as { id: string; created_at: string }[];
    expect(all.slice(0, 4).map((m) => m.id)).toEqual(ids.slice(0, 4));
    expect((await get("/staff?limit=101")).statusCode).toBe(400);
    expect((await get("/staff?cursor=bm9wZQ")).statusCode).toBe(400);
    const adminRow = all.find((m) => m.id === admin.staffId) as unknown as {
      last_seen_at: string | null;
      two_factor_enrolled: boolean;
    };
    expect(adminRow.last_seen_at).not.toBeNull();
    expect(adminRow.two_factor_enrolled).toBe(true);
  });

  it("changes a role (effective at once), refuses changing oneself and removing the last active admin", async () => {
    const staff = await createTestStaff(ctx, "support");
    expect((await get("/reports/currencies", staff.headers)).statusCode).toBe(403);
    const promoted = await patch(staff.staffId, { role: "finance" });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().payload.role).toBe("finance");
    expect((await get("/reports/currencies", staff.headers)).statusCode).toBe(200);
    expect((await patch(staff.staffId, {})).statusCode).toBe(400);
    expect((await patch(staff.staffId, { status: "gone" })).statusCode).toBe(400);
    expect((await patch("00000000-0000-4000-8000-000000000000", { role: "support" })).statusCode).toBe(404);

    expect((await patch(admin.staffId, { role: "support" })).statusCode).toBe(409);

    // Another admin may disable this one; their session ends at once.
    const other = await createTestStaff(ctx, "admin");
    expect((await patch(other.staffId, { status: "disabled" })).statusCode).toBe(200);
    expect((await get("/me", other.headers)).statusCode).toBe(401);
    expect((await patch(other.staffId, { status: "active" })).json().payload.status).toBe("active");

    // The last active admin stays one, whoever asks (here as the CLI would, with no staff actor).
    await ctx.database.db.execute(
      sql`UPDATE staff_users SET status = 'disabled' WHERE role = 'admin' AND guid <> ${admin.staffId}`,
    );
    const cli = { staffId: null, email: null, ip: null, requestId: null };
    await expect(updateStaffMember(ctx.database.db, cli, admin.staffId, { role: "support" })).rejects.toThrow(
      /last active admin/,
    );
    await expect(updateStaffMember(ctx.database.db, cli, admin.staffId, { status: "disabled" })).rejects.toThrow(
      /last active admin/,
    );
    expect((await get("/me")).statusCode).toBe(200);
  });

  it("renames (oneself too) and sets a forgotten password: sessions end, the old password stops working", async () => {
    const renamed = await patch(admin.staffId, { display_name: "  Head Admin " });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().payload.display_name).toBe("Head Admin");
    expect((await get("/me")).json().payload.display_name).toBe("Head Admin");

    const created = await create({
      email: `forgot-${Date.now()}@staff.test`,
      display_name: "Forgetful",
      role: "support",
      password: PASSWORD,
    });
    const member = created.json().payload;
    const session = await ctx.database.db.execute(
      sql`INSERT INTO staff_sessions (staff_guid, expires_at) VALUES (${member.id}, now() + interval '8 hours')`,
    );
    expect(session).toBeDefined();
    const setPassword = (id: string, password: string, headers = admin.headers) =>
      post(ctx, `/staff/${id}/password`, { password }, { headers });
    expect((await setPassword(member.id, "short")).statusCode).toBe(400);
    expect(fieldsOf(await setPassword(member.id, "administrator"))).toEqual(["body.password"]);
    expect((await setPassword(admin.staffId, "a-brand-new-password-1")).statusCode).toBe(409);
    const done = await setPassword(member.id, "a-brand-new-password-1");
    expect(done.statusCode).toBe(200);
    const [open] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM staff_sessions WHERE staff_guid = ${member.id} AND ended_at IS NULL`,
    );
    expect(Number(open!.n)).toBe(0);
    const login = (password: string) =>
      post(ctx, "/auth/login", { email: member.email, password }, { ip: "192.0.2.77" });
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login("a-brand-new-password-1")).json().payload.step).toBe("enrol");
    const [audit] = await queryRows<{ details: unknown; row: string }>(
      ctx.database.db,
      sql`SELECT details, row_to_json(a)::text AS row FROM staff_audit_log a
           WHERE target_id = ${member.id} AND action = 'staff.password_reset'`,
    );
    expect(audit!.details).toEqual({ sessions_ended: 1 });
    expect(audit!.row).not.toContain("a-brand-new-password-1");
  });

  it("filters the audit log by staff member, player, action (exact or prefix) and time, newest first", async () => {
    const auditor = await createTestStaff(ctx, "compliance");
    const actorA = await createTestStaff(ctx, "admin");
    const player = "11111111-1111-4111-8111-111111111111";
    // The three rows get ids across a digit boundary (…99, …100, …101): the order must be numeric, not textual.
    await ctx.database.db.execute(sql`
      SELECT setval(pg_get_serial_sequence('staff_audit_log', 'id'),
                    (SELECT (10 ^ length(coalesce(max(id), 0)::text))::bigint - 2 FROM staff_audit_log))`);
    await ctx.database.db.execute(sql`
      INSERT INTO staff_audit_log (at, staff_guid, staff_email, action, player_guid, target_type, target_id, details, ip) VALUES
        (now() - interval '3 days', ${actorA.staffId}, ${actorA.email}, 'player.lock', ${player}, 'player', ${player}, '{"n":1}', '192.0.2.1'),
        (now() - interval '2 days', ${actorA.staffId}, ${actorA.email}, 'player.unlock', ${player}, 'player', ${player}, '{"n":2}', '192.0.2.1'),
        (now() - interval '1 day', ${actorA.staffId}, ${actorA.email}, 'staff.update', NULL, 'staff', 'x', '{"n":3}', '192.0.2.1')`);
    const list = async (query: string) => {
      const res = await get(`/audit-log?${query}`, auditor.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().payload as {
        items: { action: string; details: { n: number }; at: string; staff_email: string; ip: string }[];
        next_cursor: string | null;
      };
    };
    const byStaff = await list(`staff_id=${actorA.staffId}`);
    expect(byStaff.items.map((e) => e.details.n)).toEqual([3, 2, 1]);
    expect(byStaff.items[0]).toMatchObject({ staff_email: actorA.email, ip: "192.0.2.1", action: "staff.update" });
    expect((await list(`player_id=${player}`)).items.map((e) => e.action)).toEqual(["player.unlock", "player.lock"]);
    expect((await list(`staff_id=${actorA.staffId}&action=player.lock`)).items.map((e) => e.details.n)).toEqual([1]);
    expect((await list(`staff_id=${actorA.staffId}&action=player.`)).items.map((e) => e.details.n)).toEqual([2, 1]);
    const from = new Date(Date.now() - 2.5 * 86400_000).toISOString();
    const to = new Date(Date.now() - 1.5 * 86400_000).toISOString();
    expect((await list(`staff_id=${actorA.staffId}&from=${from}&to=${to}`)).items.map((e) => e.details.n)).toEqual([2]);
    const paged = await list(`staff_id=${actorA.staffId}&limit=2`);
    expect(paged.items.map((e) => e.details.n)).toEqual([3, 2]);
    expect(
      (await list(`staff_id=${actorA.staffId}&limit=2&cursor=${paged.next_cursor}`)).items.map((e) => e.details.n),
    ).toEqual([1]);

    const bad = async (query: string, field: string) => {
      const res = await get(`/audit-log?${query}`, auditor.headers);
      expect(res.statusCode, query).toBe(400);
      expect(fieldsOf(res), query).toContain(field);
    };
    await bad("limit=101", "query.limit");
    await bad("staff_id=nope", "query.staff_id");
    await bad("player_id=1", "query.player_id");
    await bad("action=DROP%20TABLE", "query.action");
    await bad("from=yesterday", "query.from");
    await bad(`from=${to}&to=${from}`, "query.to");
    await bad("cursor=abc", "query.cursor");
    // Reading the log is not itself audited.
    const [count] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM staff_audit_log WHERE staff_guid = ${auditor.staffId}`,
    );
    expect(Number(count!.n)).toBe(0);
  });
});
