-- KYC documents (issue #16, ADR 023). One row per uploaded file; the file itself is stored
-- encrypted (AES-256-GCM) under storage_key by the server's document store, never in the database.
-- A player has at most one pending document per type; reviewed rows are kept (the audit trail), a
-- pending one may be deleted by its owner (row and file together).
CREATE TABLE "kyc_documents" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_guid" uuid NOT NULL REFERENCES "users"("guid"),
  "type" varchar(24) NOT NULL,
  "status" varchar(12) DEFAULT 'pending' NOT NULL,
  -- What the player called it: shown back only, never used as a path or to decide the type.
  "original_filename" varchar(200) NOT NULL,
  -- The served name: random, with the extension of the type read from the bytes.
  "filename" varchar(80) NOT NULL,
  "storage_key" varchar(200) NOT NULL,
  "content_type" varchar(40) NOT NULL,
  "size_bytes" integer NOT NULL,
  "sha256" varchar(64) NOT NULL,
  "reviewed_at" timestamp with time zone,
  "reviewed_by" uuid REFERENCES "staff_users"("guid"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kyc_documents_type_ck" CHECK ("type" IN ('passport', 'national_id', 'driving_licence', 'proof_of_address', 'payment_method', 'selfie')),
  CONSTRAINT "kyc_documents_status_ck" CHECK ("status" IN ('pending', 'approved', 'rejected')),
  CONSTRAINT "kyc_documents_content_type_ck" CHECK ("content_type" IN ('image/jpeg', 'image/png', 'application/pdf')),
  CONSTRAINT "kyc_documents_size_ck" CHECK ("size_bytes" >= 0 AND "size_bytes" <= 10485760),
  CONSTRAINT "kyc_documents_review_ck" CHECK (("status" = 'pending') = ("reviewed_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_storage_key_uq" ON "kyc_documents" USING btree ("storage_key");
--> statement-breakpoint
-- One pending document per player and type: DELETE /documents/document names the type only.
CREATE UNIQUE INDEX "kyc_documents_pending_type_uq" ON "kyc_documents" USING btree ("user_guid", "type")
  WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_guid", "created_at");
--> statement-breakpoint
-- The review queue: keyset pages by (created_at, guid) within a status.
CREATE INDEX "kyc_documents_queue_idx" ON "kyc_documents" USING btree ("status", "created_at", "guid");
--> statement-breakpoint
-- Seed 001's Document comment: a reviewer's note the player reads (manager_guid is the staff member).
CREATE TABLE "kyc_document_comments" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "document_guid" uuid NOT NULL REFERENCES "kyc_documents"("guid") ON DELETE CASCADE,
  "user_guid" uuid NOT NULL REFERENCES "users"("guid"),
  "manager_guid" uuid REFERENCES "staff_users"("guid"),
  "comment" varchar(1000) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kyc_document_comments_document_idx" ON "kyc_document_comments" USING btree ("document_guid", "created_at");
