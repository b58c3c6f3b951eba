import { z } from "zod";
import { STAFF_PERMISSIONS, STAFF_ROLES } from "../staff-permissions.ts";

// Staff identity, staff management and the audit log (issue #15, ADR 017), under /api/backoffice/v1.
// Sign-in is email + password, then a TOTP code (enrolled at first sign-in) or a recovery code.
// Permissions: "public" for /auth/login, /auth/enrol, /auth/verify; "self" for /auth/logout and /me;
// "staff.manage" for /staff; "audit.read" for /audit-log.

export const STAFF_PAGE_MAX = 100;
export const STAFF_EMAIL_MAX = 254;
export const STAFF_NAME_MAX = 100;
/** Staff passwords are longer than players' (12): they open every player's data. */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;
export const RECOVERY_CODE_COUNT = 10;

export const staffRole = z.enum(STAFF_ROLES);
export const staffPermission = z.enum(STAFF_PERMISSIONS);
export const staffStatus = z.enum(["active", "disabled"]);
export type StaffStatus = z.infer<typeof staffStatus>;

const email = z.string().trim().toLowerCase().max(STAFF_EMAIL_MAX).pipe(z.email());
/** Six digits from the authenticator app (spaces are tolerated: apps show "123 456"). */
const totpCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "must be the 6-digit code from your authenticator app"));
/** A recovery code as printed ("ABCDE-FGHJK"); case, spaces and dashes do not matter. */
const recoveryCode = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]+/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{10}$/, "must be one of your 10-character recovery codes"));
const challengeToken = z.string().min(10).max(4096);

// --- Sign-in ---------------------------------------------------------------------------------

export const loginBody = z.object({
  email,
  password: z.string().min(1).max(STAFF_PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * "enrol": two-factor is not set up yet; show the QR code of otpauth_uri (and the secret for
 * typing in), then POST /auth/enrol with the first code. "verify": POST /auth/verify with a code
 * or a recovery code. The challenge token lives 5 minutes and is never a staff token.
 */
export const loginAnswer = z.discriminatedUnion("step", [
  z.object({
    step: z.literal("enrol"),
    challenge_token: z.string(),
    otpauth_uri: z.string(),
    secret: z.string(),
  }),
  z.object({ step: z.literal("verify"), challenge_token: z.string() }),
]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const enrolBody = z.object({ challenge_token: challengeToken, code: totpCode });
export type EnrolBody = z.infer<typeof enrolBody>;

export const verifyBody = z
  .object({
    challenge_token: challengeToken,
    code: totpCode.optional(),
    recovery_code: recoveryCode.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    message: "Give either the code from your authenticator app or a recovery code.",
    path: ["code"],
  });
export type VerifyBody = z.input<typeof verifyBody>;

/** GET /me: who is signed in and what their role allows. */
export const staffMe = z
  .object({
    id: z.uuid(),
    email: z.string(),
    display_name: z.string(),
    role: staffRole,
    permissions: z.array(staffPermission),
  })
  .describe("StaffMe");
export type StaffMe = z.infer<typeof staffMe>;

export const enrolAnswer = z.object({
  token: z.string(),
  /** ISO time the session ends at the latest (8 h; 30 min without a request ends it sooner). */
  expires_at: z.string(),
  /** Shown once: the server keeps only their hashes. */
  recovery_codes: z.array(z.string()),
  staff: staffMe,
});
export type EnrolAnswer = z.infer<typeof enrolAnswer>;

export const verifyAnswer = z.object({
  token: z.string(),
  expires_at: z.string(),
  staff: staffMe,
  recovery_codes_left: z.number().int(),
});
export type VerifyAnswer = z.infer<typeof verifyAnswer>;

export const logoutAnswer = z.object({});

export const newRecoveryCodesBody = z.object({ code: totpCode });
export const newRecoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });
export type NewRecoveryCodesAnswer = z.infer<typeof newRecoveryCodesAnswer>;

/** POST /me/password ("self"): one's own new password, with the current one and a fresh authenticator code. */
export const changeOwnPasswordBody = z.object({
  current_password: z.string().min(1).max(STAFF_PASSWORD_MAX),
  new_password: z.string().min(STAFF_PASSWORD_MIN).max(STAFF_PASSWORD_MAX),
  code: totpCode,
});
export type ChangeOwnPasswordBody = z.input<typeof changeOwnPasswordBody>;
export const changeOwnPasswordAnswer = z.object({ other_sessions_ended: z.number().int() });

// --- Staff management ("staff.manage") ---------------------------------------------------------

/** An opaque keyset cursor: the next page starts after the row it names. */
const cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a cursor this API returned");

export const staffListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(STAFF_PAGE_MAX).default(50),
  cursor: cursor.optional(),
});
export type StaffListQuery = z.infer<typeof staffListQuery>;

