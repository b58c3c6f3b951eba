import { z } from "zod";
import { baseMetadata, pager, PER_PAGE_MAX } from "../envelope.ts";

/**
 * KYC documents (seed 001 §Documents, issue #16; ADR 023). The player's calls, all under /api/v1 with the bearer token:
 *
 * - `POST   /api/v1/documents`                 list (seed: "GET /documents … sent as POST with a body filter"):
 *                                               body {@link documentsListBody}; answers {@link documentsListEnvelope}
 *                                               (metadata.page, per_page, total, and is_verified and missing:
 *                                               the required groups still lacking an approved document), newest first.
 * - `POST   /api/v1/documents/document`        upload, multipart/form-data with the fields `document_type`
 *                                               ({@link documentType}), `file_name` (optional, the name to keep) and
 *                                               `file` (the bytes, one file, at most {@link DOCUMENT_MAX_BYTES}; JPEG,
 *                                               PNG, HEIC/HEIF or PDF decided by content). Send the text fields BEFORE
 *                                               the file part. Answers okEnvelope(document) with status "pending".
 *                                               Refusals: 413 PAYLOAD_TOO_LARGE (over 10 MB), 415
 *                                               UNSUPPORTED_MEDIA_TYPE (not one of the four types, or a PDF with
 *                                               scripts/actions/attachments), 409 CONFLICT (a document of this type is
 *                                               already pending: delete it first), 400 VALIDATION_ERROR (fields).
 *                                               A refusal stores nothing.
 * - `DELETE /api/v1/documents/document`        JSON body {@link deleteDocumentBody} (document_type): removes the
 *                                               player's PENDING document of that type (409 CONFLICT once reviewed,
 *                                               404 when none). Answers okEnvelope({ guid }).
 * - `GET    /api/v1/documents/document/:guid/file`  the owner's own file, as an attachment (Content-Disposition,
 *                                               X-Content-Type-Options: nosniff, Cache-Control: no-store); 404 for
 *                                               anyone else's. Images are served re-encoded (HEIC as JPEG).
 *
 * Realtime: a review decision writes `document_status_changed` ({@link documentStatusChanged}) to the player.
 */

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_FILE_NAME_MAX = 200;
export const DOCUMENT_COMMENT_MAX = 1000;

/** Identity (any one of passport, national_id, driving_licence), proof of address, payment-method proof, selfie. */
export const DOCUMENT_TYPES = [
  "passport",
  "national_id",
  "driving_licence",
  "proof_of_address",
  "payment_method",
  "selfie",
] as const;
export const documentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentType>;

/** The identity group: any one approved document of these satisfies "identity" in the required set. */
export const IDENTITY_DOCUMENT_TYPES = ["passport", "national_id", "driving_licence"] as const satisfies readonly DocumentType[];

export const DOCUMENT_STATUSES = ["pending", "approved", "rejected"] as const;
export const documentStatus = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatus>;

/** What the server stores and serves: decided from the bytes, never from the name. */
export const DOCUMENT_CONTENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export const documentContentType = z.enum(DOCUMENT_CONTENT_TYPES);

/** A reviewer's (or the system's) comment on a document; manager_guid is the staff member who wrote it. */
export const documentComment = z
  .object({
    guid: z.uuid(),
    customer_guid: z.uuid(),
    manager_guid: z.uuid().nullable(),
    comment: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe("DocumentComment");
export type DocumentComment = z.infer<typeof documentComment>;

export const document = z
  .object({
    guid: z.uuid(),
    /** The latest reviewer comment (e.g. the rejection reason), null when none. */
    comment: z.string().nullable(),
    /** The name the player gave (file_name, else the uploaded file's name), shown back only. */
    original_filename: z.string(),
    /** The name the file is served under: random, with the extension of its real type. */
    filename: z.string(),
    customer_guid: z.uuid(),
    status: documentStatus,
    type: documentType,
    content_type: documentContentType,
    size_bytes: z.number().int().min(0),
    created_at: z.string(),
    updated_at: z.string(),
    reviewed_at: z.string().nullable(),
    /** Oldest first. */
    comments: z.array(documentComment),
  })
  .describe("Document");
export type Document = z.infer<typeof document>;

/** POST /documents: the seed's page/per_page plus an optional filter (flat or under `filter`). */
export const documentsListBody = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    /** Values above the ceiling are clamped, not refused. */
    per_page: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(20),
    status: documentStatus.optional(),
    document_type: documentType.optional(),
    filter: z
      .object({ status: documentStatus.optional(), document_type: documentType.optional() })
      .optional(),
  })
  .default({ page: 1, per_page: 20 });
export type DocumentsListBody = z.infer<typeof documentsListBody>;
export const DOCUMENTS_PER_PAGE_MAX = PER_PAGE_MAX;

/** The multipart text fields of POST /documents/document (the file part is `file`). */
export const uploadDocumentFields = z.object({
  document_type: documentType,
  file_name: z.string().trim().min(1).max(DOCUMENT_FILE_NAME_MAX).optional(),
});
export type UploadDocumentFields = z.infer<typeof uploadDocumentFields>;

export const deleteDocumentBody = z.object({ document_type: documentType }).strict();
export type DeleteDocumentBody = z.infer<typeof deleteDocumentBody>;

export const documentGuidParams = z.object({ guid: z.uuid() });

/** The operator's required groups (KYC_REQUIRED_DOCUMENTS): any identity document, or one type each. */
export const VERIFICATION_GROUPS = ["identity", "proof_of_address", "payment_method", "selfie"] as const;

/**
 * POST /documents answers the pager plus where the player stands: is_verified, and `missing`, the
 * required groups still without an approved document (the required set is the operator's choice).
 */
export const documentsListEnvelope = z.object({
  status: z.literal("ok"),
  payload: z.array(document),
  metadata: baseMetadata.extend(pager.shape).extend({
    is_verified: z.boolean(),
    missing: z.array(z.enum(VERIFICATION_GROUPS)),
  }),
});

/** Realtime payload of document_status_changed (player room). */
export const documentStatusChanged = z.object({
  document_guid: z.uuid(),
  document_type: documentType,
  status: documentStatus,
  comment: z.string().nullable(),
  is_verified: z.boolean(),
});
export type DocumentStatusChangedPayload = z.infer<typeof documentStatusChanged>;
