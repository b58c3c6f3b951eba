-- Back-office staff, their sessions and the append-only audit log (issue #15, ADR 017).
CREATE TABLE "staff_users" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "email" varchar(254) NOT NULL,
  "display_name" varchar(100) NOT NULL,
  "password_hash" varchar(255) NOT NULL,
  "role" varchar(16) NOT NULL,
  "status" varchar(16) DEFAULT 'active' NOT NULL,
  "totp_secret" varchar(255),
  "totp_enrolled_at" timestamp with time zone,
  "totp_last_step" bigint,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "staff_users_role_ck" CHECK ("role" IN ('admin', 'support', 'compliance', 'finance', 'marketing')),
  CONSTRAINT "staff_users_status_ck" CHECK ("status" IN ('active', 'disabled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_lower_uq" ON "staff_users" USING btree (lower("email"));
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "staff_guid" uuid NOT NULL REFERENCES "staff_users"("guid"),
  "code_hash" varchar(64) NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_staff_idx" ON "staff_recovery_codes" USING btree ("staff_guid");
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "staff_guid" uuid NOT NULL REFERENCES "staff_users"("guid"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "ended_at" timestamp with time zone,
  "end_reason" varchar(32),
  "ip" varchar(64),
  "user_agent" varchar(300)
);
--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_guid");
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "staff_guid" uuid,
  "staff_email" varchar(254),
  "action" varchar(64) NOT NULL,
  "player_guid" uuid,
  "target_type" varchar(32),
  "target_id" varchar(128),
  "before" jsonb,
  "after" jsonb,
  "details" jsonb,
  "ip" varchar(64),
  "request_id" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "staff_audit_log_at_idx" ON "staff_audit_log" USING btree ("at");
--> statement-breakpoint
CREATE INDEX "staff_audit_log_staff_idx" ON "staff_audit_log" USING btree ("staff_guid", "at");
--> statement-breakpoint
CREATE INDEX "staff_audit_log_player_idx" ON "staff_audit_log" USING btree ("player_guid", "at");
--> statement-breakpoint
CREATE INDEX "staff_audit_log_action_idx" ON "staff_audit_log" USING btree ("action", "at");
--> statement-breakpoint
-- The audit log is append-only: no code path, script or console session rewrites who did what.
CREATE OR REPLACE FUNCTION staff_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: the audit log is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER staff_audit_log_immutable BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION staff_audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_log_refuse_change();
