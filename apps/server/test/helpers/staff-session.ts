import { sql } from "drizzle-orm";
import type { StaffRole } from "@croupier/contract/staff-permissions";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { signStaffToken } from "../../src/modules/staff/staff-token.ts";
import type { TestContext } from "./build-test-app.ts";

export type TestStaff = { staffId: string; sessionId: string; email: string; headers: { authorization: string } };

let counter = 0;

/**
 * A staff member of the role with a live session, written straight to the tables (the real
 * sign-in with password and TOTP is tested in test/backoffice/staff-identity.test.ts). Use the
 * returned headers with app.inject on /api/backoffice/v1 routes.
 */
export async function createTestStaff(ctx: TestContext, role: StaffRole, email?: string): Promise<TestStaff> {
  counter += 1;
  const address = email ?? `${role}-${counter}-${Date.now()}@staff.test`;
  const db = ctx.database.db;
  const [staff] = await queryRows<{ guid: string }>(
    db,
    sql`
      INSERT INTO staff_users (email, display_name, password_hash, role, totp_secret, totp_enrolled_at)
      VALUES (${address}, ${`Test ${role}`}, 'not-a-usable-hash', ${role}, 'test-secret', now())
      RETURNING guid`,
  );
  const [session] = await queryRows<{ guid: string }>(
    db,
    sql`
      INSERT INTO staff_sessions (staff_guid, expires_at) VALUES (${staff!.guid}, now() + interval '8 hours')
      RETURNING guid`,
  );
  const token = await signStaffToken(ctx.app.env, {
    sessionId: session!.guid,
    staffId: staff!.guid,
    expiresAt: Math.floor(Date.now() / 1000) + 8 * 3600,
  });
  return {
    staffId: staff!.guid,
    sessionId: session!.guid,
    email: address,
    headers: { authorization: `Bearer ${token}` },
  };
}
