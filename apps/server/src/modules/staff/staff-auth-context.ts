import type { DatabaseHandle } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "./record-audit.ts";

/** What the sign-in services need: settings, the database, and who is knocking (address, request id). */
export type StaffAuthContext = {
  env: Pick<Env, "JWT_SECRET" | "JWT_ISSUER" | "JWT_AUDIENCE" | "STAFF_SECRET_KEY">;
  database: DatabaseHandle;
  actor: AuditActor;
  userAgent: string | null;
};

export const wrongCode = () => new AppError("UNAUTHORIZED", "Wrong code.");
export const disabledStaff = () =>
  new AppError("UNAUTHORIZED", "This back-office account is disabled. Please ask an administrator.");