export const staffMember = z
  .object({
    id: z.uuid(),
    email: z.string(),
    display_name: z.string(),
    role: staffRole,
    status: staffStatus,
    two_factor_enrolled: z.boolean(),
    created_at: z.string(),
    /** The last request of any of their sessions; null if they never signed in. */
    last_seen_at: z.string().nullable(),
  })
  .describe("StaffMember");
export type StaffMember = z.infer<typeof staffMember>;

export const staffPage = z.object({ items: z.array(staffMember), next_cursor: z.string().nullable() });
export type StaffPage = z.infer<typeof staffPage>;

export const createStaffBody = z.object({
  email,
  display_name: z.string().trim().min(1).max(STAFF_NAME_MAX),
  role: staffRole,
  password: z.string().min(STAFF_PASSWORD_MIN).max(STAFF_PASSWORD_MAX),
});
export type CreateStaffBody = z.infer<typeof createStaffBody>;

export const staffIdParams = z.object({ id: z.uuid() });

export const updateStaffBody = z
  .object({
    role: staffRole.optional(),
    status: staffStatus.optional(),
    display_name: z.string().trim().min(1).max(STAFF_NAME_MAX).optional(),
  })
  .refine((body) => body.role !== undefined || body.status !== undefined || body.display_name !== undefined, {
    message: "Give a role, a status or a display name to change.",
    path: ["role"],
  });
export type UpdateStaffBody = z.infer<typeof updateStaffBody>;

/**
 * POST /staff/:id/password ("staff.manage"): an administrator sets a new password for a staff member who
 * forgot theirs (staff have no mailed reset); their sessions end. Hand it over out of band.
 */
export const setStaffPasswordBody = z.object({
  password: z.string().min(STAFF_PASSWORD_MIN).max(STAFF_PASSWORD_MAX),
});
export type SetStaffPasswordBody = z.infer<typeof setStaffPasswordBody>;

// --- Audit log ("audit.read") ------------------------------------------------------------------

export const AUDIT_ACTION_MAX = 64;

export const auditLogQuery = z
  .object({
    staff_id: z.uuid().optional(),
    player_id: z.uuid().optional(),
    /** Exact action ("player.lock") or a prefix ending in a dot ("staff."). */
    action: z
      .string()
      .trim()
      .max(AUDIT_ACTION_MAX)
      .regex(/^[a-z0-9_.]+$/, "must be an action name such as player.lock or a prefix such as staff.")
      .optional(),
    /** ISO date-times; from inclusive, to exclusive. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(STAFF_PAGE_MAX).default(50),
    cursor: cursor.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: "must be after from",
    path: ["to"],
  });
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditEntry = z
  .object({
    id: z.string(),
    at: z.string(),
    staff_id: z.string().nullable(),
    staff_email: z.string().nullable(),
    action: z.string(),
    player_id: z.string().nullable(),
    target_type: z.string().nullable(),
    target_id: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    details: z.unknown(),
    ip: z.string().nullable(),
  })
  .describe("AuditEntry");
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogPage = z.object({ items: z.array(auditEntry), next_cursor: z.string().nullable() });
export type AuditLogPage = z.infer<typeof auditLogPage>;
