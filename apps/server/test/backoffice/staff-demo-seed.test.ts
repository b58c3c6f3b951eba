import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { seed } from "@croupier/db/seed/seed";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "@croupier/db/seed/seed-staff-demo";
import { STAFF_ROLES } from "@croupier/contract/staff-permissions";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { codeAt, post } from "./staff-test-helpers.ts";

// The demo back office: one staff member per role, seeded only when asked for demo staff (DEMO_MODE).
describe("demo staff seed", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({}, { demo: true });
  });
  afterAll(async () => ctx?.close());

  const demoRows = () =>
    queryRows<{ email: string; role: string }>(
      ctx.database.db,
      sql`SELECT email, role FROM staff_users WHERE email LIKE '%@croupier.test' ORDER BY email`,
    );

  it("demo data alone (SEED_DEMO_DATA) seeds no staff", async () => {
    await seed(ctx.database.db, { demo: true });
    expect(await demoRows()).toEqual([]);
  });

  it("seeds one staff member per role, idempotently, who enrol TOTP at first sign-in", async () => {
    await seed(ctx.database.db, { demo: true, demoStaff: true });
    await seed(ctx.database.db, { demo: true, demoStaff: true });
    const rows = await demoRows();
    expect(rows.map((r) => r.role).sort()).toEqual([...STAFF_ROLES].sort());
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_STAFF.map((s) => s.email).sort());

    const login = await post(ctx, "/auth/login", { email: "admin@croupier.test", password: DEMO_STAFF_PASSWORD });
    expect(login.statusCode).toBe(200);
    const { step, challenge_token, secret } = login.json().payload;
    expect(step).toBe("enrol");
    const enrol = await post(ctx, "/auth/enrol", { challenge_token, code: codeAt(secret) });
    expect(enrol.statusCode).toBe(200);
    expect(enrol.json().payload.staff).toMatchObject({ role: "admin", display_name: "Ada Admin" });

    // Seeding again leaves the enrolment alone.
    await seed(ctx.database.db, { demo: true, demoStaff: true });
    const [admin] = await queryRows<{ enrolled: boolean }>(
      ctx.database.db,
      sql`SELECT totp_enrolled_at IS NOT NULL AS enrolled FROM staff_users WHERE email = 'admin@croupier.test'`,
    );
    expect(admin!.enrolled).toBe(true);
  });
});
