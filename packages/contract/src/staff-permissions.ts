// The back office's roles and what each may do: the one place the permission matrix lives
// (issue #15). Every staff route declares exactly one permission from STAFF_PERMISSIONS in its
// route config; the server refuses to start with a staff route that declares none, and a test
// sweeps every staff route with every role against this matrix. The console reads the same
// matrix to hide what a role cannot use (hiding is convenience; the server decides).

export const STAFF_ROLES = ["admin", "support", "compliance", "finance", "marketing"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  // Any signed-in staff member: their own profile, two-factor and sessions.
  "self",
  // Players: search and the player page (profile, wallets, ledger, payments, rounds, sessions, notes).
  "players.read",
  // Lock / unlock, end sessions, send a password reset.
  "players.manage",
  "players.notes",
  // Manual adjustments: ask for one (below the four-eyes amount it applies at once), approve another's.
  "adjustments.request",
  "adjustments.approve",
  "withdrawals.read",
  "withdrawals.decide",
  "reports.read",
  "chat.read",
  "chat.reply",
  "catalog.manage",
  // Reserved for the player-protection and bonus issues (#16, #17): KYC documents, exclusions and limits, campaigns.
  "documents.review",
  "protection.manage",
  "bonuses.manage",
  "audit.read",
  "staff.manage",
  // Site rules (issue #19): per-path redirects, maintenance and country restrictions.
  "site.manage",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const ALL = STAFF_PERMISSIONS;

export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  admin: ALL,
  support: ["self", "players.read", "players.manage", "players.notes", "withdrawals.read", "chat.read", "chat.reply"],
  compliance: [
    "self",
    "players.read",
    "players.manage",
    "players.notes",
    "withdrawals.read",
    "withdrawals.decide",
    "reports.read",
    "chat.read",
    "documents.review",
    "protection.manage",
    "audit.read",
  ],
  finance: [
    "self",
    "players.read",
    "players.notes",
    "adjustments.request",
    "adjustments.approve",
    "withdrawals.read",
    "withdrawals.decide",
    "reports.read",
  ],
  marketing: ["self", "reports.read", "catalog.manage", "bonuses.manage"],
};

export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);

export const isStaffPermission = (value: unknown): value is StaffPermission =>
  typeof value === "string" && (STAFF_PERMISSIONS as readonly string[]).includes(value);
