import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Document, DocumentType } from "@croupier/contract/entities/documents";
import { AppError } from "../../lib/app-error.ts";
import { isUniqueViolation, queryRows } from "../../lib/sql-executor.ts";
import { hasControlCharacter } from "../../lib/control-characters.ts";
import type { DocumentsContext } from "./documents-context.ts";
import { selectDocumentRows, toDocument } from "./document-rows.ts";
import { sanitizeDocument } from "./sanitize-document.ts";
import { sniffDocumentType } from "./sniff-document-type.ts";

export type UploadDocumentInput = {
  playerGuid: string;
  documentType: DocumentType;
  /** file_name, else the multipart part's filename: kept for display only. */
  originalFilename: string;
  bytes: Buffer;
};

/** Reviewed documents are kept; far more than any honest verification needs, so storage has a bound. */
const DOCUMENTS_PER_PLAYER_MAX = 50;

const pendingConflict = () =>
  new AppError("CONFLICT", "A document of this type is already waiting for review. Delete it first to send another.");

/** A display name: the last path segment, printable, at most 200 characters. */
function displayName(raw: string, extension: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const clean = [...base].filter((ch) => !hasControlCharacter(ch)).join("").trim().slice(0, 200);
  return clean || `document.${extension}`;
}

/**
 * Accepts a KYC document (ADR 023): the type is read from the bytes, images are re-encoded, PDFs are
 * checked; every refusal happens before anything is written. The file is stored encrypted under a random
 * key, then its row is inserted; if the insert fails (a concurrent upload of the same type) the file is
 * removed again, so a refusal never leaves a row or a file behind.
 */
export async function uploadDocument(ctx: DocumentsContext, input: UploadDocumentInput): Promise<Document> {
  if (input.bytes.length === 0) throw new AppError("VALIDATION_ERROR", "The file is empty.", { fields: [{ field: "body.file", message: "is empty" }] });
  const sniffed = sniffDocumentType(input.bytes);
  if (!sniffed)
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "This file is not a JPEG, PNG, HEIC or PDF document (its content decides, not its name). Please upload a photo or a PDF.",
    );
  const [held] = await queryRows<{ total: number; pending: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS total,
               (count(*) FILTER (WHERE type = ${input.documentType} AND status = 'pending'))::int AS pending
          FROM kyc_documents WHERE user_guid = ${input.playerGuid}::uuid`,
  );
  if (held && held.pending > 0) throw pendingConflict();
  if (held && held.total >= DOCUMENTS_PER_PLAYER_MAX)
    throw new AppError("CONFLICT", "You have sent the most documents an account can hold. Please contact support.");

  const clean = await sanitizeDocument(input.bytes, sniffed);
  const id = randomBytes(16).toString("hex");
  const storageKey = `${id.slice(0, 2)}/${id}`;
  const filename = `${randomBytes(12).toString("hex")}.${clean.extension}`;
  await ctx.store.save(storageKey, clean.bytes);
  try {
    const [row] = await queryRows<{ guid: string }>(
      ctx.db,
      sql`INSERT INTO kyc_documents (user_guid, type, original_filename, filename, storage_key, content_type, size_bytes, sha256)
          VALUES (${input.playerGuid}::uuid, ${input.documentType}, ${displayName(input.originalFilename, clean.extension)},
                  ${filename}, ${storageKey}, ${clean.contentType}, ${clean.bytes.length},
                  ${createHash("sha256").update(clean.bytes).digest("hex")})
          RETURNING guid`,
    );
    const [saved] = await selectDocumentRows(ctx.db, sql`d.guid = ${row!.guid}::uuid`, sql``);
    return toDocument(saved!, []);
  } catch (error) {
    await ctx.store.remove(storageKey);
    if (isUniqueViolation(error)) throw pendingConflict();
    throw error;
  }
}
