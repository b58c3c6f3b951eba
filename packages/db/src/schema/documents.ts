import { sql } from "drizzle-orm";
import { index, integer, pgTable, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, tstz, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { staffUsers } from "./staff.ts";

// KYC documents (issue #16, ADR 023; migration 0025). Written by apps/server/src/modules/documents.
// The file bytes live encrypted in the document store under storage_key, never in the database.

export const kycDocuments = pgTable(
  "kyc_documents",
  {
    guid: guid(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    type: varchar("type", {
      length: 24,
      enum: ["passport", "national_id", "driving_licence", "proof_of_address", "payment_method", "selfie"],
    }).notNull(),
    status: varchar("status", { length: 12, enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    original_filename: varchar("original_filename", { length: 200 }).notNull(),
    filename: varchar("filename", { length: 80 }).notNull(),
    storage_key: varchar("storage_key", { length: 200 }).notNull(),
    content_type: varchar("content_type", { length: 40, enum: ["image/jpeg", "image/png", "application/pdf"] }).notNull(),
    size_bytes: integer("size_bytes").notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
    reviewed_at: tstz("reviewed_at"),
    reviewed_by: uuid("reviewed_by").references(() => staffUsers.guid),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("kyc_documents_storage_key_uq").on(t.storage_key),
    uniqueIndex("kyc_documents_pending_type_uq")
      .on(t.user_guid, t.type)
      .where(sql`${t.status} = 'pending'`),
    index("kyc_documents_user_idx").on(t.user_guid, t.created_at),
    index("kyc_documents_queue_idx").on(t.status, t.created_at, t.guid),
  ],
);

export const kycDocumentComments = pgTable(
  "kyc_document_comments",
  {
    guid: guid(),
    document_guid: uuid("document_guid")
      .notNull()
      .references(() => kycDocuments.guid, { onDelete: "cascade" }),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    manager_guid: uuid("manager_guid").references(() => staffUsers.guid),
    comment: varchar("comment", { length: 1000 }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("kyc_document_comments_document_idx").on(t.document_guid, t.created_at)],
);
