import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { passwordPolicyIssues } from "@croupier/contract/password-policy";
import type { CreateStaffBody, StaffMember } from "@croupier/contract/backoffice/staff";
import { AppError } from "../../lib/app-error.ts";
import { isUniqueViolation, queryRows } from "../../lib/sql-executor.ts";
import { hashPassword } from "../identity/password/hash-password.ts";
import { recordAudit, type AuditActor } from "./record-audit.ts";
import { staffMemberColumns, toStaffMember, type StaffMemberRow } from "./staff-member-row.ts";

export const emailTaken = () =>
  new AppError("CONFLICT", "A staff member with this email already exists.", {
    fields: [{ field: "body.email", message: "is already taken" }],
  });

/**
 * POST /staff and `npm run staff:create`: a new staff member who enrols two-factor at first sign-in.
 * The password follows the players' policy on top of the staff minimum length (the schema's).
 */
export async function createStaffMember(db: Db, actor: AuditActor, input: CreateStaffBody): Promise<StaffMember> {
  const issues = passwordPolicyIssues(input.password, input.email);
  if (issues.length > 0)
    throw new AppError("VALIDATION_ERROR", `Invalid input: body.password`, {
      fields: [{ field: "body.password", message: issues.join(" ") }],
    });
  const password_hash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await queryRows<StaffMemberRow>(
        tx,
        sql`
          WITH u AS (
            INSERT INTO staff_users (email, display_name, password_hash, role, created_by)
            VALUES (${input.email}, ${input.display_name}, ${password_hash}, ${input.role}, ${actor.staffId})
            RETURNING *)
          SELECT ${staffMemberColumns} FROM u`,
      );
      const member = toStaffMember(row!);
      await recordAudit(tx, actor, {
        action: "staff.create",
        targetType: "staff",
        targetId: member.id,
        after: { email: member.email, display_name: member.display_name, role: member.role, status: member.status },
      });
      return member;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
