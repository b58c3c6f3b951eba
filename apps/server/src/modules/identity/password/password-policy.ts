import { passwordPolicyIssues } from "@croupier/contract/entities/auth";
import { AppError } from "../../../lib/app-error.ts";

/** Enforces the shared password policy with one field error per broken rule. */
export function assertPasswordPolicy(password: string, email: string | null, field: string): void {
  const issues = passwordPolicyIssues(password, email);
  if (issues.length === 0) return;
  throw new AppError("VALIDATION_ERROR", issues[0]!, { fields: issues.map((message) => ({ field, message })) });
}
