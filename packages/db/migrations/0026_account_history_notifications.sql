-- Account pages (issue #16, ADR 024): in-app notifications, and the account events no other table
-- keeps (password, email and phone changes; the history page reads logins, exclusions, limits and
-- documents from their own tables).
CREATE TABLE "notifications" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  -- Insertion order: the list's cursor (created_at alone ties within a transaction).
  "id" bigserial NOT NULL,
  "user_guid" uuid NOT NULL REFERENCES "users"("guid"),
  "kind" varchar(40) NOT NULL,
  "params" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "read_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_guid", "id");
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_guid") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "account_events" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "id" bigserial NOT NULL,
  "user_guid" uuid NOT NULL REFERENCES "users"("guid"),
  "kind" varchar(40) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "account_events_kind_check" CHECK ("kind" IN ('password_changed', 'email_changed', 'phone_changed', 'phone_verified'))
);
--> statement-breakpoint
CREATE INDEX "account_events_user_idx" ON "account_events" USING btree ("user_guid", "created_at");
--> statement-breakpoint
-- Account history (issue #16, ADR 024): one account_events row per password, email or phone number
-- change and phone verification. A trigger, like users_track_credential_changes, so no path that
-- changes one can forget it.
CREATE OR REPLACE FUNCTION users_record_credential_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'password_changed');
  END IF;
  IF lower(NEW.email) IS DISTINCT FROM lower(OLD.email) THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'email_changed');
  END IF;
  IF (NEW.phone_code, NEW.phone_number) IS DISTINCT FROM (OLD.phone_code, OLD.phone_number) THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'phone_changed');
  END IF;
  IF NEW.is_phone_verified AND NOT OLD.is_phone_verified THEN
    INSERT INTO account_events (user_guid, kind) VALUES (NEW.guid, 'phone_verified');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_credential_events AFTER UPDATE OF password_hash, email, phone_code, phone_number, is_phone_verified ON users
  FOR EACH ROW EXECUTE FUNCTION users_record_credential_events();
