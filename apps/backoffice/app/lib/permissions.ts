import { isStaffPermission, type StaffPermission, type StaffRole } from "@croupier/contract/staff-permissions";

// What the console shows follows the permissions GET /me returns (the server's matrix,
// packages/contract/src/staff-permissions.ts). Hiding is convenience: the server decides every call.

export type PermissionHolder = { role: StaffRole; permissions: readonly string[] };

export function can(staff: PermissionHolder | null | undefined, permission: StaffPermission): boolean {
  if (!staff) return false;
  return staff.permissions.some((held) => isStaffPermission(held) && held === permission);
}

/** True when the staff member holds at least one of `permissions` (an empty list: anyone signed in). */
export function canAny(staff: PermissionHolder | null | undefined, permissions: readonly StaffPermission[]): boolean {
  if (!staff) return false;
  if (permissions.length === 0) return true;
  return permissions.some((permission) => can(staff, permission));
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Administrator",
  support: "Support",
  compliance: "Compliance",
  finance: "Finance",
  marketing: "Marketing",
};
