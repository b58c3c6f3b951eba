import { sql } from "drizzle-orm";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import type { DocumentsContext } from "./documents-context.ts";

export type DocumentFile = { bytes: Buffer; contentType: string; filename: string; userGuid: string };

/**
 * A document's decrypted bytes. With ownerGuid, only that player's document is found: anyone else's
 * answers the same 404 as a missing one, so guids cannot be probed.
 */
export async function readDocumentFile(ctx: DocumentsContext, documentGuid: string, ownerGuid: string | null): Promise<DocumentFile> {
  const [row] = await queryRows<{ storage_key: string; content_type: string; filename: string; user_guid: string }>(
    ctx.db,
    sql`SELECT storage_key, content_type, filename, user_guid FROM kyc_documents
         WHERE guid = ${documentGuid}::uuid AND (${ownerGuid}::uuid IS NULL OR user_guid = ${ownerGuid}::uuid)`,
  );
  if (!row) throw notFound("No such document.");
  const bytes = await ctx.store.load(row.storage_key);
  if (!bytes) throw notFound("No such document.");
  return { bytes, contentType: row.content_type, filename: row.filename, userGuid: row.user_guid };
}
