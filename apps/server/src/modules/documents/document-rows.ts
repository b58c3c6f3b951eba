import { sql, type SQL } from "drizzle-orm";
import type { StaffDocument } from "@croupier/contract/backoffice/documents";
import type { Document, DocumentComment } from "@croupier/contract/entities/documents";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** A kyc_documents row as the services read it (the storage key never leaves the server). */
export type DocumentRow = Omit<Document, "comment" | "comments"> & {
  storage_key: string;
  reviewed_by: string | null;
  player_email: string;
  player_name: string | null;
  cursor_time: string;
};

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Documents matching `where` (over d = kyc_documents, u = users) in the order and limit of `tail`. */
export async function selectDocumentRows(executor: SqlExecutor, where: SQL, tail: SQL): Promise<DocumentRow[]> {
  return queryRows<DocumentRow>(
    executor,
    sql`SELECT d.guid, d.user_guid AS customer_guid, d.type, d.status, d.original_filename, d.filename,
               d.storage_key, d.content_type, d.size_bytes, d.reviewed_by,
               ${iso(sql`d.created_at`)} AS created_at, ${iso(sql`d.updated_at`)} AS updated_at,
               CASE WHEN d.reviewed_at IS NULL THEN NULL ELSE ${iso(sql`d.reviewed_at`)} END AS reviewed_at,
               to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time,
               u.email AS player_email,
               NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS player_name
          FROM kyc_documents d
          JOIN users u ON u.guid = d.user_guid
         WHERE ${where}
         ${tail}`,
  );
}

/** The comments of these documents, oldest first, by document guid. */
export async function selectDocumentComments(executor: SqlExecutor, documentGuids: string[]): Promise<Map<string, DocumentComment[]>> {
  const byDocument = new Map<string, DocumentComment[]>();
  if (documentGuids.length === 0) return byDocument;
  const rows = await queryRows<DocumentComment & { document_guid: string }>(
    executor,
    sql`SELECT c.guid, c.document_guid, c.user_guid AS customer_guid, c.manager_guid, c.comment,
               ${iso(sql`c.created_at`)} AS created_at, ${iso(sql`c.updated_at`)} AS updated_at
          FROM kyc_document_comments c
         WHERE c.document_guid IN (${sql.join(
           documentGuids.map((g) => sql`${g}::uuid`),
           sql`, `,
         )})
         ORDER BY c.created_at, c.guid`,
  );
  for (const { document_guid, ...comment } of rows) {
    const list = byDocument.get(document_guid) ?? [];
    list.push(comment);
    byDocument.set(document_guid, list);
  }
  return byDocument;
}

/** The player's view of a row and its comments (seed 001's Document). */
export function toDocument(row: DocumentRow, comments: DocumentComment[]): Document {
  return {
    guid: row.guid,
    comment: comments.at(-1)?.comment ?? null,
    original_filename: row.original_filename,
    filename: row.filename,
    customer_guid: row.customer_guid,
    status: row.status,
    type: row.type,
    content_type: row.content_type,
    size_bytes: Number(row.size_bytes),
    created_at: row.created_at,
    updated_at: row.updated_at,
    reviewed_at: row.reviewed_at,
    comments,
  };
}

/** The staff view of a row (the storage key stays on the server). */
export function toStaffDocument(row: DocumentRow, comments: StaffDocument["comments"]): StaffDocument {
  return {
    id: row.guid,
    player_guid: row.customer_guid,
    player_email: row.player_email,
    player_name: row.player_name,
    type: row.type,
    status: row.status,
    content_type: row.content_type,
    size_bytes: Number(row.size_bytes),
    original_filename: row.original_filename,
    filename: row.filename,
    created_at: row.created_at,
    reviewed_at: row.reviewed_at,
    reviewed_by: row.reviewed_by,
    comments,
  };
}
