import { z } from "zod";
import {
  DOCUMENT_COMMENT_MAX,
  documentComment,
  documentContentType,
  documentStatus,
  documentType,
  VERIFICATION_GROUPS,
} from "../entities/documents.ts";

// KYC document review in the back office (issue #16; ADR 023), under /api/backoffice/v1, permission
// "documents.review" on every route:
//   GET  /documents?status=pending&limit&cursor   the queue (oldest first for pending, newest first otherwise)
//   GET  /players/:id/documents                    one player's documents, newest first, with their verification
//   GET  /documents/:id/file                       the file (attachment, nosniff, no-store) for the viewer
//   POST /documents/:id/approve                    { comment? }
//   POST /documents/:id/reject                     { reason } (becomes a Document comment the player reads)
// Decisions are audited in the same transaction and reach the player as document_status_changed.

export const DOCUMENTS_PAGE_MAX = 100;

const cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a cursor this API returned");

export const documentQueueQuery = z.object({
  status: documentStatus.default("pending"),
  limit: z.coerce.number().int().min(1).max(DOCUMENTS_PAGE_MAX).default(25),
  cursor: cursor.optional(),
});
export type DocumentQueueQuery = z.infer<typeof documentQueueQuery>;

export const documentIdParams = z.object({ id: z.uuid() });

export const staffDocument = z
  .object({
    id: z.uuid(),
    player_guid: z.uuid(),
    player_email: z.string(),
    player_name: z.string().nullable(),
    type: documentType,
    status: documentStatus,
    content_type: documentContentType,
    size_bytes: z.number().int().min(0),
    original_filename: z.string(),
    filename: z.string(),
    created_at: z.string(),
    reviewed_at: z.string().nullable(),
    reviewed_by: z.uuid().nullable(),
    comments: z.array(documentComment),
  })
  .describe("Document (staff view)");
export type StaffDocument = z.infer<typeof staffDocument>;

export const staffDocumentPage = z.object({ items: z.array(staffDocument), next_cursor: z.string().nullable() });
export type StaffDocumentPage = z.infer<typeof staffDocumentPage>;

export const playerDocuments = z.object({
  is_verified: z.boolean(),
  /** Required groups still missing an approved document ("identity", "proof_of_address", …). */
  missing: z.array(z.enum(VERIFICATION_GROUPS)),
  items: z.array(staffDocument),
});
export type PlayerDocuments = z.infer<typeof playerDocuments>;

export const approveDocumentInput = z
  .object({ comment: z.string().trim().max(DOCUMENT_COMMENT_MAX).optional() })
  .strict();
export type ApproveDocumentInput = z.infer<typeof approveDocumentInput>;

export const rejectDocumentInput = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, "is required")
      .max(DOCUMENT_COMMENT_MAX, `must be at most ${DOCUMENT_COMMENT_MAX} characters`),
  })
  .strict();
export type RejectDocumentInput = z.infer<typeof rejectDocumentInput>;
