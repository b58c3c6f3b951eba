import type { StaffPermission, StaffRole } from "@croupier/contract/staff-permissions";
import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

// What the staff auth hook leaves on a back-office request (issue #15, ADR 017). It lives in lib,
// like request-auth.ts for players, so every staff module can read it without importing the staff
// module's internals.

export type StaffContext = {
  staffId: string;
  sessionId: string;
  email: string;
  role: StaffRole;
};

declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Set by the back-office API's auth hook from a valid staff token of a live staff session. */
    staff: StaffContext | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * The one permission a back-office route needs ("public" only for signing in). Every route
     * under /api/backoffice/v1 must declare it: the server refuses to start otherwise.
     */
    permission?: StaffPermission | "public";
  }
}

/** The signed-in staff member; only valid on a route that declared a permission other than "public". */
export function currentStaff(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new AppError("UNAUTHORIZED", "Please sign in to the back office.");
  return request.staff;
}
