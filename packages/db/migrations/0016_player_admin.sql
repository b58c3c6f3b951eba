-- Players in the back office (issue #15, capability 1): staff notes on a player, append-only,
-- and the indexes the player page reads by.
CREATE TABLE "player_notes" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "player_guid" uuid NOT NULL REFERENCES "users"("guid"),
  "staff_guid" uuid NOT NULL REFERENCES "staff_users"("guid"),
  -- The author's address when the note was written: the note reads the same after the staff member leaves.
  "staff_email" varchar(254) NOT NULL,
  "text" varchar(2000) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "player_notes_text_not_blank" CHECK (length(btrim("text")) > 0)
);
--> statement-breakpoint
CREATE INDEX "player_notes_player_idx" ON "player_notes" USING btree ("player_guid", "id");
--> statement-breakpoint
-- Staff notes on a player are a record, like the audit log: a note is never edited or removed,
-- a correction is a new note. Enforced here so no code path or console session can rewrite one.
CREATE OR REPLACE FUNCTION player_notes_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: player notes are append-only (add a new note instead)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER player_notes_immutable BEFORE UPDATE OR DELETE ON player_notes
  FOR EACH ROW EXECUTE FUNCTION player_notes_refuse_change();
--> statement-breakpoint
CREATE TRIGGER player_notes_no_truncate BEFORE TRUNCATE ON player_notes
  FOR EACH STATEMENT EXECUTE FUNCTION player_notes_refuse_change();
--> statement-breakpoint
-- The player page's ledger tab reads a player's transfers by account, newest first. Without these
-- it scans the whole ledger (the largest table) per page; the cost is two index entries per transfer.
CREATE INDEX "ledger_transfers_debit_account_idx" ON "ledger_transfers" USING btree ("debit_account_guid", "created_at", "guid");
--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_account_idx" ON "ledger_transfers" USING btree ("credit_account_guid", "created_at", "guid");
--> statement-breakpoint
-- Search by name and phone is a staff tool on a table players sign up into; prefix matches on the
-- lower-cased names use these (email has its lower() unique index already).
CREATE INDEX "users_first_name_lower_idx" ON "users" USING btree (lower("first_name") varchar_pattern_ops);
--> statement-breakpoint
CREATE INDEX "users_last_name_lower_idx" ON "users" USING btree (lower("last_name") varchar_pattern_ops);
--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at", "guid");
