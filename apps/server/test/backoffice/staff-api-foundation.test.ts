import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff } from "../helpers/staff-session.ts";
import { signUp } from "../identity/identity-helpers.ts";

// The back-office API's gate (routes/backoffice-v1.ts): staff tokens only, live sessions only,
// and the audit log refuses to be rewritten.
describe("back-office API gate", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx?.close());

  it("refuses a player's token and a missing token", async () => {
    const missing = await ctx.app.inject({ method: "GET", url: "/api/backoffice/v1/me" });
    expect(missing.statusCode).toBe(401);
    const player = await signUp(ctx.app, `gate-${Date.now()}@example.test`);
    const withPlayer = await ctx.app.inject({
      method: "GET",
      url: "/api/backoffice/v1/me",
      headers: { authorization: `Bearer ${player.access_token}` },
    });
    expect(withPlayer.statusCode).toBe(401);
    const staff = await createTestStaff(ctx, "marketing");
    const withStaff = await ctx.app.inject({ method: "GET", url: "/api/backoffice/v1/me", headers: staff.headers });
    expect(withStaff.statusCode).toBe(200);
    expect(withStaff.json().payload.role).toBe("marketing");
  });

  it("a staff token is not a player token", async () => {
    const staff = await createTestStaff(ctx, "admin");
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: staff.headers });
    expect(res.statusCode).toBe(401);
  });

  it("ends a session idle for 30 minutes", async () => {
    const staff = await createTestStaff(ctx, "support");
    await ctx.database.db.execute(
      sql`UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE guid = ${staff.sessionId}`,
    );
    const res = await ctx.app.inject({ method: "GET", url: "/api/backoffice/v1/me", headers: staff.headers });
    expect(res.statusCode).toBe(401);
    const [row] = await queryRows<{ end_reason: string }>(
      ctx.database.db,
      sql`SELECT end_reason FROM staff_sessions WHERE guid = ${staff.sessionId}`,
    );
    expect(row!.end_reason).toBe("idle");
  });

  it("the audit log refuses UPDATE and DELETE", async () => {
    await ctx.database.db.execute(sql`INSERT INTO staff_audit_log (action) VALUES ('test.append')`);
    const refusal = (statement: ReturnType<typeof sql>) =>
      ctx.database.db.execute(statement).then(
        () => "applied",
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(await refusal(sql`UPDATE staff_audit_log SET action = 'x'`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM staff_audit_log`)).toMatch(/append-only/);
  });
});
