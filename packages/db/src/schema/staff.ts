import { sql } from "drizzle-orm";
import { bigint, bigserial, index, jsonb, pgTable, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, tstz, updatedAt } from "./columns.ts";

// Back-office staff (issue #15, ADR 017). Staff are not players: their own table, their own
// sessions, their own token audience. Roles and permissions: packages/contract/src/staff-permissions.ts.
export const staffUsers = pgTable(
  "staff_users",
  {
    guid: guid(),
    email: varchar("email", { length: 254 }).notNull(),
    display_name: varchar("display_name", { length: 100 }).notNull(),
    // argon2id PHC string, as for players.
    password_hash: varchar("password_hash", { length: 255 }).notNull(),
    role: varchar("role", { length: 16, enum: ["admin", "support", "compliance", "finance", "marketing"] }).notNull(),
    status: varchar("status", { length: 16, enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    // TOTP shared secret (base32), kept encrypted by the staff module; null until enrolment is confirmed.
    totp_secret: varchar("totp_secret", { length: 255 }),
    totp_enrolled_at: tstz("totp_enrolled_at"),
    // Last TOTP time step accepted: a code is good once (replay refused).
    totp_last_step: bigint("totp_last_step", { mode: "number" }),
    created_by: uuid("created_by"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("staff_users_email_lower_uq").on(sql`lower(${t.email})`)],
);

export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    guid: guid(),
    staff_guid: uuid("staff_guid")
      .notNull()
      .references(() => staffUsers.guid),
    // SHA-256 of the code (codes are random, 10 characters from a 32-letter alphabet: no slow hash needed).
    code_hash: varchar("code_hash", { length: 64 }).notNull(),
    used_at: tstz("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("staff_recovery_codes_staff_idx").on(t.staff_guid)],
);

// 8 h absolute, 30 min idle: checked on every staff request (last_seen_at moves forward).
export const staffSessions = pgTable(
  "staff_sessions",
  {
    guid: guid(),
    staff_guid: uuid("staff_guid")
      .notNull()
      .references(() => staffUsers.guid),
    created_at: createdAt(),
    last_seen_at: tstz("last_seen_at").notNull().defaultNow(),
    expires_at: tstz("expires_at").notNull(),
    ended_at: tstz("ended_at"),
    end_reason: varchar("end_reason", { length: 32 }),
    ip: varchar("ip", { length: 64 }),
    user_agent: varchar("user_agent", { length: 300 }),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staff_guid)],
);

// Append-only: UPDATE, DELETE and TRUNCATE are refused by trigger (as for the ledger).
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: tstz("at").notNull().defaultNow(),
    // Null for what no signed-in staff member did (a refused login names the email in details).
    staff_guid: uuid("staff_guid"),
    staff_email: varchar("staff_email", { length: 254 }),
    // verb.noun, e.g. player.lock, adjustment.approve, players.search, staff.login_failed
    action: varchar("action", { length: 64 }).notNull(),
    player_guid: uuid("player_guid"),
    target_type: varchar("target_type", { length: 32 }),
    target_id: varchar("target_id", { length: 128 }),
    before: jsonb("before"),
    after: jsonb("after"),
    details: jsonb("details"),
    ip: varchar("ip", { length: 64 }),
    request_id: varchar("request_id", { length: 64 }),
  },
  (t) => [
    index("staff_audit_log_at_idx").on(t.at),
    index("staff_audit_log_staff_idx").on(t.staff_guid, t.at),
    index("staff_audit_log_player_idx").on(t.player_guid, t.at),
    index("staff_audit_log_action_idx").on(t.action, t.at),
  ],
);
