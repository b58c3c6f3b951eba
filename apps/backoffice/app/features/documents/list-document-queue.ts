import { queryOptions } from "@tanstack/react-query";
import { staffDocumentPage, type StaffDocumentPage } from "@croupier/contract/backoffice/documents";
import type { DocumentStatus } from "@croupier/contract/entities/documents";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";

export type DocumentQueueFilters = { status: DocumentStatus };

export const DOCUMENTS_KEY = ["backoffice", "documents"] as const;

/** GET /documents: the review queue (pending oldest first) or the decided documents, newest first. */
export async function listDocumentQueue(p: GridParams<DocumentQueueFilters>, signal?: AbortSignal): Promise<StaffDocumentPage> {
  const query = { status: p.filters.status, limit: p.limit, cursor: p.cursor ?? undefined };
  return (await staffApi().get("/documents", { query, signal, schema: staffDocumentPage })).payload;
}

export const documentQueueQueryOptions = (p: GridParams<DocumentQueueFilters>) =>
  queryOptions({ queryKey: [...DOCUMENTS_KEY, "queue", p], queryFn: ({ signal }) => listDocumentQueue(p, signal) });
