import { sql } from "drizzle-orm";
import type { DocumentQueueQuery, StaffDocumentPage } from "@croupier/contract/backoffice/documents";
import type { Db } from "@croupier/db/create-database";
import { afterCursor, encodeCursor } from "../money-review/review-cursor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { selectDocumentComments, selectDocumentRows, toStaffDocument } from "./document-rows.ts";

/**
 * The review queue (ADR 023): pending oldest first (first come, first reviewed), other statuses newest
 * first; keyset pages. The read is audited: it lists players' identity documents.
 */
export async function listDocumentQueue(db: Db, actor: AuditActor, query: DocumentQueueQuery): Promise<StaffDocumentPage> {
  const order = query.status === "pending" ? "asc" : "desc";
  const direction = sql.raw(order === "asc" ? "ASC" : "DESC");
  const rows = await selectDocumentRows(
    db,
    sql`d.status = ${query.status} AND ${afterCursor(query.cursor, order, sql`d.created_at`, sql`d.guid`)}`,
    sql`ORDER BY d.created_at ${direction}, d.guid ${direction} LIMIT ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const comments = await selectDocumentComments(db, page.map((r) => r.guid));
  await recordAudit(db, actor, {
    action: "documents.list",
    targetType: "kyc_document",
    details: { status: query.status, rows: page.length, cursor: query.cursor ?? null },
  });
  return {
    items: page.map((row) => toStaffDocument(row, comments.get(row.guid) ?? [])),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.cursor_time, last.guid) : null,
  };
}
