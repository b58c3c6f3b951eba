-- Back-office reports (issue #15): every report reads the ledger transfers of a window of days.
-- Without this index each report scans the whole ledger; with it, only the window's rows.
CREATE INDEX IF NOT EXISTS "ledger_transfers_created_at_idx" ON "ledger_transfers" USING btree ("created_at");
--> statement-breakpoint
-- First-time depositors: "no deposit into any cash account of this player before this one" is an
-- index probe per deposit of the window instead of a scan of every deposit ever made.
CREATE INDEX IF NOT EXISTS "ledger_transfers_deposit_credit_idx" ON "ledger_transfers" USING btree ("credit_account_guid", "created_at") WHERE "ledger_transfers"."kind" = 'deposit';
--> statement-breakpoint
-- Catalogue management: switching a game provider off disables its games and keeps each one's
-- status here, so switching it on again restores exactly what staff had set (active or maintenance).
ALTER TABLE "games" ADD COLUMN IF NOT EXISTS "status_before_provider_off" varchar(16);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_status_before_provider_off_check"
  CHECK ("status_before_provider_off" IS NULL OR "status_before_provider_off" IN ('active', 'maintenance'));
