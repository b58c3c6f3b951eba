import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { createStaffFromArgs } from "../../src/cli/create-staff.ts";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { verifyPassword } from "../../src/modules/identity/password/hash-password.ts";

// npm run staff:create (the operator's first admin), without its process.
describe("staff:create", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  const row = (email: string) =>
    queryRows<{ role: string; display_name: string; password_hash: string; totp_enrolled_at: string | null }>(
      database.db,
      sql`SELECT role, display_name, password_hash, totp_enrolled_at FROM staff_users WHERE lower(email) = ${email}`,
    );

  it("creates an admin with a generated password printed once, audited as a CLI action", async () => {
    const outcome = await createStaffFromArgs(database.db, ["--email", "Ops@Example.test", "--role", "admin"]);
    expect(outcome.code).toBe(0);
    expect(outcome.out[0]).toMatch(/^Created admin ops@example\.test/);
    const password = /shown once, store it safely\): (\S+)$/.exec(outcome.out[1]!)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [staff] = await row("ops@example.test");
    expect(staff).toMatchObject({ role: "admin", display_name: "Ops", totp_enrolled_at: null });
    expect(await verifyPassword(staff!.password_hash, password!)).toBe(true);
    const [audit] = await queryRows<{ action: string; staff_guid: string | null; request_id: string }>(
      database.db,
      sql`SELECT action, staff_guid, request_id FROM staff_audit_log WHERE action = 'staff.create'`,
    );
    expect(audit).toEqual({ action: "staff.create", staff_guid: null, request_id: "cli:staff:create" });
  });

  it("takes a name and a password, and prints no password it was given", async () => {
    const outcome = await createStaffFromArgs(database.db, [
      "--email",
      "finance@example.test",
      "--role",
      "finance",
      "--name",
      "Fin Ance",
      "--password",
      "a-good-long-password",
    ]);
    expect(outcome).toEqual({ code: 0, out: [expect.stringMatching(/^Created finance finance@example\.test/)] });
    expect((await row("finance@example.test"))[0]!.display_name).toBe("Fin Ance");
  });

  it("refuses a bad role, a taken email, a weak password and missing arguments, clearly", async () => {
    expect(await createStaffFromArgs(database.db, ["--email", "x@example.test", "--role", "boss"])).toEqual({
      code: 1,
      out: ['Unknown role "boss". Use one of: admin, support, compliance, finance, marketing.'],
    });
    const taken = await createStaffFromArgs(database.db, ["--email", "OPS@example.test", "--role", "support"]);
    expect(taken).toEqual({ code: 1, out: ["OPS@example.test: A staff member with this email already exists."] });
    const weak = await createStaffFromArgs(database.db, [
      "--email",
      "w@example.test",
      "--role",
      "support",
      "--password",
      "short",
    ]);
    expect(weak.code).toBe(1);
    expect(weak.out[0]).toMatch(/^--password: /);
    const badEmail = await createStaffFromArgs(database.db, ["--email", "not-an-email", "--role", "support"]);
    expect(badEmail.out[0]).toMatch(/^--email: /);
    expect((await createStaffFromArgs(database.db, ["--role", "admin"])).out[0]).toMatch(
      /^Usage: npm run staff:create/,
    );
    expect((await createStaffFromArgs(database.db, ["--emial", "a@b.c"])).code).toBe(1);
    expect(await row("w@example.test")).toEqual([]);
  });
});
