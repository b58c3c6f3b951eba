import { sql } from "drizzle-orm";
import type { DocumentType } from "@croupier/contract/entities/documents";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import type { DocumentsContext } from "./documents-context.ts";

/**
 * Removes the player's pending document of a type (DELETE /documents/document): the row in one guarded
 * statement (only while still pending, so a decision made meanwhile wins), then its file. Reviewed
 * documents stay: they are the verification's record.
 */
export async function deleteDocument(ctx: DocumentsContext, playerGuid: string, documentType: DocumentType): Promise<{ guid: string }> {
  const [deleted] = await queryRows<{ guid: string; storage_key: string }>(
    ctx.db,
    sql`DELETE FROM kyc_documents
         WHERE user_guid = ${playerGuid}::uuid AND type = ${documentType} AND status = 'pending'
         RETURNING guid, storage_key`,
  );
  if (!deleted) {
    const [reviewed] = await queryRows<{ guid: string }>(
      ctx.db,
      sql`SELECT guid FROM kyc_documents WHERE user_guid = ${playerGuid}::uuid AND type = ${documentType} LIMIT 1`,
    );
    if (reviewed) throw new AppError("CONFLICT", "This document has already been reviewed and can no longer be deleted.");
    throw notFound("There is no document of this type to delete.");
  }
  await ctx.store.remove(deleted.storage_key);
  return { guid: deleted.guid };
}
