import { sql } from "drizzle-orm";
import type { Document, DocumentStatus, DocumentType } from "@croupier/contract/entities/documents";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { selectDocumentComments, selectDocumentRows, toDocument } from "./document-rows.ts";

export type ListDocumentsInput = {
  playerGuid: string;
  page: number;
  perPage: number;
  status?: DocumentStatus;
  documentType?: DocumentType;
};

/** The player's own documents, newest first, with their comments (POST /documents). */
export async function listDocuments(db: Db, input: ListDocumentsInput): Promise<{ items: Document[]; pager: Pager }> {
  const where = sql`d.user_guid = ${input.playerGuid}::uuid
    AND (${input.status ?? null}::text IS NULL OR d.status = ${input.status ?? null})
    AND (${input.documentType ?? null}::text IS NULL OR d.type = ${input.documentType ?? null})`;
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM kyc_documents d WHERE ${where}`,
  );
  const rows = await selectDocumentRows(
    db,
    where,
    sql`ORDER BY d.created_at DESC, d.guid DESC LIMIT ${input.perPage} OFFSET ${(input.page - 1) * input.perPage}`,
  );
  const comments = await selectDocumentComments(db, rows.map((r) => r.guid));
  return {
    items: rows.map((row) => toDocument(row, comments.get(row.guid) ?? [])),
    pager: { page: input.page, per_page: input.perPage, total: Number(count?.total ?? 0) },
  };
}
