-- Money review in the back office (issue #15, capabilities 2 and 3; ADR 018): manual adjustments with
-- four eyes above a threshold, and the review of withdrawals before any payout.
--
-- Adjustment requests. Money moves only through the ledger (transfer kind manual_adjustment between the
-- player's pocket and the platform's operator_adjustment account, idempotency key adjustment:<guid>);
-- this row records the request, who asked, who decided and why. A request below the threshold is
-- inserted already applied; above it, it waits pending until another staff member approves or rejects.
CREATE TABLE "adjustment_requests" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "player_guid" uuid NOT NULL REFERENCES "users"("guid"),
  "wallet_guid" uuid NOT NULL REFERENCES "wallets"("guid"),
  "currency_guid" uuid NOT NULL REFERENCES "currencies"("guid"),
  "pocket" varchar(8) NOT NULL,
  "direction" varchar(8) NOT NULL,
  "amount" numeric(38, 18) NOT NULL,
  -- The amount in the default currency at request time (null: no exchange rate, so it needs approval).
  "base_amount" numeric(38, 18),
  "reason" varchar(500) NOT NULL,
  -- The console's key: a retried request answers the same row and never moves money twice.
  "idempotency_key" varchar(128) NOT NULL,
  "requires_approval" boolean NOT NULL,
  "status" varchar(16) NOT NULL,
  "requested_by" uuid NOT NULL REFERENCES "staff_users"("guid"),
  "requested_by_email" varchar(254) NOT NULL,
  "decided_by" uuid REFERENCES "staff_users"("guid"),
  "decided_by_email" varchar(254),
  "decision_reason" varchar(500),
  "decided_at" timestamp with time zone,
  "transfer_guid" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "adjustment_requests_pocket_ck" CHECK ("pocket" IN ('cash', 'bonus')),
  CONSTRAINT "adjustment_requests_direction_ck" CHECK ("direction" IN ('credit', 'debit')),
  CONSTRAINT "adjustment_requests_status_ck" CHECK ("status" IN ('pending', 'applied', 'rejected')),
  CONSTRAINT "adjustment_requests_amount_positive" CHECK ("amount" > 0),
  CONSTRAINT "adjustment_requests_reason_not_blank" CHECK (length(btrim("reason")) > 0),
  -- Four eyes, also in the data: a request that needed approval is applied only by someone other than
  -- who asked (the requester may still withdraw their own pending request: rejected).
  CONSTRAINT "adjustment_requests_four_eyes" CHECK ("status" <> 'applied' OR NOT "requires_approval" OR ("decided_by" IS NOT NULL AND "decided_by" <> "requested_by")),
  -- Applied exactly when its ledger transfer exists.
  CONSTRAINT "adjustment_requests_applied_has_transfer" CHECK (("status" = 'applied') = ("transfer_guid" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_requests_idempotency_key_uq" ON "adjustment_requests" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "adjustment_requests_status_idx" ON "adjustment_requests" USING btree ("status", "created_at", "guid");
--> statement-breakpoint
CREATE INDEX "adjustment_requests_player_idx" ON "adjustment_requests" USING btree ("player_guid", "created_at");
--> statement-breakpoint
-- Withdrawal review. The player-facing status stays the contract's (pending until paid, failed or
-- cancelled); review_status says where a withdrawal is in the operator's review. Only approved and
-- auto_approved withdrawals are ever handed to the PSP (submit-payout.ts guards on it).
ALTER TABLE "payments" ADD COLUMN "review_status" varchar(16);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reviewed_by" uuid REFERENCES "staff_users"("guid");
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reviewed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_review_status_ck"
  CHECK ("review_status" IS NULL OR "review_status" IN ('in_review', 'approved', 'auto_approved', 'declined'));
--> statement-breakpoint
-- Withdrawals requested before review existed were already on their way to the PSP.
UPDATE "payments" SET "review_status" = 'auto_approved' WHERE "transaction_type" = 'withdrawal' AND "review_status" IS NULL;
--> statement-breakpoint
CREATE INDEX "payments_review_idx" ON "payments" USING btree ("review_status", "created_at", "guid") WHERE "transaction_type" = 'withdrawal';
--> statement-breakpoint
-- Risk signals: the same payout address, or the same card, used by another player.
CREATE INDEX "payments_external_account_idx" ON "payments" USING btree ("external_account") WHERE "external_account" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "payment_cards_identity_idx" ON "payment_cards" USING btree ("bin", "last4", "exp_month", "exp_year");
--> statement-breakpoint
-- Risk signals: recent credential changes, stamped by a trigger on every path that changes them.
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_changed_at" timestamp with time zone;
--> statement-breakpoint
-- Withdrawal review's risk signals (issue #15, ADR 018): when a player's password or email last
-- changed. A trigger rather than a line in each identity service, so no path that changes either
-- (reset, profile change, a future one) can forget to stamp it.
CREATE OR REPLACE FUNCTION users_track_credential_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash THEN
    NEW.password_changed_at := now();
  END IF;
  IF lower(NEW.email) IS DISTINCT FROM lower(OLD.email) THEN
    NEW.email_changed_at := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_credential_changes BEFORE UPDATE OF password_hash, email ON users
  FOR EACH ROW EXECUTE FUNCTION users_track_credential_changes();
